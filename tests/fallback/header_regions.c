/* Regions in a header (header_regions.h) inside a target data region of
   this file: the translated one computes on the device's copy, the one
   left on the host must see it and hand its results back. */
#include <stdio.h>

#include "header_regions.h"

int main(void) {
  enum { N = 64 };
  double a[N];
  for (int i = 0; i < N; ++i)
    a[i] = i;
#pragma omp target data map(tofrom: a)
  {
    scale_on_device(a, N);
    bump_on_host(a, N);
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; ++i)
      a[i] -= 1;
    scale_on_device(a, N);
  }
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += a[i] * (i + 1);
  printf("weighted sum %.2f\n", s);
  return 0;
}
