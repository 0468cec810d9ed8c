/* A region left on the host (it calls through a function pointer) that
   calls a function with a device variant would run the host's version while
   a device is present: the whole program runs on the host instead
   (omp2cuda-host-program), so it prints what a host build prints. */
#include <stdio.h>

int dev_scale(int x) { return 10 * x; }

#pragma omp declare variant(dev_scale) match(device = {kind(nohost)})
int scale(int x) { return 2 * x; }

static int one(void) { return 1; }
int (*volatile opaque)(void) = one;

int main(void) {
  int a = 0, b = 0;
#pragma omp target map(from : a)
  a = scale(3) + opaque();
#pragma omp target map(from : b)
  b = scale(4);
  printf("%d %d\n", a, b);
  return 0;
}
