// `scope` (OpenMP 5.1) inside parallel regions of target regions: a scope
// around a worksharing loop (the OpenMP_VV test's shape), scopes with
// private and reduction items (a mapped scalar and a team's
// local), and a scope with nowait whose loop the next scope does not wait
// for. The values are integers. stderr says where it ran.
// clang 19 cannot compile `scope` in the host fallback ("cannot compile
// this scope with FE outlining yet"):
// exec-host-compiler: g++
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void) {
  int total = 0, sum = 0, first[N], second[N], on_device = 0;
  long prod = 1;
  int team_sums[4];

  /* 1. A scope around a loop, and a scope reduction into a mapped scalar. */
#pragma omp target parallel map(tofrom: total, sum, prod, on_device) \
    map(from: first, second)
  {
    if (omp_get_thread_num() == 0)
      on_device = !omp_is_initial_device();
#pragma omp scope
    {
#pragma omp for
      for (int i = 0; i < N; ++i) {
#pragma omp atomic update
        ++total;
        first[i] = i;
      }
    }
#pragma omp scope reduction(+ : sum) reduction(* : prod)
    {
#pragma omp for
      for (int i = 0; i < N; ++i) {
        sum += first[i];
        if (i % 100 == 0)
          prod *= 3;
      }
    }
#pragma omp scope nowait
    {
#pragma omp for nowait
      for (int i = 0; i < N; ++i)
        second[i] = 2 * i;
    }
  }
  printf("1. total %d sum %d prod %ld second[N-1] %d\n", total, sum, prod,
         second[N - 1]);

  /* 2. A team's local reduced by a scope around a loop, whose private
     copy leaves the original as it was. */
#pragma omp target teams num_teams(4) thread_limit(64) map(from: team_sums)
  {
    int s = 0, scratch = 7, base = 100 * omp_get_team_num();
#pragma omp parallel
    {
#pragma omp scope private(scratch) reduction(+ : s)
      {
#pragma omp for
        for (int i = 0; i < 50; ++i) {
          scratch = i % 5;
          s += base + scratch;
        }
      }
    }
    team_sums[omp_get_team_num()] = s + scratch;
  }
  for (int t = 0; t < 4; ++t)
    printf("2. team %d: %d\n", t, team_sums[t]);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
