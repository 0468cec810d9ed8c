/* declare variant in device code: a region and a function it calls run the
   variants that match the device (kind(nohost), kind(gpu)); the host keeps
   the base functions. Expected output: device_choice.expected (the emu
   backend has a device; a host build prints the host values twice). */
#include <stdio.h>

int dev_scale(int x);
#pragma omp declare target to(dev_scale) device_type(nohost)
int gpu_add(int x);
#pragma omp declare target to(gpu_add)

int dev_scale(int x) { return 10 * x; }
int gpu_add(int x) { return x + 1000; }

#pragma omp declare variant(dev_scale) match(device = {kind(nohost)})
int scale(int x) { return 2 * x; }

#pragma omp declare variant(gpu_add) match(device = {kind(gpu)})
int add(int x) { return x + 1; }

/* Compiled for both sides: each picks its own choice. */
static int twice(int x) { return scale(x) + add(0); }

int main(void) {
  int a = 0, b = 0, c = 0;
#pragma omp target map(from : a, b, c)
  {
    a = scale(3);
    b = add(3);
    c = twice(1);
  }
  printf("device: %d %d %d\n", a, b, c);
  printf("host: %d %d %d\n", scale(3), add(3), twice(1));
  return 0;
}
