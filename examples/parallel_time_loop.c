// A parallel region whose own loop runs worksharing loops round after
// round: the last loop of a round keeps its closing barrier, because the
// next round's first loop overwrites what it reads (emu printed another sum
// than the host before the barrier was kept).
#include <omp.h>
#include <stdio.h>

#define N 4096

int main(void) {
  static int a[N], b[N];
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 0;
  }
  int on_device = 0;
#pragma omp target map(tofrom: a, b, on_device)
  {
    on_device = !omp_is_initial_device();
#pragma omp parallel
    for (int t = 0; t < 20; t++) {
#pragma omp for
      for (int i = 0; i < N; i++)
        b[i] = a[i] + 1;
#pragma omp for
      for (int i = 0; i < N; i++)
        a[i] = b[(i + 1) % N] % 1000;
    }
  }
  long s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] * (long)(i % 7);
  printf("sum %ld\n", s);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
