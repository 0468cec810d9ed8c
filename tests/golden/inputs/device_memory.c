// Device memory routines in host code go to the omp2cuda runtime, and
// is_device_ptr passes their pointers to the kernel unchanged.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int n = 64, dev = omp_get_default_device();
  if (omp_get_num_devices() == 0)
    dev = omp_get_initial_device();
  double *d = (double *)omp_target_alloc(n * sizeof(double), dev);
  double h[64];
#pragma omp target teams distribute parallel for is_device_ptr(d) device(dev)
  for (int i = 0; i < n; ++i)
    d[i] = 2.0 * i;
  omp_target_memcpy(h, d, n * sizeof(double), 0, 0, omp_get_initial_device(), dev);
  omp_target_free(d, dev);
  printf("%.1f\n", h[n - 1]);
  return 0;
}
