/* A function the device runs itself (declare target device_type(nohost))
   whose host version is a `declare variant` for kind(host), as in OpenMP_VV
   test_declare_target_device_type_nohost1.c: the kernel and a function it
   calls run the base function, the host runs the host variant. Expected
   output: host_variant.expected (a host build prints the host values
   twice). */
#include <stdio.h>

int bump(int x);
int host_bump(int x) { return x + 5; }

#pragma omp declare target enter(bump) device_type(nohost)
#pragma omp declare variant(host_bump) match(device = {kind(host)})
int bump(int x) { return x + 1; }

static int twice(int x) { return bump(bump(x)); }

int main(void) {
  int a = 0, b = 0;
#pragma omp target map(from : a, b)
  {
    a = bump(10);
    b = twice(10);
  }
  printf("device: %d %d\n", a, b);
  printf("host: %d %d\n", bump(10), twice(10));
  return 0;
}
