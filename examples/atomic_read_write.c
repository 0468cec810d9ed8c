// `atomic read` and `atomic write` in device code: a spin-wait on an atomic
// read must see the write another thread makes, and what that thread wrote
// before a release (or seq_cst) write is visible after the acquiring read.
// A plain load in the loop may be kept in a register (on a GPU the program
// would never end), and under the emulation the waiting thread must let the
// writer run. Both hand-offs run in either direction: thread 0 waits for
// thread 1, then thread 1 for thread 0, and one thread per team of several
// teams waits for its team's last thread. Last, atomics inside a critical
// section of 64 threads.
// Self-checking; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define TEAMS 8
#define STEPS 16

int main(void) {
  int flag = 0, data = 0, seen = -1, on_device = 0;
  int team_flag[TEAMS] = {0}, team_data[TEAMS] = {0}, team_seen[TEAMS] = {0};
  long long total = 0;

#pragma omp target parallel num_threads(2) \
    map(tofrom: flag, data, seen, on_device)
  {
    int me = omp_get_thread_num();
    if (me == 0)
      on_device = !omp_is_initial_device();
    // Step s: thread s % 2 writes, the other one waits for flag == s + 1.
    for (int s = 0; s < STEPS; ++s) {
      if (me == s % 2) {
        data = data * 3 + s;
#pragma omp atomic write release
        flag = s + 1;
      } else {
        int f = 0;
        while (f != s + 1) {
#pragma omp atomic read acquire
          f = flag;
        }
        seen = data;
      }
    }
  }

#pragma omp target teams num_teams(TEAMS) thread_limit(64) \
    map(tofrom: team_flag, team_data, team_seen, total)
#pragma omp parallel num_threads(64)
  {
    int t = omp_get_team_num(), me = omp_get_thread_num();
    int last = omp_get_num_threads() - 1;
    if (me == last) {
      team_data[t] = 100 * t + last;
#pragma omp atomic write seq_cst
      team_flag[t] = 1;
    } else if (me == 0) {
      int f = 0;
      while (!f) {
#pragma omp atomic read seq_cst
        f = team_flag[t];
      }
      team_seen[t] = team_data[t];
#pragma omp atomic seq_cst
      total += team_seen[t];
    }
  }

  // Atomics inside a critical section: under the emulation the holder
  // switches away at its atomic read, and the threads waiting for the lock
  // must let it run again.
  int turns = 0, sum = 0;
#pragma omp target parallel num_threads(64) map(tofrom: turns, sum)
  {
#pragma omp critical
    {
      int f;
#pragma omp atomic read
      f = turns;
      sum += f + 1;
#pragma omp atomic write
      turns = f + 1;
    }
  }

  int ok = 1;
  for (int t = 0; t < TEAMS; ++t)
    ok &= team_seen[t] == 100 * t + 63;
  printf("data %d seen %d flag %d teams %s total %lld\n", data, seen, flag,
         ok ? "ok" : "wrong", total);
  printf("critical: turns %d sum %d\n", turns, sum);
  if (on_device)
    fprintf(stderr, "ran on the device\n");
  return 0;
}
