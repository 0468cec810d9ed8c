// Team-local arrays past the 48 KiB of static shared memory a kernel may
// declare (issue 9 point 3): their slots go to the team's block of dynamic
// shared memory when the device's opt-in limit holds them (64 KiB here),
// else to global memory, a block per team that the stub allocates (300 KiB
// here: more than any GPU's shared memory). The third region keeps its
// small slots (team-master locals of a control loop, the team's copy of a
// firstprivate) in static shared memory; --data-sharing=global moves them
// too (ctest exec_global.data_sharing_budget). Results do not depend on how
// many teams or threads run; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define SMALL 16384 // ints: 64 KiB per team
#define LARGE 76800 // ints: 300 KiB per team
#define NCH 6

long long sums[NCH], big_sums[NCH], steps[4];

int main(void) {
  int on_device = 0;

  // 1. A 64 KiB tile per team: past static shared memory.
#pragma omp target teams num_teams(3) thread_limit(128) map(from: sums)     \
    map(tofrom: on_device)
  {
    int tile[SMALL];
#pragma omp parallel
    {
      int t = omp_get_thread_num(), nt = omp_get_num_threads();
      if (omp_get_team_num() == 0 && t == 0)
        on_device = !omp_is_initial_device();
      for (int ch = omp_get_team_num(); ch < NCH; ch += omp_get_num_teams()) {
        for (int k = t; k < SMALL; k += nt)
          tile[k] = (k * 7 + ch) % 1000;
#pragma omp barrier
        if (t == 0) {
          long long s = 0;
          for (int k = 0; k < SMALL; k++)
            s += tile[SMALL - 1 - k] * (long long)(k % 5);
          sums[ch] = s;
        }
#pragma omp barrier
      }
    }
  }

  // 2. A 300 KiB array per team: past any device's shared memory.
#pragma omp target teams num_teams(2) thread_limit(64) map(from: big_sums)
  {
    int big[LARGE];
#pragma omp parallel
    {
      int t = omp_get_thread_num(), nt = omp_get_num_threads();
      for (int ch = omp_get_team_num(); ch < NCH; ch += omp_get_num_teams()) {
        for (int k = t; k < LARGE; k += nt)
          big[k] = (k * 3 + ch * 11) % 977;
#pragma omp barrier
        if (t == 0) {
          long long s = 0;
          for (int k = 0; k < LARGE; k += 3)
            s += big[LARGE - 1 - k];
          big_sums[ch] = s;
        }
#pragma omp barrier
      }
    }
  }

  // 3. Small slots: a control loop whose team master's locals and the
  // team's copy of the firstprivate scale its threads share.
  int scale = 3;
#pragma omp target teams num_teams(1) thread_limit(64) map(from: steps)     \
    firstprivate(scale)
  {
    long long acc = 0;
    int round = 0, nthr = 0;
    while (round < 4) {
      int base = round * 10;
      if (round == 2)
        scale = 5; // the team master changes the team's copy
#pragma omp parallel
      {
        if (omp_get_thread_num() == 0)
          nthr = omp_get_num_threads();
#pragma omp atomic
        acc += base + scale + (omp_get_thread_num() == 0);
      }
      // Each thread added base + scale, thread 0 one more.
      steps[round] = acc - (long long)(base + scale) * (nthr - 1);
      acc = 0;
      round++;
    }
  }

  long long total = 0, big_total = 0;
  for (int i = 0; i < NCH; i++) {
    total += sums[i];
    big_total += big_sums[i];
  }
  printf("tiles: total %lld, first %lld, last %lld\n", total, sums[0],
         sums[NCH - 1]);
  printf("big arrays: total %lld, first %lld, last %lld\n", big_total,
         big_sums[0], big_sums[NCH - 1]);
  printf("control loop: %lld %lld %lld %lld\n", steps[0], steps[1], steps[2],
         steps[3]);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
