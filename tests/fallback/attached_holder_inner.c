/* Review rv x1. Nested target data: the pointee's construct is the OUTER one, the
   holder's the inner one; s's copy is fresh and unattached. */
#include <stdio.h>
struct S { int *p; int n; };
int main(void) {
  int buf[4] = {0};
  struct S s = {buf, 4};
#pragma omp target data map(tofrom: s.p[0:4])
  {
#pragma omp target data map(to: s)
    {
#pragma omp target
      { s.p[0] = 5; }
    }
  }
  printf("X1 %d\n", buf[0]);
  return 0;
}
