/* An exit data construct four calls deep, past the depth the analysis
   looks: the call counts as one that may release s.p, so the region
   stays on the host (review rm21, R5). */
#include <stdio.h>
struct S { int *p; int n; };
struct S s;
int buf[4];
void h4(void) {
  #pragma omp target exit data map(from: s.p[0:4])
}
void h3(void) { h4(); }
void h2(void) { h3(); }
void h1(void) { h2(); }
int main(void) {
  s.p = buf; s.n = 4;
  #pragma omp target data map(to: s)
  {
    #pragma omp target enter data map(to: s.p[0:4])
    h1();
    #pragma omp target map(tofrom: buf[0:4])
    { s.p[0] = 5; }
  }
  printf("%d\n", buf[0]);
  return 0;
}
