// FLAGS: -std=c++17
// Regions inside lambdas: the kernel and stub go before the function the
// lambda is written in, named for it; the call inside the lambda passes what
// the lambda captured. A generic lambda's `auto` parameters become the
// kernel's template parameters, named through decltype at the call.
template <typename T>
void scale(T *a, int n, T k) {
  auto run = [&](T extra) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (int i = 0; i < n; ++i)
      a[i] = a[i] * k + extra;
  };
  run(T(1));
}
template void scale<float>(float *, int, float);

void fill(double *a, int n) {
  auto set = [p = a, n](double v) {
#pragma omp target teams distribute parallel for map(from: p[0:n])
    for (int i = 0; i < n; ++i)
      p[i] = v;
  };
  set(2.0);
  auto generic = [&](auto v) {
#pragma omp target teams distribute parallel for map(from: a[0:n])
    for (int i = 0; i < n; ++i)
      a[i] = v;
  };
  generic(3.0);
}
