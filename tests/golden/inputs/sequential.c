// Target regions without worksharing run as SPMD kernels.
#include <omp.h>
#include <stdio.h>

static int square(int v) { return v * v; }

int probe(void) {
  int on_device = 0, acc = 0;
#pragma omp target map(tofrom: on_device, acc)
  {
    on_device = !omp_is_initial_device();
    for (int k = 0; k < 10; ++k)
      acc += square(k);
  }
#pragma omp target teams num_teams(4)
  {
    if (omp_get_team_num() == 0)
      printf("teams: %d\n", omp_get_num_teams());
  }
  return on_device + acc;
}
