// A region in a function template, `template <typename T> void axpy(...)`,
// instantiated for float and double (the kernel and stub become templates).
// Small integer-valued data: exact in float and double. stderr says where it ran.
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
void axpy(T a, const T *x, T *y, int n) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

template <typename T>
int run(const char *name, int n) {
  std::vector<T> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = (T)(i % 16);
    y[i] = (T)(i % 3);
  }
  axpy<T>((T)2, x.data(), y.data(), n);
  int errors = 0;
  long sum = 0;
  for (int i = 0; i < n; ++i) {
    errors += y[i] != (T)(2 * (i % 16) + i % 3);
    sum += (long)y[i];
  }
  std::printf("function_template<%s>: n=%d sum=%ld errors=%d\n", name, n, sum, errors);
  return errors;
}

int main() {
  int errors = run<float>("float", 100000) + run<double>("double", 100000);
  std::fprintf(stderr, "function_template: ran on %s\n", ran_on_device() ? "device" : "host");
  return errors != 0;
}
