// C++ overloads with `begin declare variant` blocks for the GPU (kind(nohost),
// arch(nvptx64)), and one for a device that is not a CUDA GPU (arch(nvptx):
// clang's sm_90 compile has the architecture nvptx64 only). clang's parse
// for the host skips all three blocks; nvcc's front end did not, and declared
// each block's function beside its base (`f$$OMP_VARIANT000000(int)`): the
// calls of the overloads were ambiguous and the .cu did not build. The
// translation keeps each such block in `#if 0` (the device calls the
// renamed variants, omp2cuda_variant_f_L<line>, outside it). The variants
// compute what the bases do, another way, so that the device's results
// equal the host build's; stderr says where the region ran.
// exec-reference: clang
#include <omp.h>
#include <stdio.h>

int f(int x) { return x + 1; }
double f(double x) { return x * 2.0; }
long f(long x, long y) { return x * y; }

#pragma omp begin declare variant match(device = {kind(nohost)})
int f(int x) { return 1 + x; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device = {arch(nvptx64)})
double f(double x) { return x + x; }
long f(long x, long y) { return y * x; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device = {arch(nvptx)})
double f(double x) { return -1.0; }
#pragma omp end declare variant

int main() {
  int a[8];
  double b[8];
  long c[8];
  int on_device = 0;
#pragma omp target map(from : a, b, c, on_device)
  {
    on_device = !omp_is_initial_device();
    for (int i = 0; i < 8; i++) {
      a[i] = f(i);
      b[i] = f(0.5 * i);
      c[i] = f(long(i), 3L);
    }
  }
  fprintf(stderr, "begin_declare_variant_overloads: %s\n",
          on_device ? "ran on device" : "ran on the host");
  long sa = 0, sc = 0;
  double sb = 0;
  for (int i = 0; i < 8; i++) {
    sa += a[i];
    sb += b[i];
    sc += c[i];
  }
  printf("device: %ld %.1f %ld\n", sa, sb, sc);
  printf("host: %d %.1f %ld\n", f(7), f(3.5), f(7L, 3L));
  return 0;
}
