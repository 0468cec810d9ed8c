#include "saxpy.h"

void saxpy(float a, const float *x, float *y, int n) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = axpy(SAXPY_SCALE * a, x[i], y[i]);
}
