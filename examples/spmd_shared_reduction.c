/* Reductions on constructs nested in a target region, over a variable the
   team shares: a mapped scalar (target parallel + for reduction, as OpenMP_VV's
   loop-reduction tests write it) and a team-local variable that the parallel
   threads share (teams + parallel + for reduction). Each thread reduces into
   its own partial; the team's result goes into the variable atomically.
   stderr says where it ran. */
#include <omp.h>
#include <stdio.h>

#define N 5000

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  static int a[N], seen[N];
  for (int i = 0; i < N; ++i)
    a[i] = i % 11;
  int total = 0;
  long prod_ok = 0;
#pragma omp target parallel num_threads(64) map(tofrom: total, a, seen)
  {
#pragma omp for reduction(+: total)
    for (int x = 0; x < N; ++x)
      total += a[x];
#pragma omp for
    for (int x = 0; x < N; ++x)
      seen[x] = total; /* after the construct's barrier: the whole sum */
  }
  int team_max[4] = {0, 0, 0, 0}, teams = 0;
#pragma omp target teams num_teams(4) thread_limit(32) map(tofrom: a, team_max, teams)
  {
    if (omp_get_team_num() == 0)
      teams = omp_get_num_teams(); /* the host may make fewer */
    int m = -1;
#pragma omp parallel
    {
#pragma omp for reduction(max: m)
      for (int x = 0; x < N; ++x)
        if (a[x] + omp_get_team_num() > m)
          m = a[x] + omp_get_team_num();
    }
    team_max[omp_get_team_num()] = m;
  }
  for (int i = 0; i < N; ++i)
    prod_ok += seen[i] == total;
  int teams_ok = teams >= 1;
  for (int t = 0; t < teams; ++t)
    teams_ok = teams_ok && team_max[t] == 10 + t;
  printf("spmd_shared_reduction: total=%d seen_ok=%ld teams_ok=%d\n", total,
         prod_ok, teams_ok);
  fprintf(stderr, "spmd_shared_reduction: ran on %s\n",
          ran_on_device() ? "device" : "host");
  return 0;
}
