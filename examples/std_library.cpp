// The rest of the standard library that device code may use: <cmath>
// classification (isnan, isinf, isfinite, signbit: those a GPU got right;
// fpclassify and isnormal keep a region on the host) and integer overloads,
// std::abs, fmin/fmax, exp10, sincos, std::min/max/swap/clamp,
// std::numeric_limits, std::array and std::pair.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <omp.h>
#include <utility>
int main() {
  const int n = 1000;
  double d[n];
  float f[n];
  int k[n];
  long l[n];
  std::array<double, 4> coef = {0.5, -1.5, 2.0, 0.25};
  for (int i = 0; i < n; ++i) {
    d[i] = (i % 7 == 0) ? std::nan("") : 0.01 * (i - 500);
    f[i] = 0.002f * i;
    k[i] = i - 400;
    l[i] = 1000L - 3L * i;
  }
#pragma omp target teams distribute parallel for map(tofrom: d, f, k, l) map(to: coef)
  for (int i = 0; i < n; ++i) {
    double s, c;
    sincos(d[i], &s, &c);
    const bool bad = std::isnan(d[i]) || std::isinf(d[i]) || !std::isfinite(d[i]);
    double v = bad ? std::numeric_limits<double>::max() : s * c + std::cos(f[i]);
    v = std::min(v, 1.0e6) + (std::signbit(d[i]) ? 1.0 : 0.0) +
        (d[i] != 0.0 && std::isfinite(d[i]) ? 2.0 : 0.0);
    v += std::sqrt(std::abs(k[i])) + std::pow(k[i] % 5, 2) + exp10(f[i]) +
         std::fmin(f[i], 0.5f) + std::fmax(d[i], -1.0);
    float a = f[i], b = 1.0f - f[i];
    std::swap(a, b);
    f[i] = std::clamp(a - b, -0.5f, 0.5f) + std::cos(f[i]) + std::sin(1.0f) +
           std::numeric_limits<float>::epsilon();
    const std::pair<int, double> shift = std::make_pair(3, 0.125);
    v += coef[i % coef.size()] * shift.second + std::get<0>(shift);
    d[i] = v;
    k[i] = std::max(std::abs(k[i]), 7) + std::numeric_limits<int>::digits;
    l[i] = std::abs(l[i]) + std::lround(d[i] * 0.001);
  }
  double sd = 0, sf = 0;
  long sk = 0;
  for (int i = 0; i < n; ++i) {
    sd += d[i];
    sf += f[i];
    sk += k[i] + l[i];
  }
  printf("std_library: d=%.6e f=%.6e k=%ld\n", sd, sf, sk);
  int on = 0;
#pragma omp target map(tofrom: on)
  on = !omp_is_initial_device();
  fprintf(stderr, "std_library: ran on %s\n", on ? "the device" : "the host");
  return 0;
}
