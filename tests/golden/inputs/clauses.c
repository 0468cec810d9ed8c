// Launch-shape and data clauses on combined constructs.
#include <omp.h>

void saxpy(float a, const float *x, float *y, int n, int dev) {
  float t;
  int bias = 1;
#pragma omp target teams distribute parallel for num_teams(64) thread_limit(128) \
    schedule(static, 1) if(n > 1000) device(dev) private(t) firstprivate(bias) \
    map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i) {
    t = a * x[i];
    y[i] = t + y[i] + bias;
  }
#pragma omp target parallel for map(tofrom: y[0:n]) nowait
  for (int i = 0; i < n; ++i)
    y[i] *= 2.0f;
#pragma omp taskwait
#pragma omp target simd map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] -= 1.0f;
#pragma omp target teams loop map(tofrom: y[0:n])
  for (int i = n - 1; i >= 0; i -= 2)
    y[i] += 0.5f;
#pragma omp target teams distribute parallel for schedule(static, 8) map(tofrom: y[0:n])
  for (long i = 0; i < n; i += 3)
    y[i] = -y[i];
}
