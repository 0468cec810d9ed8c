/* an unattached member pointer chosen by a conditional operator and indexed */
#include <stdio.h>
struct S { int *p; int *q; int n; };
int main(void) {
  int a[4] = {0}, b[4] = {0};
  struct S s = {a, b, 1};
#pragma omp target data map(tofrom: a, b) map(to: s)
  {
#pragma omp target
    { (s.n ? s.p : s.q)[0] = 1; }
#pragma omp target
    { *(s.n ? s.p : b) = 2; }
#pragma omp target
    { (s.p ?: b)[2] = 3; }
#pragma omp target
    { int i = 3; (s.n > 0 ? s.p : b)[i] += 4; }
  }
  printf("%d %d %d %d\n", a[0], a[0] + b[0], a[2], a[3]);
  return 0;
}
