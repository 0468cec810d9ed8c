// FLAGS: -std=c++17
// A region in a function template: the kernel and stub become templates.
template <typename T>
void axpy(T a, const T *x, T *y, int n) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

template void axpy<float>(float, const float *, float *, int);
template void axpy<double>(double, const double *, double *, int);
