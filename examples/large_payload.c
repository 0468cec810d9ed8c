// Large payload: seed 000 Fig. 7, the vector add with an inner, unrollable
// loop of N_LOOP = 100 iterations per element (more work per thread).
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

#define N_LOOP 100

static void payload(double *a, const double *b, const double *c, int n) {
#pragma omp target teams distribute parallel for map(to: b[0:n], c[0:n]) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < N_LOOP; j++)
      a[i] += b[i] + c[i];
}

int main(void) {
  const int n = 1 << 18, n_loop = N_LOOP;
  double *a = (double *)malloc(n * sizeof(double));
  double *b = (double *)malloc(n * sizeof(double));
  double *c = (double *)malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    b[i] = (double)(i % 64) * 0.5;
    c[i] = (double)(i % 5) * 0.125;
    a[i] = 0.0;
  }
  payload(a, b, c, n);
  int errors = 0;
  double sum = 0.0;
  for (int i = 0; i < n; i++) {
    /* All partial sums are exact in double, so the order does not matter. */
    double expect = n_loop * (b[i] + c[i]);
    if (a[i] != expect)
      errors++;
    sum += a[i];
  }
  fprintf(stderr, "large_payload: ran on %s\n", ran_on_device() ? "device" : "host");
  printf("large_payload: n=%d n_loop=%d sum=%.3f errors=%d\n", n, n_loop, sum, errors);
  free(a);
  free(b);
  free(c);
  return errors != 0;
}
