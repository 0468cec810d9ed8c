/* Review hunt cast1: an unattached member pointer, cast explicitly, then indexed */
#include <stdio.h>
struct S { void *p; int *q; int n; };
int main(void) {
  int a[4] = {0}, b[4] = {0};
  struct S s = {a, b, 1};
#pragma omp target data map(tofrom: a, b) map(to: s)
  {
#pragma omp target
    { ((int *)s.p)[0] = 1; }
#pragma omp target
    { *(int *)s.p += 2; }
#pragma omp target
    { ((unsigned *)s.q)[1] = 3; }
#pragma omp target
    { ((int *)(s.q + 1))[1] = 4; }
  }
  printf("%d %d %d\n", a[0], b[1], b[2]);
  return 0;
}
