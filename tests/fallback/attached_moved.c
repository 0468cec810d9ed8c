/* Attached pointers moved by one side around regions left on the host
   (review hunt mv3, mv2, td2, t4b). A pointer moved within mapped data
   holds that data's host address on the host and its device address on the
   device, whichever side moved it; a pointer the host pointed elsewhere
   keeps the host's value in a region left on the host. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
struct S { int *p; int n; };
int main(void) {
  /* a region left on the host moves s.p; a translated one writes through it */
  int b3[4] = {0};
  struct S s3 = {b3, 4};
#pragma omp target data map(tofrom: s3) map(tofrom: s3.p[0:4])
  {
#pragma omp target
    { s3.p = s3.p + 1; if (s3.n < 0) abort(); }
#pragma omp target
    { s3.p[0] = 5; }
  }
  printf("mv3 %d %d %d\n", b3[0], b3[1], (int)(s3.p - b3));

  /* a translated region moves s.p; a region left on the host reads it */
  int b2[4] = {0};
  struct S s2 = {b2, 4};
  int inside = -1;
#pragma omp target data map(tofrom: s2) map(tofrom: s2.p[0:4])
  {
#pragma omp target
    { s2.p = s2.p + 1; }
#pragma omp target map(tofrom: inside)
    {
      inside = (uintptr_t)s2.p >= (uintptr_t)b2 && (uintptr_t)s2.p < (uintptr_t)(b2 + 4);
      s2.p[0] = 5; s2.p[1] = 6; s2.n = 3;
      if (inside < 0) abort();
    }
#pragma omp target
    { s2.p[2] = s2.n; }
  }
  printf("mv2 %d %d %d %d %d\n", b2[1], b2[2], b2[3], inside, (int)(s2.p - b2));

  /* the host redirects s.p inside target data; the region left on the host
     writes through the host's pointer */
  int b[4] = {0}, o[4] = {0};
  struct S s = {b, 4};
#pragma omp target data map(to: s) map(tofrom: s.p[0:4])
  {
    s.p = o;
#pragma omp target map(tofrom: o)
    { s.p[0] = 5; if (s.n < 0) abort(); }
    s.p = b;
  }
  printf("td2 %d %d\n", b[0], o[0]);
  return 0;
}
