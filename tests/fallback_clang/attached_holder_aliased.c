/* A mapped record reached through a pointer (a parameter, an alias) whose
   pointer the host changes between the data construct and the region: by
   name, through another pointer of the same type, or in a function that
   reads the record's address from a global. The device copy still holds
   the attached address; the region stays on the host (review hwa c4 c6 c7
   b3: host "1 99", emu "99 10" before). Here, not in tests/fallback: GCC
   12 crashes (internal compiler error) on map(to: sp[0:1]) map(tofrom:
   sp->p[0:4]) of a pointer parameter. */
#include <stdio.h>
struct S { int *p; int n; };
static int old[4][4], fresh[4][4];
static struct S *gsp;
static void viaGlobal(void) { gsp->p = fresh[3]; }
static void alias(struct S *sp) {
  struct S *sp2 = sp;
#pragma omp target data map(to: sp[0:1]) map(tofrom: sp->p[0:4])
  {
    sp2->p = fresh[1];
#pragma omp target map(tofrom: fresh[1][0:4])
    { sp->p[0] = 21; }
  }
}
static void two(struct S *sp, struct S *other) {
#pragma omp target data map(to: sp[0:1]) map(tofrom: sp->p[0:4])
  {
    other->p = fresh[2];
#pragma omp target map(tofrom: fresh[2][0:4])
    { sp->p[0] = 22; }
  }
}
int main(void) {
  struct S s0 = {old[0], 4}, s1 = {old[1], 4}, s2 = {old[2], 4};
  struct S s3 = {old[3], 4};
  struct S *p0 = &s0;
#pragma omp target data map(to: p0[0:1]) map(tofrom: p0->p[0:4])
  {
    s0.p = fresh[0];
#pragma omp target map(tofrom: fresh[0][0:4])
    { p0->p[0] = 20; }
  }
  alias(&s1);
  two(&s2, &s2);
  gsp = &s3;
#pragma omp target data map(to: s3) map(tofrom: s3.p[0:4])
  {
    viaGlobal();
#pragma omp target map(tofrom: fresh[3][0:4])
    { s3.p[0] = 23; }
  }
  for (int i = 0; i < 4; ++i)
    printf("%d %d\n", old[i][0], fresh[i][0]);
  return 0;
}
