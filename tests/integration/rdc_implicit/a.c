// integration.rdc step 9: helper is declare target here only; b.c defines
// it without the directive and compiles it for the device because its own
// region calls it (implicitly declare target), which CUDA's device link
// takes.
#include <stdio.h>
#pragma omp declare target
int helper(int x);
#pragma omp end declare target
int use(int n);
int main(void) {
  int r = 0;
#pragma omp target map(from : r)
  r = helper(4);
  printf("%d %d\n", r, use(5));
  return 0;
}
