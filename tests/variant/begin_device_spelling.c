/* `begin declare variant` blocks for the GPU only written in ways the
   translator used not to respell, so that the host's parse skipped them
   and the device ran the base functions (1 2) where clang's GPU compile
   runs the blocks': a continuation line in the pragma (f), and a score on
   a device selector, which clang ignores with a warning (g). clang's
   nvptx64 device IR stores 21 and 32. Expected output:
   begin_device_spelling.expected. */
#include <stdio.h>
int f(int x) { return 1; }
int g(int x) { return 2; }

#pragma omp begin declare variant \
    match(device={arch(nvptx64)})
int f(int x) { return 20 + x; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device={kind(score(5): gpu)})
int g(int x) { return 30 + x; }
#pragma omp end declare variant

int main(void) {
  int a = 0, b = 0;
#pragma omp target map(from : a, b)
  {
    a = f(1);
    b = g(2);
  }
  printf("device: %d %d\n", a, b);
  printf("host: %d %d\n", f(1), g(2));
  return 0;
}
