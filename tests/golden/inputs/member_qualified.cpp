// In-class member functions whose regions name the class's own typedef:
// unqualified (the kernel declares the alias) and through the class's name
// (the kernel, placed before the class, cannot: left on the host, located).
template <class T> struct Vec {
  using value_type = T;
  T *v;
  int n;
  void scale(T f) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
    for (int i = 0; i < n; ++i) {
      value_type t = v[i] * f;
      v[i] = t;
    }
  }
  void shift(T d) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
    for (int i = 0; i < n; ++i)
      v[i] = typename Vec<T>::value_type(v[i] + d);
  }
};
void use(double *a, int n) {
  Vec<double> q{a, n};
  q.scale(3);
  q.shift(1);
}
