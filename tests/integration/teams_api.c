/* A region GCC 12 rejects in the host copy (an OpenMP API call strictly
   nested in teams) that clang accepts: see host_compiler.sh. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int t[4] = {-1, -1, -1, -1}, i, on_device = 0;
#pragma omp target teams num_teams(4) map(tofrom: t, on_device)
  {
    t[omp_get_team_num()] = omp_get_thread_num();
    if (omp_get_team_num() == 0) on_device = !omp_is_initial_device();
  }
  for (i = 0; i < 4; i++) printf("%d ", t[i] <= 0);
  printf("\n");
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
