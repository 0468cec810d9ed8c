// A target region inside a function under `declare variant` (and `declare
// simd` on another): the pragmas must stay right before their functions, so
// the kernels go ahead of them (OpenMP_VV 5.1
// dispatch/test_dispatch_is_device_ptr.c failed to compile when a kernel was
// printed between pragma and function). The variant is for nvptx devices
// only, so the host calls the base function, which offloads its region.
// stderr says where it ran.
#include <omp.h>
#include <stdio.h>

void add_gpu(int *a, int n);

#pragma omp declare variant(add_gpu) match(device = {arch(nvptx, nvptx64)})
void add(int *a, int n) {
  int on_device = 0;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], on_device)
  for (int i = 0; i < n; i++) {
    if (i == 0)
      on_device = !omp_is_initial_device();
    a[i] += 2 * i;
  }
  fprintf(stderr, "variant_region: %s\n",
          on_device ? "ran on device" : "ran on the host");
}

void add_gpu(int *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] += 4 * i;
}

#pragma omp declare simd
int twice(int x) { return 2 * x; }

int main(void) {
  int a[64], sum = 0;
  for (int i = 0; i < 64; i++)
    a[i] = twice(i);
  add(a, 64);
  for (int i = 0; i < 64; i++)
    sum += a[i];
  printf("variant_region: sum=%d (expected %d)\n", sum, 4 * 63 * 64 / 2);
  return sum != 4 * 63 * 64 / 2;
}
