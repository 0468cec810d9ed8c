// lastprivate(conditional: x): after the loop x holds the value the
// sequentially last iteration that assigned it gave it, not the last
// iteration's. Iterations assign it under conditions, more than once, with
// ++ and op=, and the loop runs over many blocks and in one warp (target
// simd). Self-checking; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 100000

int main(void) {
  static int a[N];
  for (int i = 0; i < N; ++i)
    a[i] = (i * 7919) % 1000;
  int last_big = -1, count_at = -1, on_device = 0, never = 42;
  float last_f = -1.0f;
  short last_s = -1;
#pragma omp target parallel for map(to: a) \
    lastprivate(conditional: last_big, last_f, never) map(tofrom: on_device)
  for (int i = 0; i < N; ++i) {
    if (a[i] > 990) {
      last_big = i;
      last_f = 0.5f * (float)a[i];
    }
    if (a[i] < 0)
      never = i;
    if (i == 0)
      on_device = !omp_is_initial_device();
  }
#pragma omp target parallel for lastprivate(conditional: count_at) map(to: a)
  for (int i = 0; i < N / 2; ++i)
    if (a[i] == 500) {
      count_at = i;
      count_at += 1000000;
    }
#pragma omp target simd lastprivate(conditional: last_s) map(to: a)
  for (int i = 0; i < 1000; ++i)
    if (a[i] % 97 == 3)
      last_s = (short)(a[i] - 2000);
  printf("last_big %d last_f %.1f never %d count_at %d last_s %d\n", last_big,
         last_f, never, count_at, last_s);
  int expect_big = -1, expect_at = -1;
  for (int i = 0; i < N; ++i)
    if (a[i] > 990)
      expect_big = i;
  for (int i = 0; i < N / 2; ++i)
    if (a[i] == 500)
      expect_at = i + 1000000;
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return !(last_big == expect_big && never == 42 && count_at == expect_at);
}
