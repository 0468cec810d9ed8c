/* A `device` clause whose expression has a side effect and names the
   initial device: the host build evaluates it once (review ra21: the
   translated program evaluated it in the launch stub and again in the
   construct kept for the host). */
#include <omp.h>
#include <stdio.h>
int calls = 0;
int pick(void) {
  calls++;
  return omp_get_initial_device();
}
int main(void) {
  int x = 0;
#pragma omp target device(pick()) map(tofrom: x)
  x += 1;
  printf("x %d calls %d\n", x, calls);
  return 0;
}
