/* A nested `begin declare variant` block's function that the GPU chooses
   (issue 8). g's nested blocks merge to kind(nohost), arch(nvptx64),
   score 3, over the kind(gpu) block's 1; k is defined in the enclosing
   block after the nested one. clang's nvptx64 device IR stores 32 and 61
   (clang-19 -fopenmp -fopenmp-version=52 -fopenmp-targets=nvptx64
   --offload-arch=sm_90 --offload-device-only -S -emit-llvm -O1). The
   translator renames g's
   function out of both blocks, which it closes before it and opens again
   after it around g's forwarder; before, the region stayed on the host
   [omp2cuda-host-variant], and with it the program, which printed the
   host build's 'device: 2 4'. Expected output:
   begin_device_nested_call.expected. */
#include <stdio.h>
int g(int x) { return 2; }
int k(int x) { return 4; }

#pragma omp begin declare variant match(device={kind(nohost)})
#pragma omp begin declare variant match(device={arch(nvptx64)})
int g(int x) { return 30 + x + 1; }
#pragma omp end declare variant
int k(int x) { return 60 + x; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device={kind(gpu)})
int g(int x) { return 70 + x; }
#pragma omp end declare variant

int main(void) {
  int a = 0, c = 0;
#pragma omp target map(from : a, c)
  {
    a = g(1);
    c = k(1);
  }
  printf("device: %d %d\n", a, c);
  printf("host: %d %d\n", g(1), k(1));
  return 0;
}
