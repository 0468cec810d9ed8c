// FLAGS: -std=c++17
// Lambdas and function objects a region cannot call on the device: each
// region stays on the host, with the warning at the lambda (or at the call
// of a function object's non-const operator()).
template <typename F>
void apply(F f, double *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = f(a[i]);
}
template <typename F>
void apply2(F f, double *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = f(a[i]);
}
template <typename F>
void apply3(F f, double *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = f(a[i]);
}
struct Count {
  int calls = 0;
  double operator()(double x) { return ++calls + x; }
};

void run(double *a, int n, double *w) {
  // nvcc compiles no __host__ __device__ generic lambda.
  apply([](auto x) { return x * 2; }, a, n);
  // A captured pointer would be the host's on the device.
  apply2([=](double x) { return x * w[0]; }, a, n);
  // Its calls would change a copy.
  apply3(Count{}, a, n);
}
