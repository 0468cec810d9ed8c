// Allocators are hints (OpenMP 5.2 §6.2): uses_allocators and allocate leave
// the kernel as it would be without them, and nothing of theirs is captured.
#include <omp.h>

void fill(int *out, int n) {
  int x = 0;
#pragma omp target teams distribute parallel for uses_allocators(omp_low_lat_mem_alloc) allocate(omp_low_lat_mem_alloc: x) private(x) map(from: out[0:n])
  for (int i = 0; i < n; ++i) {
    x = 2 * i;
    out[i] = x + 1;
  }
}
