// A target region in a user header, called inside a `target data` region
// of this file (issue: left on the host, it computed on stale host data and
// the end of the data region copied the device's copy over its results).
#include <omp.h>
#include <stdio.h>

#include "header_region.h"

int main(void) {
  enum { N = 1000 };
  double a[N];
  int on_device = 0;
  for (int i = 0; i < N; ++i)
    a[i] = i % 7;
#pragma omp target data map(tofrom: a)
  {
#pragma omp target teams distribute parallel for map(tofrom: on_device)
    for (int i = 0; i < N; ++i) {
      a[i] += 1.0;
      if (i == 0)
        on_device = !omp_is_initial_device();
    }
    scale(a, N, 0.5);
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; ++i)
      a[i] = sq(a[i]) + 1.0;
  }
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += a[i];
  printf("sum %.3f\n", s);
  fprintf(stderr, "ran on the device: %s\n", on_device ? "yes" : "no");
  return 0;
}
