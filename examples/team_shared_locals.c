// Team-master locals shared with the team's threads (issue 9 point 3, seed
// 004 §3.3 "Level 0"): a counter that a parallel region updates atomically,
// a buffer the team master picks and a value it computes, both with side
// effects; each lives in shared memory, one per team as OpenMP has it. The results do not depend on how many teams or threads
// run; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 4096
#define TEAMS 8

int in[N];
long long team_total[TEAMS], work[TEAMS * N];
int team_count[TEAMS];

static int scaled(int *calls, int v) {
  ++*calls; // a side effect: the team master alone makes the call
  return 3 * v;
}

static long long *pick(int *calls, long long *pool, int team) {
  ++*calls;
  return pool + (long long)team * N;
}

int main(void) {
  // One counter per team: the team masters of all teams run at once on a GPU
  // (one shared counter, incremented without an atomic, lost counts on an
  // H100; under emu and on the host the teams ran one after another).
  int on_device = 0, calls[TEAMS] = {0}, teams_seen = 0;
  for (int i = 0; i < N; i++)
    in[i] = (i * 29) % 17 - 8;
#pragma omp target map(from: on_device)
  on_device = !omp_is_initial_device();

#pragma omp target teams num_teams(TEAMS) map(to: in) \
    map(from: team_total, team_count) map(tofrom: calls, teams_seen) map(alloc: work)
  {
    int team = omp_get_team_num(), nteams = omp_get_num_teams();
    int count = 0; // the parallel region counts into the team's copy
    long long *buf = pick(&calls[team], work, team);
    int k = scaled(&calls[team], team + 1);
#pragma omp parallel
    {
#pragma omp for
      for (int i = team; i < N; i += nteams) {
        buf[i] = (long long)in[i] * k;
        if (in[i] > 0) {
#pragma omp atomic
          count += 1;
        }
      }
    }
    long long s = 0;
    for (int i = team; i < N; i += nteams)
      s += buf[i];
    if (team < TEAMS) {
      team_total[team] = s;
      team_count[team] = count;
    }
    if (team == 0)
      teams_seen = nteams;
  }

  long long total = 0;
  int positives = 0, all_calls = 0;
  for (int t = 0; t < teams_seen && t < TEAMS; t++) {
    total += team_total[t];
    positives += team_count[t];
    all_calls += calls[t];
  }
  printf("teams: total %lld, positives %d, two calls per team: %d\n", total,
         positives, all_calls == 2 * teams_seen);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
