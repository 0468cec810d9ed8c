// clang's float forms and min/max of the GNU atomic builtins in host code
// (GCC and nvcc's front end have none): a region's host fallback (if(0))
// and the code around it call o2c_dev's, a compare-and-swap loop in nvcc's
// host pass; the device side runs the same updates from every thread.
// clang's max and min of a NaN object store the other operand (LLVM's
// maxnum), as o2c_dev's do.
#include <math.h>
#include <stdio.h>

int main(void) {
  float f = 0.0f;
  double d = 10.0;
  int m = 0, last = -1, hi = 0;
  for (int pass = 0; pass < 2; pass++) {
#pragma omp target teams distribute parallel for if(pass) map(tofrom: f, d, m, hi)
    for (int i = 0; i < 1000; i++) {
      __atomic_fetch_add(&f, 0.5f, __ATOMIC_RELAXED);
      __atomic_sub_fetch(&d, 0.25, __ATOMIC_SEQ_CST);
      __atomic_fetch_max(&m, i % 700, __ATOMIC_RELAXED);
      __atomic_max_fetch(&hi, i, __ATOMIC_RELAXED);
    }
  }
  last = __atomic_fetch_min(&m, 5, __ATOMIC_RELAXED);
  float g = __atomic_add_fetch(&f, 1.0f, __ATOMIC_RELAXED);
  double nx[2] = {NAN, NAN}, ny[2] = {2.0, 2.0};
  for (int pass = 0; pass < 2; pass++) {
#pragma omp target if(pass) map(tofrom: nx, ny)
    {
      __atomic_fetch_max(&nx[pass], 1.5, __ATOMIC_RELAXED);
      __atomic_fetch_min(&ny[pass], (double)NAN, __ATOMIC_RELAXED);
    }
  }
  printf("f=%.1f d=%.2f m=%d last=%d hi=%d g=%.1f\n", f, d, m, last, hi, g);
  printf("nx=%.1f %.1f ny=%.1f %.1f\n", nx[0], nx[1], ny[0], ny[1]);
  return 0;
}
