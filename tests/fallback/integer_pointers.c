/* Pointers converted from integers that hold host addresses (review hunt
   m2, m3): a region dereferencing one stays on the host and writes the
   host's arrays, as the host build does. */
#include <stdint.h>
#include <stdio.h>

struct L { long v; };

static int *at(long v) { return (int *)v; }

int main(void) {
  int a[4] = {0};
  long v = (long)a;
  struct L l = {(long)a};
  int *p = a;
#pragma omp target data map(tofrom: a[0:4]) map(to: l)
  {
#pragma omp target
    { ((int *)v)[0] = 5; }
#pragma omp target
    { ((int *)l.v)[1] = 6; }
#pragma omp target
    { uintptr_t u = (uintptr_t)p; ((int *)u)[2] = 7; }
#pragma omp target
    { at(v)[3] = 8; }
  }
  printf("%d %d %d %d\n", a[0], a[1], a[2], a[3]);
  return 0;
}
