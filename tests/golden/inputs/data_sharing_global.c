// --data-sharing=global (issue 9 point 3): every data-sharing slot in the
// team's block of global memory, even small ones. A control loop whose team
// master's locals and the team's copy of a firstprivate its threads share,
// and an SPMD region with a team-local array.
// omp2cuda-options: --data-sharing=global
#include <omp.h>

long long steps[4];
int sums[4];

void control(int scale) {
#pragma omp target teams num_teams(1) map(from: steps) firstprivate(scale)
  {
    long long acc = 0;
    int round = 0;
    while (round < 4) {
      if (round == 2)
        scale = 5;
#pragma omp parallel
      {
#pragma omp atomic
        acc += scale;
      }
      steps[round] = acc;
      round++;
    }
  }
}

void tiles(void) {
#pragma omp target teams num_teams(4) thread_limit(64) map(from: sums)
  {
    int tile[64];
#pragma omp parallel
    {
      int t = omp_get_thread_num();
      tile[t] = t;
#pragma omp barrier
      if (t == 0)
        sums[omp_get_team_num()] = tile[63] + tile[1];
    }
  }
}
