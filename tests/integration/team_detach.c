// Nowait constructs with depend in a parallel team of three threads, each
// thread a chain (enter data, a target region, exit data, all nowait with
// depend) and a host task behind it, then taskwait (found in review): with
// detached host tasks clang-19's libomp hung at the taskwait in 8-10 of 10
// runs, with threads spinning on a lock no thread held; a plain OpenMP
// program of the same shape hangs too (docs/async.md). team_detach.sh runs
// it at each O2C_INLINE_ISSUE level; every run must finish and print
// "sum 12096" (three threads, each 2 * (0 + ... + 63)).
#include <omp.h>
#include <stdio.h>

enum { N = 64 };

static double sum(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i];
  return s;
}

static double in_team(void) {
  double tot = 0;
#pragma omp parallel num_threads(3) reduction(+ : tot)
  {
    double v[N];
    for (int i = 0; i < N; ++i)
      v[i] = i;
#pragma omp target enter data map(to: v[0:N]) nowait depend(out: v[0:N])
#pragma omp target teams distribute parallel for nowait depend(inout: v[0:N])
    for (int i = 0; i < N; ++i)
      v[i] *= 2;
#pragma omp target exit data map(from: v[0:N]) nowait depend(inout: v[0:N])
    double s = 0;
#pragma omp task depend(in: v[0:N]) shared(v, s)
    s = sum(v, N);
#pragma omp taskwait
    tot += s;
  }
  return tot;
}

int main(void) {
  double x = 0;
  int bad = 0;
  for (int r = 0; r < 50; ++r) {
    x = in_team();
    bad += x != 12096;
  }
  printf("sum %g bad %d\n", x, bad);
  return bad != 0;
}
