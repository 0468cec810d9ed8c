/* lastprivate on a collapse whose inner loop depends on the outer
   variable: the last outer iteration may run no inner iteration, so the
   sequentially last iteration is another's (scratch-dsa wrong1, nr3; its
   `j = i; j < 10 - i` nest is left out: clang 19's host build, which runs
   the emu build's host fallback, gets it wrong). */
#include <stdio.h>
int main(void) {
  int n = 10, li = -1, lj = -1;
#pragma omp target teams distribute parallel for collapse(2)                   \
    lastprivate(li, lj) map(tofrom                                             \
                            : li, lj)
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      li = i;
      lj = j;
    }
  printf("%d %d\n", li, lj);
  int a = -1, b = -1;
#pragma omp target parallel for collapse(2) lastprivate(a, b) map(tofrom : a, b)
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < i - 2; j++) {
      a = i;
      b = j;
    }
  printf("%d %d\n", a, b);
  return 0;
}
