// clang's float and double forms of the GNU atomic builtins (GCC 12 and
// nvcc's front end have none, so the host build here is clang's): the
// translation calls o2c_dev's (omp2cuda/gnu_atomics.h), a compare-and-swap
// loop over the object's bytes under the emulation, with every thread of
// the grid updating the same two sums; a 2-byte counter stays on the host.
#include <stdio.h>

int main(void) {
  int n = 30000;
  float fs = 0.0f;
  double ds = 0.0, mx = -1.0;
  short hs = 0;
#pragma omp target teams distribute parallel for map(tofrom: fs, ds, mx)
  for (int i = 0; i < n; i++) {
    __atomic_fetch_add(&fs, 0.5f, __ATOMIC_RELAXED);
    __atomic_add_fetch(&ds, 0.25, __ATOMIC_SEQ_CST);
    __atomic_fetch_sub(&ds, 0.125, __ATOMIC_RELAXED);
    __atomic_fetch_max(&mx, (double)(i % 1000), __ATOMIC_RELAXED);
  }
#pragma omp target teams distribute parallel for map(tofrom: hs)
  for (int i = 0; i < 1000; i++)
    __sync_fetch_and_add(&hs, (short)1);
  printf("fs=%.1f ds=%.3f mx=%.1f hs=%d\n", fs, ds, mx, hs);
  return 0;
}
