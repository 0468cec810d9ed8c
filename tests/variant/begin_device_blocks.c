/* `begin declare variant` blocks for the GPU only (kind(nohost)): clang's
   parse for the host skips them, the translator's parse sees them
   respelled, and the device (the kernel and a function it calls) runs their
   functions, as an OpenMP GPU does; a block for another device (kind(fpga))
   is nobody's, and so is arch(nvptx, nvptx64): clang's sm_90 device compile
   has the architecture nvptx64 only, and a selector needs every property
   (its IR calls the base shift). Expected output:
   begin_device_blocks.expected (a host build prints the host values twice). */
#include <stdio.h>
int scale(int x) { return 2 * x; }
int shift(int x, int k) { return x + k; }

#pragma omp begin declare variant match(device={kind(nohost)})
int scale(int x) { return 10 * x; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device = {arch(nvptx, nvptx64)})
int shift(int x, int k) { return x + 100 * k; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device={kind(fpga)})
int scale(int x) { return -1; }
#pragma omp end declare variant

static int both(int x) { return scale(x) + 1; }

int main(void) {
  int a = 0, b = 0, c = 0;
#pragma omp target map(from : a, b, c)
  {
    a = scale(3);
    b = shift(1, 2);
    c = both(4);
  }
  printf("device: %d %d %d\n", a, b, c);
  printf("host: %d %d %d\n", scale(3), shift(1, 2), both(4));
  return 0;
}
