// Regions in function templates that reach a global variable through a name
// that depends on the template's parameters: a variable template's
// specialisation (`scale<T>`) and a static data member through a class
// parameter (`C::mul`, `C::template acc<T>`). The kernel is printed from
// the template's pattern, where no capture stands for them: it named the
// host's variables, which nvcc rejects in device code (the emu build read
// them). Each such region stays on the host [omp2cuda-host-context]; one
// that names a constant that way (`C::factor`) or globals outright
// (`scale<int>`, `K::mul`) runs on the device.
#include <cstdio>

template <class T> T scale = T(2);
struct K {
  static double mul;
  static constexpr double factor = 1.5;
  template <class T> static T acc;
};
double K::mul = 4;
template <class T> T K::acc = T(1);

template <class T, class C> void work(T *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom : a [0:n])
  for (int i = 0; i < n; i++)
    a[i] = a[i] * scale<T> + 1;
#pragma omp target teams distribute parallel for map(tofrom : a [0:n])
  for (int i = 0; i < n; i++)
    a[i] += C::mul;
#pragma omp target map(tofrom : a [0:n])
  for (int i = 0; i < n; i++)
    a[i] -= C::template acc<T>;
#pragma omp target teams distribute parallel for map(tofrom : a [0:n])
  for (int i = 0; i < n; i++)
    a[i] = a[i] * C::factor + scale<int> + K::mul;
}

int main() {
  const int N = 32;
  double a[N];
  float b[N];
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = 2 * i;
  scale<float> = 3;
  K::acc<float> = 7;
  work<double, K>(a, N);
  work<float, K>(b, N);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] * (i % 3 + 1) + b[i];
  printf("variable_templates_dependent: %.2f\n", s);
  return 0;
}
