// exec-std: c++20
// Regions in generic lambdas whose parameter pack the region uses (`auto...
// xs`, or `[]<typename... Ts>(Ts... xs)`): as in a function template
// (examples/parameter_packs.cpp), the kernel and its stub take a pack,
// last, which the lambda's call fills from `decltype(xs)...` (or `Ts...`);
// each element reaches the kernel as OpenMP passes a variable of its type,
// a scalar firstprivate, a pointer as a zero-length array section (its
// device address, here inside `target data`). A pack of references or of
// class objects stays on the host [omp2cuda-host-type]. stderr says where
// the regions ran.
#include <cstdio>
#include <omp.h>

int main() {
  int on = 0;
  auto sum = [&on](auto... xs) {
    double r = 0;
#pragma omp target map(tofrom: r, on)
    {
      r = (0.0 + ... + (double)xs);
      on = !omp_is_initial_device();
    }
    return r;
  };
  // Every array gets i plus its place among the arrays.
  auto count = [](int n, auto... arrays) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i) {
      int k = 0;
      ((arrays[i] += i + k++), ...);
    }
  };
  auto mixed = [](int k, auto y, auto... xs) {
    double r = 0;
#pragma omp target map(tofrom: r)
    r = k * y + (0.0 + ... + xs) + sizeof...(xs);
    return r;
  };
  auto product = []<typename... Ts>(Ts... xs) {
    double r = 0;
#pragma omp target map(tofrom: r)
    r = (1.0 * ... * xs);
    return r;
  };
  const int n = 8;
  int a[n] = {1, 2, 3, 4, 5, 6, 7, 8};
  double b[n] = {0};
  long c[n] = {0};
#pragma omp target data map(tofrom: a, b, c)
  {
    count(n, a, b, c);
    count(n / 2, c);
  }
  std::printf("lambda_packs: a[7]=%d b[3]=%g c[2]=%ld c[6]=%ld\n", a[7], b[3],
              c[2], c[6]);
  std::printf("lambda_packs: sum %g %g mixed %g %g product %g %g\n",
              sum(1, 2.5f, 'a'), sum(), mixed(2, 3.5f, 1, 2L, 'c'),
              mixed(1, 1), product(2, 3.0f, 4L), product());
  std::fprintf(stderr, "lambda_packs: ran on %s\n",
               on ? "the device" : "the host");
  return 0;
}
