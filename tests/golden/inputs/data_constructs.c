// Time stepping with a device data environment (seed 002: enter/exit data).
#include <stdlib.h>

void step(double *u, double *v, int n, int steps) {
#pragma omp target enter data map(to: u[0:n]) map(alloc: v[0:n])
  for (int s = 0; s < steps; ++s) {
#pragma omp target teams distribute parallel for
    for (int i = 1; i < n - 1; ++i)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
#pragma omp target update from(v[0:n])
    // Every other point is sent to the device again (a strided section).
#pragma omp target update to(u[0:n / 2:2])
  }
#pragma omp target exit data map(from: u[0:n]) map(delete: v[0:n])
}

double total(const double *a, int n) {
  double s = 0;
#pragma omp target data map(to: a[0:n])
  {
#pragma omp target teams distribute parallel for reduction(+: s)
    for (int i = 0; i < n; ++i)
      s += a[i];
  }
  return s;
}

// An OpenMP 5.0 lvalue item: *flag is flag[0:1].
void refresh(int *flag) {
#pragma omp target enter data map(to: *flag)
#pragma omp target update from(present: *flag)
#pragma omp target exit data map(release: *flag)
}
