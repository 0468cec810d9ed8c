// Parallel constructs nested in target regions that all ask for the same
// num_threads(n): the block is n threads, so each of them is the whole
// block and may synchronise (worksharing loops, barriers, single,
// reductions) also where n is not whole warps.
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void) {
  int a[N], team[16], sizes[3] = {0, 0, 0};
  long sum = 0;
  int on_device = 1;
  for (int i = 0; i < N; i++)
    a[i] = i % 13;

  /* 1. teams distribute { parallel for num_threads(8) reduction }. */
#pragma omp target teams distribute num_teams(4) map(to: a)                   \
    map(tofrom: sum, sizes, on_device)
  for (int t = 0; t < 4; t++) {
#pragma omp parallel for num_threads(8) reduction(+: sum)
    for (int i = t * 250; i < (t + 1) * 250; i++) {
      sum += a[i];
      if (i == 0) {
        sizes[0] = omp_get_num_threads();
        on_device = on_device && !omp_is_initial_device();
      }
    }
  }
  printf("teams distribute, parallel for num_threads(8): %ld, %d threads\n",
         sum, sizes[0]);

  /* 2. parallel num_threads(12) with a loop, a barrier and single. */
  int total = 0;
#pragma omp target teams num_teams(1) map(tofrom: team, sizes, total)
  {
#pragma omp parallel num_threads(12)
    {
#pragma omp for
      for (int i = 0; i < 16; i++)
        team[i] = i * omp_get_num_threads();
#pragma omp barrier
#pragma omp single
      {
        for (int i = 0; i < 16; i++)
          total += team[i];
        sizes[1] = omp_get_num_threads();
      }
    }
  }
  printf("parallel num_threads(12), for, barrier, single: %d, %d threads\n",
         total, sizes[1]);

  /* 3. two parallel constructs of 20 threads around team-master code. */
  long dot = 0;
  int steps = 0;
#pragma omp target map(to: a) map(tofrom: dot, steps, sizes)
  {
    for (int s = 0; s < 3; s++) {
#pragma omp parallel for num_threads(20) reduction(+: dot)
      for (int i = 0; i < N; i++)
        dot += (long)a[i] * (s + 1);
      steps += 1;
    }
#pragma omp parallel num_threads(20)
    {
#pragma omp single
      sizes[2] = omp_get_num_threads();
    }
  }
  printf("two parallel constructs of 20 threads: %ld after %d steps, %d "
         "threads\n",
         dot, steps, sizes[2]);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
