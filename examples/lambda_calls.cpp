// Lambdas and function objects called in target regions: a lambda and a
// function object passed to a function template whose region calls them
// (each instantiation's call is checked; the lambda becomes
// `[=] __host__ __device__ (...)`, an nvcc extended lambda), lambdas written
// inside the region (generic ones too) and inside a function the region
// calls, and a region inside a generic lambda. What stays on the host (a
// generic lambda passed from host code, which nvcc cannot compile for both
// sides) is in tests/golden/inputs/lambda_host.cpp. stderr says where each
// ran.
// GCC 12 stops with an internal error on a lambda written in a target
// region, so the reference is clang's:
// exec-reference: clang
#include <omp.h>
#include <cstdio>

template <typename F>
int apply(F f, double *a, int n) {
  int on_device = 0;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], on_device)
  for (int i = 0; i < n; ++i) {
    a[i] = f(a[i]);
    if (i == 0)
      on_device = !omp_is_initial_device();
  }
  return on_device;
}

struct Affine {
  double k, c;
  double operator()(double x) const { return k * x + c; }
};

static double halve_twice(double x) {
  auto h = [](double y) { return y / 2; };
  return h(h(x));
}

static const char *where(int on_device) { return on_device ? "device" : "host"; }

int main() {
  const int n = 4096;
  double a[n];
  for (int i = 0; i < n; ++i)
    a[i] = i % 17;
  double off = 0.5;
  int d1 = apply([=](double x) { return x + off; }, a, n);
  int d2 = apply(Affine{3.0, -1.0}, a, n);
  int d3 = apply([] (double x) { return x * x / 64; }, a, n);
  int d4 = apply([](double x) { return x > 50 ? x - 50 : x; }, a, n);
  int d5 = 0;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], d5)
  for (int i = 0; i < n; ++i) {
    auto sq = [](auto y) { return y * y; };
    auto cut = [](double y) -> double { return y > 100 ? 100 : y; };
    a[i] = cut(sq(a[i])) + halve_twice(a[i]);
    if (i == 0)
      d5 = !omp_is_initial_device();
  }
  // A region in a generic lambda: the kernel is a template over its `auto`
  // parameters' types, which the call names through decltype.
  double *pa = a;
  auto shift = [&](auto by, const auto &scale) {
#pragma omp target teams distribute parallel for map(tofrom: pa[0:n])
    for (int i = 0; i < n; ++i)
      pa[i] = (pa[i] + by) * scale;
  };
  shift(1, 0.5);
  shift(0.25, 2.0f);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  std::printf("lambda_calls: n=%d sum=%.6f a[5]=%.6f a[100]=%.6f\n", n, s, a[5],
              a[100]);
  std::fprintf(stderr, "lambda_calls: ran on %s %s %s %s %s\n", where(d1),
               where(d2), where(d3), where(d4), where(d5));
  return 0;
}
