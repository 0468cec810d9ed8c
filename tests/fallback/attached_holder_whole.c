/* A mapped record's pointer changed on the host between the data construct
   and the region by writing the record whole (struct assignment, a
   function's result, a compound literal, an element of an array of records,
   through a pointer to it) or through a pointer the array decays to. The
   device copy of the record still holds the attached address; the region
   stays on the host and writes what the host's pointer names (review hwa
   b1 b6 g2 g3 b2 g5: host "1 99", emu "99 10" before). */
#include <stdio.h>
struct S { int *p; int n; };
static int old[6][4], fresh[6][4];
static struct S make(int *q) {
  struct S r = {q, 4};
  return r;
}
int main(void) {
  struct S s0 = {old[0], 4}, n0 = {fresh[0], 4};
  struct S s1 = {old[1], 4}, s2 = {old[2], 4}, s4 = {old[4], 4};
  struct S sa[2] = {{old[3], 4}, {fresh[3], 4}};
  struct S sb[2] = {{old[5], 4}, {fresh[5], 4}};
  struct S *p4 = &s4, n4 = {fresh[4], 4};
#pragma omp target data map(to: s0) map(tofrom: s0.p[0:4])
  {
    s0 = n0;
#pragma omp target map(tofrom: fresh[0][0:4])
    { s0.p[0] = 10; }
  }
#pragma omp target data map(to: s1) map(tofrom: s1.p[0:4])
  {
    s1 = make(fresh[1]);
#pragma omp target map(tofrom: fresh[1][0:4])
    { s1.p[0] = 11; }
  }
#pragma omp target data map(to: s2) map(tofrom: s2.p[0:4])
  {
    s2 = (struct S){fresh[2], 4};
#pragma omp target map(tofrom: fresh[2][0:4])
    { s2.p[0] = 12; }
  }
#pragma omp target data map(to: sa) map(tofrom: sa[0].p[0:4])
  {
    sa[0] = sa[1];
#pragma omp target map(tofrom: fresh[3][0:4])
    { sa[0].p[0] = 13; }
  }
#pragma omp target data map(to: s4) map(tofrom: s4.p[0:4])
  {
    *p4 = n4;
#pragma omp target map(tofrom: fresh[4][0:4])
    { s4.p[0] = 14; }
  }
#pragma omp target data map(to: sb) map(tofrom: sb[0].p[0:4])
  {
    {
      struct S *q = sb;
      q->p = fresh[5];
    }
#pragma omp target map(tofrom: fresh[5][0:4])
    { sb[0].p[0] = 15; }
  }
  for (int i = 0; i < 6; ++i)
    printf("%d %d\n", old[i][0], fresh[i][0]);
  return 0;
}
