// Target regions in the control-loop form (issue 9 point 2; seed 000 §3.2):
// team-master code that only the team master may run, because it has side
// effects around its parallel regions, asks which thread it is, or shares
// the address of its own variables, with the team's threads led through
// each parallel region by one loop around one barrier.
//  1. a time-step loop whose team-master code writes the mapped result
//     between two parallel loops (seed 000 Fig. 1 with side effects);
//  2. seed 004 Fig. 2: a distribute loop whose iteration variable the
//     parallel for takes firstprivate, a team local reduced by it, and an
//     inner simd loop;
//  3. a convergence loop: the parallel for computes the residual, the team
//     master decides whether to go on;
//  4. team-master code that asks for its thread number and hands a pointer
//     to its own array to the parallel region;
//  5. a distribute loop whose team master runs passes of parallel loops
//     with stores between them (the team master's loop variable, and a
//     team local each thread's firstprivate copy starts from).
// The results do not depend on how many teams or threads run; stderr says
// where it ran.
#include <omp.h>
#include <stdio.h>

#define N 64
#define S 8

double u[N], v[N], trace[S];
int a[S][N][4], tmps[S];
double x[N], rhs[N];
int hist[4], hist_total, master_tid;
int rows[S * N], rowsum[S];

int main(void) {
  int on_device = 0, i, j, k;
  for (i = 0; i < N; i++) {
    u[i] = i % 7;
    rhs[i] = (i % 5) + 1.0;
    x[i] = 0.0;
  }
  for (i = 0; i < S; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < 4; k++)
        a[i][j][k] = i + j + k;

  /* 1. Side effects between the parallel loops of each step. */
#pragma omp target map(tofrom: u, trace, on_device) map(alloc: v)
  {
    for (int step = 0; step < S; step++) {
#pragma omp parallel for
      for (int q = 1; q < N - 1; q++)
        v[q] = (u[q - 1] + u[q] + u[q + 1]) / 3.0;
      trace[step] = v[N / 2]; // the team master alone
#pragma omp parallel for
      for (int q = 1; q < N - 1; q++)
        u[q] = v[q];
    }
    on_device = !omp_is_initial_device();
  }
  double su = 0;
  for (i = 0; i < N; i++)
    su += u[i] * (i % 3);
  printf("time steps: %.6f, trace %.6f %.6f\n", su, trace[0], trace[S - 1]);

  /* 2. Seed 004 Fig. 2. */
#pragma omp target teams num_teams(4) thread_limit(64) map(tofrom: a, tmps)
  {
#pragma omp distribute
    for (int r = 0; r < S; r++) {
      int tmp = 0;
#pragma omp parallel for firstprivate(r) reduction(+: tmp)
      for (int c = 0; c < N; c++) {
        tmp += c + r;
#pragma omp simd
        for (int d = 0; d < 4; d++)
          a[r][c][d] *= 2;
      }
      tmps[r] = tmp; // the team master's store
    }
  }
  long long sa = 0;
  for (i = 0; i < S; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < 4; k++)
        sa += a[i][j][k];
  printf("seed 004 Fig. 2: sum %lld, tmp[0] %d, tmp[%d] %d\n", sa, tmps[0],
         S - 1, tmps[S - 1]);

  /* 3. Iterate until the residual is small: Jacobi on a diagonal system. */
  int iterations = 0;
#pragma omp target teams num_teams(1) map(tofrom: x, iterations) map(to: rhs)
  {
    double err = 1.0;
    int it = 0;
    while (err > 1e-9 && it < 100) {
      err = 0.0;
#pragma omp parallel for reduction(max: err)
      for (int q = 0; q < N; q++) {
        double nx = 0.5 * x[q] + 0.25 * rhs[q];
        double d = nx > x[q] ? nx - x[q] : x[q] - nx;
        x[q] = nx;
        err = d > err ? d : err;
      }
      it++;
    }
    iterations = it;
  }
  double sx = 0;
  for (i = 0; i < N; i++)
    sx += x[i];
  printf("converged after %d iterations: sum %.9f\n", iterations, sx);

  /* 4. The team master's thread number and its own array's address. */
#pragma omp target map(tofrom: hist, hist_total, master_tid)
  {
    int local[4];
    for (int b = 0; b < 4; b++)
      local[b] = 0;
    int *p = local;
    master_tid = omp_get_thread_num();
#pragma omp parallel for
    for (int q = 0; q < N; q++) {
#pragma omp atomic
      p[q % 4] += q;
    }
    for (int b = 0; b < 4; b++) {
      hist[b] = local[b];
      hist_total += local[b];
    }
  }
  printf("histogram %d %d %d %d, total %d, master thread %d\n", hist[0],
         hist[1], hist[2], hist[3], hist_total, master_tid);

  /* 5. Passes of parallel loops inside a distribute loop. */
  for (i = 0; i < S * N; i++)
    rows[i] = i % 11;
#pragma omp target teams num_teams(3) thread_limit(32) map(tofrom: rows, rowsum)
  {
#pragma omp distribute
    for (int r = 0; r < S; r++) {
      int base = r * N;
      rowsum[r] = 0;
      for (int pass = 0; pass < 3; pass++) {
#pragma omp parallel for firstprivate(base)
        for (int c = 0; c < N; c++)
          rows[base + c] += c * pass + r;
        rowsum[r] += rows[base + pass];
      }
    }
  }
  long long sr = 0;
  for (i = 0; i < S * N; i++)
    sr += rows[i] * (i % 5);
  printf("passes: rows %lld, rowsum[0] %d, rowsum[%d] %d\n", sr, rowsum[0],
         S - 1, rowsum[S - 1]);

  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
