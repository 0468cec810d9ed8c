// std::complex<double> and std::complex<float> in device code: arithmetic,
// compound assignment and the math functions (nvcc: omp2cuda/std_complex.h
// over libcu++'s cuda::std::complex; the emulated device: libstdc++).
#include <complex>
#include <cstdio>
#include <omp.h>
int main() {
  const int n = 2000;
  std::complex<double> z[n];
  std::complex<float> w[n];
  double r[n];
  for (int i = 0; i < n; ++i) {
    z[i] = std::complex<double>(0.001 * i, 1.0 - 0.0005 * i);
    w[i] = std::complex<float>(0.5f, -0.001f * i);
  }
  const std::complex<double> c(0.25, -0.5);
#pragma omp target teams distribute parallel for map(tofrom: z, w) map(from: r)
  for (int i = 0; i < n; ++i) {
    std::complex<double> u = z[i] * z[i] + c;
    u = u / (1.0 + std::conj(u)) - 0.5 * u;
    u += std::exp(std::complex<double>(0.0, 0.01 * i)) + std::polar(1.0, 0.002 * i);
    u *= std::sqrt(z[i]) + std::pow(z[i], 2.0);
    z[i] = u + std::log(1.0 + std::norm(u)) + std::sin(u) / (2.0 + std::cosh(c));
    r[i] = std::abs(z[i]) + std::arg(z[i]) + z[i].real() - std::imag(z[i]);
    w[i] = w[i] * w[i] - std::complex<float>(1.0f, 0.5f) / (w[i] + 2.0f);
  }
  double sr = 0, si = 0, sa = 0, fr = 0, fi = 0;
  for (int i = 0; i < n; ++i) {
    sr += z[i].real();
    si += z[i].imag();
    sa += r[i];
    fr += w[i].real();
    fi += w[i].imag();
  }
  // Six significant digits: the GPU's complex functions may differ from the
  // host's in the last bits.
  printf("std_complex: z=(%.6g, %.6g) r=%.6g w=(%.6g, %.6g)\n", sr, si, sa, fr, fi);
  int on = 0;
#pragma omp target map(tofrom: on)
  on = !omp_is_initial_device();
  fprintf(stderr, "std_complex: ran on %s\n", on ? "the device" : "the host");
  return 0;
}
