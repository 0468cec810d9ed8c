// Matrix multiply: `target teams distribute parallel for collapse(2)` over
// (i, j) with the k loop sequential in each thread (seed 000 §4.2: a
// canonical collapsed nest, linearised into one grid-stride loop).
// Integer-valued doubles: the result is exact. stderr says where it ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

static void matmul(const double *A, const double *B, double *C, int n, int m, int p) {
#pragma omp target teams distribute parallel for collapse(2) \
    map(to: A[0:n * p], B[0:p * m]) map(from: C[0:n * m])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      double s = 0.0;
      for (int k = 0; k < p; ++k)
        s += A[i * p + k] * B[k * m + j];
      C[i * m + j] = s;
    }
}

int main(void) {
  const int n = 192, m = 160, p = 128;
  double *A = (double *)malloc(n * p * sizeof(double));
  double *B = (double *)malloc(p * m * sizeof(double));
  double *C = (double *)malloc(n * m * sizeof(double));
  for (int i = 0; i < n * p; ++i)
    A[i] = (double)(i % 13 - 6);
  for (int i = 0; i < p * m; ++i)
    B[i] = (double)(i % 7 - 3);
  matmul(A, B, C, n, m, p);
  int errors = 0;
  double trace = 0.0, sum = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      double s = 0.0;
      for (int k = 0; k < p; ++k)
        s += A[i * p + k] * B[k * m + j];
      if (C[i * m + j] != s)
        errors++;
      sum += C[i * m + j];
      if (i == j)
        trace += C[i * m + j];
    }
  fprintf(stderr, "matmul_collapse: ran on %s\n", ran_on_device() ? "device" : "host");
  printf("matmul_collapse: %dx%dx%d sum=%.1f trace=%.1f errors=%d\n", n, m, p, sum, trace,
         errors);
  free(A);
  free(B);
  free(C);
  return errors != 0;
}
