// metadirective: the device's variant inside target regions (the fallback
// keeps the pragma), a target construct chosen on the host, and
// target_device (kernel: the GPU's variant; fallback: the host's).
#include <omp.h>

void device_variants(int *a, int n) {
#pragma omp target map(tofrom: a[0:n])
  {
#pragma omp metadirective \
    when(device = {kind(nohost)}: nothing) \
    default(parallel for)
    for (int i = 0; i < n; ++i)
      a[i] += omp_in_parallel();
  }
#pragma omp target map(tofrom: a[0:n])
  {
#pragma omp metadirective when(device = {arch("nvptx64")}: teams distribute parallel for) default(parallel for)
    for (int i = 0; i < n; ++i)
      a[i] *= 2;
  }
}

int host_choice(void) {
  int on_host = 1;
#pragma omp metadirective \
    when(device = {kind(nohost)}: nothing) \
    otherwise(target map(tofrom: on_host))
  {
    on_host = omp_is_initial_device();
  }
  return on_host;
}

void target_device(int *A) {
#pragma omp metadirective \
    when(target_device = {kind(gpu)}: target teams distribute parallel for map(tofrom: A[0:64])) \
    default(target map(to: A[0:64]))
  for (int i = 0; i < 64; ++i)
    A[i] = i;
}
