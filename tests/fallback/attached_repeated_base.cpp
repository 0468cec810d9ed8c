/* Two base subobjects of the same class: d.L::p and d.R::p are different
   pointers with the same FieldDecl. Only L's is attached (review rv mi). */
#include <stdio.h>
struct B { int *p; };
struct L : B {};
struct R : B {};
struct D : L, R {};
int main() {
  int b1[4] = {0}, b2[4] = {0};
  D d;
  d.L::p = b1;
  d.R::p = b2;
#pragma omp target data map(to: d) map(tofrom: d.L::p[0:4])
  {
#pragma omp target map(tofrom: b2)
    { d.R::p[1] = 5; }
  }
  printf("%d %d\n", b1[1], b2[1]);
  return 0;
}
