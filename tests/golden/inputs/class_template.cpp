// FLAGS: -std=c++17
// Regions in members of a class template: the kernels and stubs take the
// class's template parameters, as the out-of-line definition names them.
template <typename T, int Stride = 1>
struct Strided {
  T *data;
  int n;
  void fill(T v) {
#pragma omp target teams distribute parallel for map(from: data[0:n * Stride])
    for (int i = 0; i < n; ++i)
      data[i * Stride] = v;
  }
  void scale(T s);
};

template <typename U, int S>
void Strided<U, S>::scale(U s) {
#pragma omp target teams distribute parallel for map(tofrom: data[0:n * S])
  for (int i = 0; i < n; ++i)
    data[i * S] *= s;
}

template struct Strided<float, 2>;
template struct Strided<double>;
