// requires unified_shared_memory: the runtime is told, so that a device
// that cannot reach host memory is not used (docs/unified-shared-memory.md).
#include <stdlib.h>
#pragma omp requires unified_shared_memory

int main(void) {
  int n = 256;
  int *a = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i)
    a[i] = i;
#pragma omp target
  for (int i = 0; i < n; ++i)
    a[i] *= 2;
  int r = a[n - 1];
  free(a);
  return r == 2 * (n - 1) ? 0 : 1;
}
