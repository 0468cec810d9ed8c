// Parallel regions of fewer threads than a CUDA block nested in target
// regions (num_threads, if, parallel master [taskloop]), and the OpenMP
// routines' answers in team-master code and in those regions.
#include <omp.h>
#include <stdio.h>

#define N 256

int main(void) {
  int a[N], b[N];
  int api[6] = {0, 0, 0, 0, 0, 0};
  int on_device = 0;
  for (int i = 0; i < N; i++) {
    a[i] = 1;
    b[i] = i;
  }

  /* 1. Team-master code asks who it is: thread 0 of a team of one. */
#pragma omp target map(tofrom: api, a, on_device)
  {
    on_device = !omp_is_initial_device();
    api[0] = omp_get_num_threads();
    api[1] = omp_get_thread_num();
    api[2] = omp_in_parallel() + 10 * omp_get_level();
#pragma omp parallel for
    for (int i = 0; i < N; i++)
      a[i] += i;
  }
  printf("team master: %d threads, thread %d, level code %d\n", api[0],
         api[1], api[2]);

  /* 2. parallel if(0): the team master alone, inside a teams region. */
  int teams_seen = 0;
#pragma omp target teams num_teams(4) map(tofrom: a, teams_seen)
  {
#pragma omp distribute
    for (int i = 0; i < N; i++)
      a[i] *= 2;
#pragma omp parallel if(0)
    if (omp_get_team_num() == 0 && omp_get_num_threads() == 1)
      teams_seen = omp_get_num_teams() > 0;
  }
  printf("if(0): %d, a[%d] = %d\n", teams_seen, N - 1, a[N - 1]);

  /* 3. parallel master with a taskloop, num_threads(4). */
  int width = 0;
#pragma omp target map(tofrom: a, width) map(to: b)
  {
#pragma omp parallel master num_threads(4)
    {
#pragma omp taskloop
      for (int i = 0; i < N; i++)
        a[i] += b[i];
      width = omp_get_num_threads();
    }
  }
  printf("parallel master: %d threads, a[7] = %d\n", width, a[7]);

  /* 4. parallel master taskloop. */
#pragma omp target map(tofrom: a) map(to: b)
#pragma omp parallel master taskloop num_threads(8) shared(a, b)
  for (int i = 0; i < N; i++)
    a[i] -= b[i];
  printf("parallel master taskloop: a[9] = %d\n", a[9]);

  /* 5. num_threads(3): every thread of the team counts itself. */
  int count = 0, sum = 0, level = 0;
#pragma omp target map(tofrom: count, sum, level)
  {
#pragma omp parallel num_threads(3)
    {
#pragma omp atomic
      count += 1;
#pragma omp atomic
      sum += omp_get_thread_num();
      if (omp_get_thread_num() == 0)
        level = omp_get_level() + 10 * omp_in_parallel() +
                100 * omp_get_num_threads();
    }
  }
  printf("num_threads(3): %d threads, ids sum %d, level code %d\n", count,
         sum, level);

  /* 6. if(n > 100) in a time-step loop with side effects (control loop). */
  int small = 0, steps[4] = {0, 0, 0, 0};
  for (int n = 10; n <= 1000; n *= 10) {
#pragma omp target map(tofrom: small, steps) firstprivate(n)
    {
      for (int s = 0; s < 2; s++) {
        steps[s] += 1;
#pragma omp parallel if(n > 100)
        {
          if (omp_get_num_threads() == 1)
            small += 1;
        }
      }
    }
  }
  printf("if(n > 100): single-thread passes %s, steps %d %d\n", small >= 4 ? "all" : "missing",
         steps[0], steps[1]);

  long total = 0;
  for (int i = 0; i < N; i++)
    total += a[i];
  printf("total %ld\n", total);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
