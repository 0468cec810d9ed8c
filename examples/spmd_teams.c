// Target regions with nested constructs in the SPMD form (issue 9 point 6):
// no state machine, every GPU thread runs the team-master code itself.
//  1. target teams distribute + parallel for, block per row: y = A x, the
//     row's dot product reduced over the block's threads, the team master's
//     stores on thread 0;
//  2. seed 000 Fig. 1: target teams { double pi = 3.14; distribute parallel
//     for }, pi computed by every thread (no shared memory);
//  3. target parallel with two worksharing loops, the second reading what
//     other threads wrote in the first (its closing barrier);
//  4. target with a time-step loop of team-master code around two parallel
//     fors.
// The results do not depend on how many teams or threads run; stderr says
// where it ran.
#include <omp.h>
#include <stdio.h>

#define N 48
#define M 300

double A[N * M], x[M], y[N], a[M], b[M], c[M], u[M], v[M];
int positive[N], src[64], tmp[64], shifted[64];

int main(void) {
  int on_device = 0, i, j;
  for (i = 0; i < N * M; i++)
    A[i] = (i % 17) * 0.25 - 2.0; // sums of these are exact in any order
  for (j = 0; j < M; j++) {
    x[j] = (j % 5) + 1;
    b[j] = j;
    c[j] = 2 * j + 1;
    u[j] = j % 7;
  }
  for (j = 0; j < 64; j++)
    src[j] = j * j;

  /* 1. One team per row, its threads share the columns. */
#pragma omp target teams distribute thread_limit(64) map(to: A, x) \
    map(from: y, positive) map(tofrom: on_device)
  for (int r = 0; r < N; r++) {
    const double *row = &A[r * M];
    double dot = 0.0;
    int count = 0;
#pragma omp parallel for reduction(+: dot, count)
    for (int k = 0; k < M; k++) {
      dot += row[k] * x[k];
      count += row[k] > 0;
    }
    y[r] = dot;
    positive[r] = count;
    if (r == 0)
      on_device = !omp_is_initial_device();
  }
  double sy = 0;
  int sp = 0;
  for (i = 0; i < N; i++) {
    sy += y[i];
    sp += positive[i];
  }
  printf("y = A x: sum %.2f, positive entries %d, y[7] = %.2f\n", sy, sp, y[7]);

  /* 2. Seed 000 Fig. 1. */
#pragma omp target teams map(to: b, c) map(from: a)
  {
    double pi = 3.14;
#pragma omp distribute parallel for
    for (int k = 0; k < M; k++)
      a[k] = b[k] + c[k] * pi;
  }
  printf("seed 000 Fig. 1: a[0] = %.2f, a[%d] = %.2f\n", a[0], M - 1, a[M - 1]);

  /* 3. Two worksharing loops in one parallel region. */
#pragma omp target parallel num_threads(32) map(to: src) map(alloc: tmp) \
    map(from: shifted)
  {
#pragma omp for
    for (int k = 0; k < 64; k++)
      tmp[k] = 3 * src[k];
#pragma omp for
    for (int k = 0; k < 64; k++)
      shifted[k] = tmp[(k + 1) % 64] - k;
  }
  long long ss = 0;
  for (j = 0; j < 64; j++)
    ss += shifted[j] * (j + 1);
  printf("parallel + for + for: checksum %lld\n", ss);

  /* 4. A time-step loop around parallel fors. */
#pragma omp target map(tofrom: u) map(alloc: v)
  {
    for (int step = 0; step < 8; step++) {
#pragma omp parallel for
      for (int k = 1; k < M - 1; k++)
        v[k] = (u[k - 1] + u[k] + u[k + 1]) / 3.0;
#pragma omp parallel for
      for (int k = 1; k < M - 1; k++)
        u[k] = v[k];
    }
  }
  double su = 0;
  for (j = 0; j < M; j++)
    su += u[j] * (j % 3);
  printf("time steps: %.6f\n", su);

  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
