/* an unattached member pointer stepped and dereferenced in one expression */
#include <stdio.h>
struct S { int *p; int n; };
int main(void) {
  int a[4] = {0}, b[4] = {0}, c[4] = {0};
  struct S s = {a, 4}, t = {b, 4}, u = {c, 4};
#pragma omp target data map(tofrom: a, b, c) map(to: s, t, u)
  {
#pragma omp target
    { *s.p++ = 5; }
#pragma omp target
    { *++t.p = 6; }
#pragma omp target
    { (u.p += 2)[0] = 7; }
#pragma omp target
    { 1[s.p] = 8; }
  }
  printf("%d %d %d %d\n", a[0], b[1], c[2], a[1]);
  return 0;
}
