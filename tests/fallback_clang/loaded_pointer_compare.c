/* A pointer loaded from mapped data (a member or an element attached to
   its pointee's device copy: the device address) compared with, or
   subtracted from, a pointer the region never dereferences, which keeps
   the host's address (review hunt44 wa.c, wc.c: emu d=520 eq=0, the host
   build d=4 eq=1). Such regions now stay on the host. */
#include <stdio.h>
#include <stdlib.h>
struct S { int *p; };
int main(void) {
  int *a = (int *)calloc(8, sizeof(int));
  struct S w = {a + 4};
  long d = 0, d2 = 0;
  int eq = 0;
#pragma omp target enter data map(to: a[0:8]) map(to: w, w.p[0:1])
#pragma omp target map(from: d, eq)
  { d = (long)(w.p - a); eq = (w.p == a + 4); }
#pragma omp target map(to: w, w.p[0:1]) map(from: d2)
  { d2 = (long)(w.p - a); }
#pragma omp target exit data map(release: a[0:8], w)
  printf("d=%ld eq=%d d2=%ld\n", d, eq, d2);

  int **pp = (int **)calloc(1, sizeof(int *));
  pp[0] = a;
  long d3 = -1;
  int e = 0;
#pragma omp target enter data map(to: pp[0:1], pp[0][0:8])
#pragma omp target map(from: d3, e)
  { d3 = (long)(pp[0] - a); e = (pp[0] == a); }
#pragma omp target exit data map(release: pp[0][0:8], pp[0:1])
  printf("d3=%ld e=%d\n", d3, e);
  free(pp);
  free(a);
  return 0;
}
