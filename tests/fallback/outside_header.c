/* A region in a header that is not translated (outside the input root),
   called inside a target data region of this file between translated
   regions. Nothing can guard it, so the program must run every region on
   the host (omp2cuda-host-program) and print what the host build prints;
   before, the header's region doubled the stale host copy and map(from)
   overwrote its result. */
#include <stdio.h>

#include "../fallback_outside/scale_outside.h"

int main(void) {
  enum { N = 32 };
  double a[N];
  for (int i = 0; i < N; ++i)
    a[i] = i;
#pragma omp target data map(tofrom: a)
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; ++i)
      a[i] += 1.0;
    scale_outside(a, N);
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; ++i)
      a[i] += 1.0;
  }
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += a[i] * (i + 1);
  printf("weighted sum %.2f\n", s);
  return 0;
}
