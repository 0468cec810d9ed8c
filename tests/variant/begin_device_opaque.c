/* A `begin declare variant` block the host compiler skips whose selector
   the translator does not evaluate for the GPU (an implementation set
   beside the device set), beside one it does (review rK skip.c). clang's
   GPU compile runs the arch(nvptx64) + vendor(llvm) block (21); the
   translator cannot tell, so the region stays on the host
   [omp2cuda-host-variant], and with it the program, which prints what the
   host build prints. Before, the device ran the kind(nohost) block and
   printed 11, which neither build prints. Expected output:
   begin_device_opaque.expected. */
#include <stdio.h>
int f(int x) { return 1; }

#pragma omp begin declare variant match(device={kind(nohost)})
int f(int x) { return 10 + x; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device={arch(nvptx64)}, implementation={vendor(llvm)})
int f(int x) { return 20 + x; }
#pragma omp end declare variant

int main(void) {
  int a = 0;
#pragma omp target map(from : a)
  a = f(1);
  printf("device: %d\nhost: %d\n", a, f(1));
  return 0;
}
