// C that is not C++ (ARCHITECTURE §1, the C-to-CUDA-C++ edits): malloc
// without casts, `restrict` pointers, and variables named `new` and `class`.
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

static void scale_into(double *restrict new, const double *restrict old, int n, int class) {
#pragma omp target teams distribute parallel for map(to: old[0:n]) map(from: new[0:n])
  for (int i = 0; i < n; ++i)
    new[i] = old[i] * class + 1.0;
}

int main(void) {
  int n = 100000;
  double *old = malloc(n * sizeof *old);
  double *new = malloc(n * sizeof(double));
  int class = 3;
  for (int i = 0; i < n; ++i)
    old[i] = (double)(i % 100) * 0.5;
  scale_into(new, old, n, class);
  int errors = 0;
  double sum = 0.0;
  for (int i = 0; i < n; ++i) {
    if (new[i] != old[i] * class + 1.0)
      errors++;
    sum += new[i];
  }
  fprintf(stderr, "c_malloc: ran on %s\n", ran_on_device() ? "device" : "host");
  printf("c_malloc: n=%d sum=%.2f errors=%d\n", n, sum, errors);
  free(old);
  free(new);
  return errors != 0;
}
