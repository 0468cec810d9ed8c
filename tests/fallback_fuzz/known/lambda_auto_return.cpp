// Known failure (fallback fuzz, feature lambda-auto-return): a target region
// calls a lambda without a trailing return type.  The region stays on the
// host (omp2cuda-host-type), but the lambda's call operator is still marked
// for the device, and the mark lands inside its parameter list:
//   auto fv = [=](int i__host__ __device__ ) { return pa[i] + 1; };
// so the generated file does not compile.
#include <cstdio>

int main() {
  int a[8];
  int *pa = a;
  for (int i = 0; i < 8; i++)
    a[i] = i;
  auto fv = [=](int i) { return pa[i] + 1; };
  int t = 0;
#pragma omp target map(tofrom: t)
  { t = fv(2); }
  std::printf("%d\n", t);
  return 0;
}
