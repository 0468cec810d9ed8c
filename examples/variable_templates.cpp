// Variable templates in target regions: each specialisation (`scale<double>`,
// `scale<float>`, `ns::pw<double, 3>`, a static data member template
// `K::mul<double>`, an array `tab<double>`) is a variable of its own, which
// the kernel takes as a parameter named with its arguments (`scale_double`)
// and the stub's call names in full (`::scale<double>`): the call named
// `::scale`, a build error. A region in a function template that reaches
// one through its parameters (`scale<T>`) stays on the host
// (tests/fallback/variable_templates_dependent.cpp).
#include <cstdio>
#include <omp.h>

template <class T> T scale = T(2);
template <class T> T tab[4] = {T(1), T(2), T(3), T(4)};
namespace ns {
template <class T, int N> T pw = T(N);
}
struct K {
  template <class T> static constexpr T factor = T(3);
  template <class T> static T mul;
};
template <class T> T K::mul = T(5);

template <class T> void work(T *a, int n) {
  // Named with arguments that do not depend on T: a capture as in main.
#pragma omp target teams distribute parallel for map(tofrom : a [0:n])
  for (int i = 0; i < n; i++)
    a[i] = a[i] * scale<int> + tab<float>[i % 4];
}

int main() {
  const int N = 64;
  double a[N];
  float b[N];
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = N - i;
  int on_device = 0;
#pragma omp target teams distribute parallel for map(tofrom : a, b)
  for (int i = 0; i < N; i++)
    a[i] = a[i] * scale<double> + b[i] * scale<float> + ns::pw<double, 3>;
#pragma omp target map(tofrom : a, on_device)
  {
    for (int i = 0; i < N; i++)
      a[i] += K::mul<double> * K::factor<double>;
    on_device = !omp_is_initial_device();
  }
  // An array specialisation is mapped (tofrom) as any global array is.
#pragma omp target
  for (int i = 0; i < 4; i++)
    tab<double>[i] *= 10;
  // A firstprivate copy: the host's later value is the one the kernel sees.
  scale<float> = 3;
#pragma omp target teams distribute parallel for map(tofrom : b)
  for (int i = 0; i < N; i++)
    b[i] += scale<float> * tab<float>[i % 4];
  work(a, N);
  work(b, N);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] * (i % 5 + 1) + b[i];
  printf("variable_templates: %.1f %.1f %.1f\n", s, tab<double>[3],
         tab<double>[0]);
  fprintf(stderr, "variable_templates: ran on %s\n",
          on_device ? "the device" : "the host");
  return 0;
}
