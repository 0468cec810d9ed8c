#include <stdio.h>
#include <omp.h>
void probe(int *a);
int main(void) {
  int a[4] = {1, 2, 3, 4};
#pragma omp target data map(tofrom: a)
  {
#pragma omp target
    a[0] += 10;
    probe(a);
  }
  printf("a0=%d initial=%d\n", a[0], omp_get_initial_device());
  return 0;
}
