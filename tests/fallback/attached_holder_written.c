/* A pointer of a mapped record changed on the host between the data
   construct and the region: by name, through an alias taken before the
   construct, by a call given the record's address, and by one given an alias. The device copy
   still holds the attached address; the region stays on the host, and the
   host fallback keeps the host's new pointer (review rv alias: host
   "0 5", emu "5 0" before). */
#include <stdio.h>
struct S { int *p; int n; };
static int other[4][4];
static void set(struct S *t) { t->p = other[2]; }
static void h(struct S *t) { t->p = other[3]; }
int main(void) {
  int buf[4][4] = {{0}};
  struct S s1 = {buf[0], 4}, s2 = {buf[1], 4}, s3 = {buf[2], 4};
  struct S s4 = {buf[3], 4};
  struct S *sp = &s2, *sp4 = &s4;
#pragma omp target data map(to: s1) map(tofrom: s1.p[0:4])
  {
    s1.p = other[0];
#pragma omp target map(tofrom: other[0][0:4])
    { s1.p[0] = 5; }
  }
#pragma omp target data map(to: s2) map(tofrom: s2.p[0:4])
  {
    sp->p = other[1];
#pragma omp target map(tofrom: other[1][0:4])
    { s2.p[0] = 6; }
  }
#pragma omp target data map(to: s3) map(tofrom: s3.p[0:4])
  {
    set(&s3);
#pragma omp target map(tofrom: other[2][0:4])
    { s3.p[0] = 7; }
  }
#pragma omp target data map(to: s4) map(tofrom: s4.p[0:4])
  {
    h(sp4);
#pragma omp target map(tofrom: other[3][0:4])
    { s4.p[0] = 8; }
  }
  for (int i = 0; i < 4; ++i)
    printf("%d %d\n", buf[i][0], other[i][0]);
  return 0;
}
