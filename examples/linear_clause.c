// linear(j[: step]) on grid-stride kernels: each iteration's private j is
// the start value plus the logical iteration number times the step, and
// after the construct j holds the sequentially last iteration's value (as
// after lastprivate). OpenMP 5.2 §17.2 maps a linear item of a combined
// target construct tofrom; the program maps it explicitly, as the host
// compilers need (GCC 12 gets linear on target constructs wrong, so this
// example's reference is clang-19: see tests/exec/run_exec_test.sh).
// exec-reference: clang
// Self-checking; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void) {
  static int a[N], b[2 * N], c[N];
  static long d[N];
  int j = 0, k = 7, m = 100, on_device = 0;
  long w = -5;
  unsigned u = 10;
  int st = 3;
  for (int i = 0; i < N; ++i)
    a[i] = c[i] = 0, d[i] = 0;
  for (int i = 0; i < 2 * N; ++i)
    b[i] = 0;

  // Unit step, read-only in the body: the last iteration's value is
  // j0 + (N - 1).
#pragma omp target parallel for linear(j) map(tofrom: a, j, on_device)
  for (int i = 0; i < N; ++i) {
    a[i] = j;
    if (i == 0)
      on_device = !omp_is_initial_device();
  }
  printf("j %d a[0] %d a[N-1] %d\n", j, a[0], a[N - 1]);

  // An induction variable the body advances: iteration i starts at
  // k0 + 2 * i and ends at k0 + 2 * (i + 1).
#pragma omp target parallel for simd linear(k: 2) map(tofrom: b, k)
  for (int i = 0; i < N; ++i) {
    b[k - 7] += 1;
    k += 2;
  }
  int hits = 0;
  for (int i = 0; i < 2 * N; ++i)
    hits += b[i] * (i % 2 == 0 ? 1 : -1000);
  printf("k %d hits %d\n", k, hits);

  // OpenMP 5.2 syntax, a step from a variable, a loop counting down by 2,
  // and a negative step on a long. (clang-19 takes a variable step as 0
  // unless the variable is firstprivate on the construct.)
#pragma omp target parallel for linear(m: step(st)) linear(w: -4) \
    map(tofrom: c, d, m, w) firstprivate(st)
  for (int i = N - 1; i >= 0; i -= 2) {
    c[i] = m;
    d[i] = w;
  }
  printf("m %d w %ld c[N-1] %d c[1] %d d[1] %ld\n", m, w, c[N - 1], c[1], d[1]);

  // target simd, an unsigned item, schedule chunks and collapse.
#pragma omp target simd linear(u: 5) map(tofrom: a, u)
  for (int i = 0; i < 64; ++i)
    a[i] = (int)u;
  printf("u %u a[63] %d\n", u, a[63]);
  j = 1;
#pragma omp target parallel for collapse(2) schedule(static, 3) linear(j: 2) \
    map(tofrom: c, j)
  for (int x = 0; x < 10; ++x)
    for (int y = 0; y < 20; ++y)
      c[x * 20 + y] = j;
  printf("j %d c[0] %d c[21] %d c[199] %d\n", j, c[0], c[21], c[199]);

  // Already on the device, where an earlier region changed it: the
  // iterations start from the device's copy.
  j = 50;
#pragma omp target data map(tofrom: j)
  {
#pragma omp target map(tofrom: j)
    j += 10;
#pragma omp target parallel for linear(j: 10) map(tofrom: a, j)
    for (int i = 0; i < 5; ++i)
      a[i] = j;
  }
  printf("after data j %d a[0] %d a[4] %d\n", j, a[0], a[4]);

  int ok = a[0] == 60 && a[4] == 100 && j == 100 && k == 7 + 2 * N && hits == N &&
           m == 100 + 3 * (N / 2 - 1) && w == -5 - 4 * (N / 2 - 1) &&
           u == 10 + 5 * 63 && c[199] == 1 + 2 * 199;
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return !ok;
}
