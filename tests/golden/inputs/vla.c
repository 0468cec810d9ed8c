// A variable-length array travels as its first element and its size.
#include <stdio.h>

void fill(int n) {
  double v[n];
#pragma omp target teams distribute parallel for map(from: v)
  for (int i = 0; i < n; ++i)
    v[i] = 0.5 * i;
  printf("%.1f\n", v[n - 1]);
}
