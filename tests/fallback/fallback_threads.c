// A region left on the host while another thread's translated regions
// write other parts of the same mapped array (docs/host-fallback.md,
// "Other threads"): the fallback copies the whole entry back, which must
// not undo the other thread's kernels.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256
#define K 300

int main(void) {
  int *x = calloc(2 * N, sizeof(int));
  int threads = 0;
#pragma omp target data map(tofrom: x[0:2 * N])
  {
#pragma omp parallel num_threads(2)
    {
      int t = omp_get_thread_num();
#pragma omp single
      threads = omp_get_num_threads();
      for (int k = 0; k < K; ++k) {
        if (t == 0) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:N])
          for (int i = 0; i < N; ++i)
            x[i] += 1;
        } else {
          // omp2cuda: host (the other thread's regions stay on the host)
#pragma omp target teams distribute parallel for map(tofrom: x[N:N])
          for (int i = N; i < 2 * N; ++i) {
            volatile int c = 0; // long enough to overlap the other's kernels
            for (int r = 0; r < 2000; ++r)
              c = c + 1;
            x[i] += c / 1000;
          }
        }
      }
    }
  }
  long s0 = 0, s1 = 0;
  for (int i = 0; i < N; ++i) {
    s0 += x[i];
    s1 += x[N + i];
  }
  printf("threads %d: %ld %ld\n", threads, s0, s1);
  free(x);
  return 0;
}
