/* Nested `begin declare variant` blocks for the GPU only (review rK
   nest.c). A nested block's selector merges the enclosing one's: h's
   nested kind(nohost) in kind(nohost) is kind(nohost) once, score 1,
   under the arch(nvptx64) block's 2; g's blocks merge to
   kind(gpu, nohost). clang's nvptx64 device IR stores 21 and 51. Before,
   the two nested respellings were two nested user conditions, which clang
   refuses: the parse was retried without any respelling and the device
   ran the base functions (1 3). Expected output:
   begin_device_nested.expected. */
#include <stdio.h>
int f(int x) { return 1; }
int g(int x) { return 2; }
int h(int x) { return 3; }

#pragma omp begin declare variant match(device={arch(nvptx64)})
int f(int x) { return 20 + x; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device={kind(nohost)})
#pragma omp begin declare variant match(device={kind(gpu)})
int g(int x) { return 30 + x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={kind(nohost)})
int h(int x) { return 40 + x; }
#pragma omp end declare variant
#pragma omp end declare variant

#pragma omp begin declare variant match(device={arch(nvptx64)})
int h(int x) { return 50 + x; }
#pragma omp end declare variant

int main(void) {
  int a = 0, c = 0;
#pragma omp target map(from : a, c)
  {
    a = f(1);
    c = h(1);
  }
  printf("device: %d %d\n", a, c);
  printf("host: %d %d %d\n", f(1), g(1), h(1));
  return 0;
}
