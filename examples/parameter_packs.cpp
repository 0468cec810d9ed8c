// exec-std: c++20
// Regions in function templates that use a function parameter pack
// (`Ts... xs`, `auto... xs`): the kernel and its stub take a pack of their
// own, last, and each element reaches the kernel as OpenMP passes a
// variable of its type: a scalar firstprivate, a pointer as a zero-length
// array section (its device address, here inside `target data`). A pack
// of references or of class objects stays on the host [omp2cuda-host-type].
// stderr says where the regions ran.
#include <cstdio>
#include <omp.h>

template <typename... Ts> double weighted(int &on, Ts... ws) {
  double r = 0;
#pragma omp target map(tofrom: r, on)
  {
    r = (0.0 + ... + (double)ws) * (double)sizeof...(ws);
    on = !omp_is_initial_device();
  }
  return r;
}

// Every array gets i times the number of arrays, plus a per-array offset.
template <typename... Ps> void fill(int n, Ps... arrays) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i) {
    int k = 0;
    ((arrays[i] = i * (int)sizeof...(arrays) + k++), ...);
  }
}

long scaled(long s, auto... fs) {
  long r = 0;
#pragma omp target map(tofrom: r)
  r = (s * ... * fs);
  return r;
}

int main() {
  const int n = 16;
  int a[n];
  double b[n];
  long c[n];
  int on = 0;
#pragma omp target data map(from: a, b, c)
  {
    fill(n, a, b, c);
    fill(n / 2, c);
  }
  double w = weighted(on, 1, 2.5f, 'a', 4L);
  double none = weighted(on);
  std::printf("parameter_packs: a[15]=%d b[3]=%g c[7]=%ld c[9]=%ld\n", a[15],
              b[3], c[7], c[9]);
  std::printf("parameter_packs: weighted %g %g scaled %ld %ld\n", w, none,
              scaled(3, 2, (short)5, 7L), scaled(9));
  std::fprintf(stderr, "parameter_packs: ran on %s\n",
               on ? "the device" : "the host");
  return 0;
}
