// Where the device's OpenMP answers must come from (issue 14, points 1-2),
// checked so that the result does not depend on how many teams or threads
// the implementation picks:
//  - firstprivate on `target teams distribute`: one copy per team, which
//    lives over all of that team's iterations;
//  - omp_* calls in a loop bound, inside a macro's own body and inside a
//    function the device calls, are the device's (the host's say 1 team,
//    thread 0).
// stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 256
#define MY_THREAD omp_get_thread_num()

int A[N], Team[N], Thr[N], Mine[N];

/* Called on both sides: the OpenMP API answers for the side it runs on. */
int where(void) { return omp_get_team_num() * 1000 + omp_get_thread_num(); }

int main(void) {
  int x = 5, i, ok, nteams = 0, on_device = 0;

#pragma omp target teams distribute firstprivate(x) map(from: A, Team, Thr)
  for (i = 0; i < N; i++) {
    A[i] = x;
    x += 3;
    Team[i] = omp_get_team_num();
    Thr[i] = omp_get_thread_num();
  }
  {
    static int next[N * 64];
    for (i = 0; i < N * 64; i++)
      next[i] = 5;
    ok = 1;
    for (i = 0; i < N; i++) {
      ok = ok && Thr[i] == 0 && Team[i] < N * 64 && A[i] == next[Team[i]];
      next[Team[i]] += 3;
    }
    printf("firstprivate per team: %s\n", ok ? "PASS" : "FAIL");
  }

  for (i = 0; i < N; i++)
    A[i] = 0;
#pragma omp target teams distribute num_teams(4) map(tofrom: A, nteams)
  for (i = 0; i < omp_get_num_teams(); i++) {
    A[i] = 1;
    if (i == 0)
      nteams = omp_get_num_teams();
  }
  ok = nteams >= 1 && nteams <= 4;
  for (i = 0; i < N; i++)
    ok = ok && A[i] == (i < nteams);
  printf("omp_get_num_teams() in the loop bound: %s\n", ok ? "PASS" : "FAIL");

  for (i = 0; i < N; i++)
    Mine[i] = -1;
#pragma omp target parallel num_threads(8) map(tofrom: Mine, on_device)
  {
    Mine[MY_THREAD] = MY_THREAD;
    if (MY_THREAD == 0)
      on_device = !omp_is_initial_device();
  }
  ok = Mine[0] == 0;
  for (i = 0; i < N; i++)
    ok = ok && (Mine[i] == -1 || Mine[i] == i);
  printf("omp_get_thread_num() from a macro: %s\n", ok ? "PASS" : "FAIL");

#pragma omp target teams distribute parallel for num_teams(2) thread_limit(32) \
    map(from: Mine)
  for (i = 0; i < N; i++)
    Mine[i] = where();
  ok = 1;
  for (i = 0; i < N; i++)
    ok = ok && Mine[i] % 1000 < 32 && Mine[i] / 1000 < 2;
  printf("OpenMP API in a called function: %s, on the host: %d\n",
         ok ? "PASS" : "FAIL", where());

  /* The device's nteams-var and teams-thread-limit-var: their initial
     value, 0, as the host's are without OMP_NUM_TEAMS and
     OMP_TEAMS_THREAD_LIMIT. */
  {
    int max_teams = -1, teams_limit = -1;
#pragma omp target map(tofrom: max_teams, teams_limit)
    {
      max_teams = omp_get_max_teams();
      teams_limit = omp_get_teams_thread_limit();
    }
    printf("omp_get_max_teams() %d, omp_get_teams_thread_limit() %d\n",
           max_teams, teams_limit);
  }
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
