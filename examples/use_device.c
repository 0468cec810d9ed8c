// use_device_ptr and use_device_addr (OpenMP 5.0): inside a `target data`
// body the listed names stand for the device copies, so their addresses
// can be handed to later regions through is_device_ptr (or to CUDA
// libraries). The device writes through those addresses must reach the
// host at the end of the enclosing data region. Self-checking; stderr says
// where it ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000, errors = 0, on_device = 0;
  double *a = malloc(n * sizeof(double));
  double b[8];
  int scalar = 14;
  for (int i = 0; i < n; ++i)
    a[i] = i;
  for (int i = 0; i < 8; ++i)
    b[i] = 1;
#pragma omp target data map(tofrom: a[0:n], b, scalar)
  {
    double *da = NULL, *db = NULL;
    int *ds = NULL;
#pragma omp target data use_device_ptr(a) use_device_addr(b, scalar)
    {
      da = a;
      db = &b[0];
      ds = &scalar;
    }
#pragma omp target teams distribute parallel for is_device_ptr(da)
    for (int i = 0; i < n; ++i)
      da[i] *= 2;
#pragma omp target is_device_ptr(db, ds) map(tofrom: on_device)
    {
      db[3] = 5;
      *ds += 1;
      on_device = !omp_is_initial_device();
    }
    // The address use_device_addr gave is the one the region maps.
#pragma omp target map(tofrom: errors) map(to: scalar)
    {
      if (&scalar != ds)
        errors++;
    }
  }
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  printf("sum %.1f b[3] %.1f scalar %d errors %d\n", s, b[3], scalar, errors);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  free(a);
  return errors;
}
