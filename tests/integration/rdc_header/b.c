// b.c calls twice, which only a.c compiles for the device, from the
// header it includes and b.c does not: the header's copy in a.c defines its
// link mark, so the emulation links as CUDA's device link does.
#include <stdio.h>
#pragma omp declare target
int twice(int x);
#pragma omp end declare target
int a_only(void);
int main(void) {
  int r = 0;
#pragma omp target map(tofrom: r)
  r = twice(21);
  printf("%d %d\n", r, a_only());
  return 0;
}
