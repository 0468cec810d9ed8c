/* Pointers held in records the region copies from an element or through a
   pointer, or reaches through another record's pointer, hold the host's
   address on the device unless an item maps through them (review rm21:
   each printed 5 on the host, 0 under emu). */
#include <stdio.h>
struct S { int *p; int n; };
struct Out { struct S *inner; };
int main(void) {
  int a[4] = {0}, b[4] = {0}, c[4] = {0}, d[4] = {0};
  struct S sa[2] = {{a, 4}, {a, 4}};
  struct S s = {b, 4}, in = {c, 4};
  struct S *sp = &s;
  struct Out o = {&in};
#pragma omp target data map(tofrom: a[0:4], b[0:4], c[0:4]) map(to: sa[0:2], sp[0:1], o, o.inner[0:1])
  {
#pragma omp target
    { struct S t = sa[1]; t.p[0] = 5; }
#pragma omp target
    { struct S t; t = *sp; t.p[1] = 6; }
#pragma omp target
    { o.inner->p[2] = 7; }
#pragma omp target
    { (*o.inner).p[3] = 8; }
  }
  /* Attached: translated, and the same answer. */
  struct S e = {d, 4};
#pragma omp target data map(tofrom: e, e.p[0:4])
  {
#pragma omp target
    { e.p[0] = 9; }
  }
  printf("%d %d %d %d %d\n", a[0], b[1], c[2], c[3], d[0]);
  return 0;
}
