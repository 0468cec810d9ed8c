// SAXPY through the clauses and constructs of seed 000 §4.2 / seed 001:
// num_teams, thread_limit, schedule(static, 1), if(n > 1000), firstprivate,
// private, nowait + taskwait, `target parallel for`, `target simd` and
// `target teams loop`. Small integer-valued floats: exact.
// Self-checking; prints an exact checksum. stderr says where it ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

static void saxpy_all(float a, const float *x, float *y, int n) {
  float t;
  int bias = 1;
#pragma omp target teams distribute parallel for num_teams(64) thread_limit(128) \
    schedule(static, 1) if(n > 1000) private(t) firstprivate(bias) \
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
  for (int i = 0; i < n; ++i)
    y[i] += 0.5f;
}

int main(void) {
  const int n = 1 << 16;
  const float a = 3.0f;
  float *x = (float *)malloc(n * sizeof(float));
  float *y = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i) {
    x[i] = (float)(i % 32);
    y[i] = (float)(i % 5);
  }
  saxpy_all(a, x, y, n);
  int errors = 0;
  double sum = 0.0;
  for (int i = 0; i < n; ++i) {
    float expect = ((a * (float)(i % 32) + (float)(i % 5) + 1.0f) * 2.0f - 1.0f) + 0.5f;
    errors += y[i] != expect;
    sum += y[i];
  }
  fprintf(stderr, "saxpy_options: ran on %s\n", ran_on_device() ? "device" : "host");
  printf("saxpy_options: n=%d sum=%.1f errors=%d\n", n, sum, errors);
  free(x);
  free(y);
  return errors != 0;
}
