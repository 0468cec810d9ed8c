// A region that calls a `declare target` function of another file which no
// file compiles for the device (spread.c): both backends fail at the link
// (review finding: the emulation linked and then crashed).
#include <omp.h>
#include <stdio.h>
#pragma omp declare target
void spread(int *a, int n);
#pragma omp end declare target
int main(void) {
  int a[1000];
  for (int i = 0; i < 1000; ++i) a[i] = 0;
  int dev = 0;
#pragma omp target teams num_teams(4) map(tofrom: a, dev)
  {
    spread(a, 1000);
    if (omp_get_team_num() == 0) dev = !omp_is_initial_device();
  }
  long s = 0;
  for (int i = 0; i < 1000; ++i) s += a[i];
  printf("sum %ld\n", s);
  fprintf(stderr, "ran on %s\n", dev ? "the device" : "the host");
  return 0;
}
