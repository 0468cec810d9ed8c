// Reductions: sum, max and min of one double array in ONE combined region
// (seed 000 §4.2 / seed 004 §5.3: per-thread partials, then a team step).
// The values are exact in double, so the sum does not depend on the order.
// Self-checking. stderr says where it ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

static void stats(const double *x, int n, double *sum_out, double *max_out, double *min_out) {
  double sum = 0.0, mx = -1.0e300, mn = 1.0e300;
#pragma omp target teams distribute parallel for reduction(+: sum) reduction(max: mx) \
    reduction(min: mn) map(to: x[0:n])
  for (int i = 0; i < n; ++i) {
    sum += x[i];
    mx = x[i] > mx ? x[i] : mx;
    mn = x[i] < mn ? x[i] : mn;
  }
  *sum_out = sum;
  *max_out = mx;
  *min_out = mn;
}

int main(void) {
  const int n = 1 << 20;
  double *x = (double *)malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i)
    x[i] = (double)((i % 10007) * 7919 % 10007 - 5000) * 0.25;
  double sum, mx, mn;
  stats(x, n, &sum, &mx, &mn);
  double esum = 0.0, emx = x[0], emn = x[0];
  for (int i = 0; i < n; ++i) {
    esum += x[i];
    emx = x[i] > emx ? x[i] : emx;
    emn = x[i] < emn ? x[i] : emn;
  }
  int errors = (sum != esum) + (mx != emx) + (mn != emn);
  fprintf(stderr, "reductions: ran on %s\n", ran_on_device() ? "device" : "host");
  printf("reductions: n=%d sum=%.2f max=%.2f min=%.2f errors=%d\n", n, sum, mx, mn, errors);
  free(x);
  return errors != 0;
}
