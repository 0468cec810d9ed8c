// Target regions written inside lambdas: a launcher lambda that captures by
// reference, one that captures by copy with an init-capture, one in a
// function template, and one in a member function that captures `this`.
// Small integer values are exact in double. stderr says where it ran.
#include <omp.h>
#include <cstdio>
#include <vector>

static int ran_on_device() {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

template <typename T>
void shift_all(T *x, int n, T by) {
  auto go = [=]() {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
    for (int i = 0; i < n; ++i)
      x[i] += by;
  };
  go();
}

struct Field {
  double *v;
  int n;
  void smooth_into(double *out) const {
    auto stencil = [this, out]() {
#pragma omp target teams distribute parallel for map(to: v[0:n]) map(from: out[0:n])
      for (int i = 0; i < n; ++i) {
        double l = i > 0 ? v[i - 1] : v[i];
        double r = i < n - 1 ? v[i + 1] : v[i];
        out[i] = l + 2 * v[i] + r;
      }
    };
    stencil();
  }
};

int main() {
  const int n = 10000;
  std::vector<double> a(n), b(n);
  for (int i = 0; i < n; ++i)
    a[i] = i % 13;
  double *pa = a.data();
  double factor = 3;
  auto scale = [&](double extra) {
#pragma omp target teams distribute parallel for map(tofrom: pa[0:n])
    for (int i = 0; i < n; ++i)
      pa[i] = pa[i] * factor + extra;
  };
  scale(1);
  auto add_index = [p = pa, m = n]() {
#pragma omp target teams distribute parallel for map(tofrom: p[0:m])
    for (int i = 0; i < m; ++i)
      p[i] += i % 5;
  };
  add_index();
  shift_all(pa, n, 2.0);
  Field f{pa, n};
  f.smooth_into(b.data());
  double sa = 0, sb = 0;
  for (int i = 0; i < n; ++i) {
    sa += a[i];
    sb += b[i];
  }
  std::printf("lambda_regions: n=%d sum(a)=%.1f sum(b)=%.1f b[7]=%.1f\n", n, sa,
              sb, b[7]);
  std::fprintf(stderr, "lambda_regions: ran on %s\n",
               ran_on_device() ? "device" : "host");
  return 0;
}
