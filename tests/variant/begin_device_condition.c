/* A `begin declare variant` block for the GPU only beside a
   `user={condition(1)}` block of the same function (review rK cond.c).
   clang's GPU compile runs the kind(nohost) block (score 1 over the
   condition's 0) and the arch(nvptx64) one: its nvptx64 device IR stores
   21 and 31. Before, the respelled block's selector (a user condition,
   which clang's mangled variant names leave out) made it the condition
   block's redefinition, the parse was retried without any respelling and
   the device ran the host's choices: 11 2. Expected output:
   begin_device_condition.expected (a host build prints 11 2 twice). */
#include <stdio.h>
int f(int x) { return 1; }
int g(int x) { return 2; }

#pragma omp begin declare variant match(user={condition(1)})
int f(int x) { return 10 + x; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device={kind(nohost)})
int f(int x) { return 20 + x; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device={arch(nvptx64)})
int g(int x) { return 30 + x; }
#pragma omp end declare variant

int main(void) {
  int a = 0, b = 0;
#pragma omp target map(from : a, b)
  {
    a = f(1);
    b = g(1);
  }
  printf("device: %d %d\n", a, b);
  printf("host: %d %d\n", f(1), g(1));
  return 0;
}
