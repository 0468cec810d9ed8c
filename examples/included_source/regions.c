// Included at file scope by examples/included_source.c, which defines
// SCALE first (OpenMP_VV's OMP_TARGET_OFFLOAD tests include a whole test
// this way). Not a header by its name, yet translated as one: the copy is
// regions.cu.c beside the .cu.
#include <omp.h>

static int scale_on_device(int *a, int n) {
  int on_device = 0;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], on_device)
  for (int i = 0; i < n; i++) {
    a[i] = a[i] * SCALE + i;
    if (i == 0)
      on_device = !omp_is_initial_device();
  }
  return on_device;
}
