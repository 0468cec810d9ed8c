// Vector add: seed 000 Fig. 6, the combined construct
// `target teams distribute parallel for` with map(to: b, c) map(from: a).
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

static void vadd(double *a, const double *b, const double *c, int n) {
#pragma omp target teams distribute parallel for map(to: b[0:n], c[0:n]) map(from: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = b[i] + c[i];
}

int main(void) {
  const int n = 1 << 20;
  double *a = (double *)malloc(n * sizeof(double));
  double *b = (double *)malloc(n * sizeof(double));
  double *c = (double *)malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    a[i] = -1.0;
    b[i] = (double)(i % 1000) * 0.5;
    c[i] = (double)(i % 7) * 0.25;
  }
  vadd(a, b, c, n);
  int errors = 0;
  double sum = 0.0;
  for (int i = 0; i < n; i++) {
    if (a[i] != b[i] + c[i])
      errors++;
    sum += a[i];
  }
  fprintf(stderr, "vector_add: ran on %s\n", ran_on_device() ? "device" : "host");
  printf("vector_add: n=%d sum=%.2f errors=%d\n", n, sum, errors);
  free(a);
  free(b);
  free(c);
  return errors != 0;
}
