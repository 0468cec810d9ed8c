// integration.rdc step 10: g cannot run on the device (getenv), so f,
// which only g calls, is called by no device code: the unit needs no
// device definition of f (b.c's cannot be one either).
#include <stdio.h>
#include <stdlib.h>
#pragma omp declare target
int f(int x);
int g(int x) { return f(x) + (getenv("O2C_RDC_UNSET_VARIABLE") != 0); }
#pragma omp end declare target
int main(void) {
  int r = 0;
#pragma omp target map(from : r)
  r = 7;
  printf("%d %d\n", r, g(3));
  return 0;
}
