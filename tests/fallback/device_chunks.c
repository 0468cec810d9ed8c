/* Chunk sizes OpenMP evaluates in the target region, on the device's data
   (review rG t22/t25/t23): a mapped array element an earlier region set,
   and a declare target global, stay on the host [omp2cuda-host-clause]
   (the stub would read the host's stale values); a local scalar the region
   takes by value is the same in the stub and stays on the device. */
#include <omp.h>
#include <stdio.h>

#define N 20

#pragma omp declare target
int gchunk = 2;
#pragma omp end declare target

static void show(const char *what, const int *team) {
  printf("%s:", what);
  for (int i = 0; i < N; i++)
    printf(" %d", team[i]);
  printf("\n");
}

int main(void) {
  int cfg[1] = {2}, team[N], thr[N], nthr[N], c = 3;
#pragma omp target data map(tofrom: cfg)
  {
#pragma omp target
    cfg[0] = 5;
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(1) \
    dist_schedule(static, cfg[0]) map(from: team, thr)
    for (int i = 0; i < N; i++) {
      team[i] = omp_get_team_num();
      thr[i] = omp_get_thread_num();
    }
    show("dist_schedule(cfg[0])", team);
#pragma omp target teams distribute parallel for num_teams(1) thread_limit(2) \
    dist_schedule(static) schedule(static, cfg[0]) map(from: team, thr, nthr)
    for (int i = 0; i < N; i++) {
      team[i] = omp_get_team_num();
      thr[i] = omp_get_thread_num();
      nthr[i] = omp_get_num_threads();
    }
    show("schedule(cfg[0])", team);
#pragma omp target map(from: team)
#pragma omp teams distribute num_teams(2) dist_schedule(static, cfg[0])
    for (int i = 0; i < N; i++)
      team[i] = omp_get_team_num();
    show("split dist_schedule(cfg[0])", team);
    /* Chunks of 5 (not 2) over the threads (one team: libomp's limit of
       threads per team is the cores over the teams, and it warns). */
    printf("chunks of 5:");
    for (int i = 0; i < N; i++)
      printf(" %d", thr[i] == (i / 5) % nthr[i]);
    printf("\n");
  }
#pragma omp target
  gchunk = 3;
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(1) \
    dist_schedule(static, gchunk) map(from: team, thr)
  for (int i = 0; i < N; i++) {
    team[i] = omp_get_team_num();
    thr[i] = omp_get_thread_num();
  }
  show("dist_schedule(gchunk)", team);
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(1) \
    dist_schedule(static, c) map(from: team, thr)
  for (int i = 0; i < N; i++) {
    team[i] = omp_get_team_num();
    thr[i] = omp_get_thread_num();
  }
  show("dist_schedule(c)", team);
  printf("cfg=%d\n", cfg[0]);
  return 0;
}
