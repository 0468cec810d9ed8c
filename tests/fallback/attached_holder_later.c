/* Review rv x2. The pointee's enter data comes BEFORE the holder's: s's device copy is
   made afterwards, fresh, and holds buf's host address (no attach), yet the
   region is translated as if s.p were attached. */
#include <stdio.h>
struct S { int *p; int n; };
int main(void) {
  int buf[4] = {0};
  struct S s = {buf, 4};
#pragma omp target enter data map(to: s.p[0:4])
#pragma omp target enter data map(to: s)
#pragma omp target
  { s.p[1] = 6; }
#pragma omp target exit data map(from: s.p[0:4])
#pragma omp target exit data map(release: s)
  printf("X2 %d\n", buf[1]);
  return 0;
}
