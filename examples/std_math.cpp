// Calls of the <cmath> overloads in std and sincos in device code.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <omp.h>
int main() {
  const int n = 1000;
  float a[n];
  double b[n];
  int c[n];
  for (int i = 0; i < n; ++i) { a[i] = i * 0.001f; b[i] = -i * 0.5; c[i] = -i; }
#pragma omp target teams distribute parallel for map(tofrom: a, b, c)
  for (int i = 0; i < n; ++i) {
    float s, co;
    sincosf(a[i], &s, &co);
    a[i] = std::cos(a[i]) + std::sqrt(a[i]) + std::fabs(s * co) + std::floor(a[i] * 10);
    b[i] = std::abs(b[i]) + (std::isnan(b[i]) ? 1.0 : 0.0) + std::fmax(b[i], -3.0);
    c[i] = std::abs(c[i]) % 7;
  }
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += std::round(a[i] * 1000) + b[i] + c[i];
  int on = 0;
#pragma omp target map(tofrom: on)
  on = !omp_is_initial_device();
  printf("std_math: sum=%.1f\n", sum);
  fprintf(stderr, "std_math: ran on %s\n", on ? "the device" : "the host");
  return 0;
}
