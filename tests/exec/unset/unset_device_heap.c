// Wrong on purpose (exec.cmake, exec_poison.*): omp_alloc in device code
// takes the device heap, whose memory a GPU leaves as it was; the region
// reads it before writing it. The host build's omp_alloc of 1 MiB comes
// from fresh zero pages and prints 1; so does the emulation while it fills
// fresh memory with zeros, so the exec test must fail under
// O2C_EMU_POISON=ff.
// exec-reference: clang
#include <omp.h>
#include <stdio.h>

#pragma omp requires dynamic_allocators

#define N (1 << 18)

int main(void) {
  int on_device = 0, zeros = 1;
#pragma omp target map(from: on_device) map(tofrom: zeros)
  {
    on_device = !omp_is_initial_device();
    int *p = (int *)omp_alloc(N * sizeof(int), omp_default_mem_alloc);
    if (p) {
      for (int i = 0; i < N; ++i)
        zeros = zeros && p[i] == 0;
      omp_free(p, omp_default_mem_alloc);
    }
  }
  printf("zeros %d\n", zeros);
  fprintf(stderr, "ran on the %s\n", on_device ? "device" : "host");
  return 0;
}
