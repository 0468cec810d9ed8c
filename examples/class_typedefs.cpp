// Class-scope typedefs in regions (issue 10 point 4): a member function's
// region whose variables and text name the class's own typedefs (`using
// value_type = ...`, `typedef value_type *pointer`, a typedef of a
// non-template class, one inherited from a base template). The kernel is
// outside the class: it spells each as what it stands for. (A loop variable
// of a dependent typedef type stays on the host: its type is not known to be
// an integer.) stderr says where it ran.
#include <omp.h>
#include <stdio.h>

template <typename T> struct Storage {
  typedef T value_type;
  typedef unsigned size_type;
};

template <typename T> struct Vec : Storage<T> {
  using value_type = typename Storage<T>::value_type;
  typedef value_type *pointer;
  using size_type = typename Storage<T>::size_type;
  pointer data;
  size_type n;
  value_type scale;

  explicit Vec(size_type len) : n(len), scale(2) {
    data = new value_type[n];
    for (size_type i = 0; i < n; i++)
      data[i] = value_type(i % 10) / 4;
  }
  ~Vec() { delete[] data; }

  // Defined in the class: the kernel goes before it.
  value_type sum(int &on_device) {
    value_type s = 0;
    int dev = 0;
    pointer p = data;
    const int len = int(n);
    const value_type k2 = scale;
#pragma omp target teams distribute parallel for reduction(+: s) \
    map(to: p[0:len]) map(tofrom: dev)
    for (int i = 0; i < len; i++) {
      size_type k = size_type(i);
      value_type v = p[k] * k2;
      s += v;
      if (k == 0)
        dev = !omp_is_initial_device();
    }
    on_device = dev;
    return s;
  }
  value_type dot(const Vec &o) const;
  void axpy(value_type a, const Vec &x);
};

// Defined out of the class, with its own parameter name.
template <typename U>
typename Vec<U>::value_type Vec<U>::dot(const Vec &o) const {
  value_type s = 0;
  pointer a = data, b = o.data;
  const int len = int(n);
#pragma omp target teams distribute parallel for reduction(+: s) \
    map(to: a[0:len], b[0:len])
  for (int i = 0; i < len; i++)
    s += a[i] * b[i];
  return s;
}

template <typename T> void Vec<T>::axpy(value_type a, const Vec &x) {
  pointer y = data, xs = x.data;
  const int len = int(n);
#pragma omp target teams distribute parallel for map(tofrom: y[0:len]) \
    map(to: xs[0:len])
  for (int i = 0; i < len; i++) {
    value_type t = a * xs[i];
    y[i] = y[i] + static_cast<value_type>(t);
  }
}

// A class that is no template.
struct Grid {
  typedef double real;
  typedef int index;
  real *cells;
  index count;
  real total() const;
};

Grid::real Grid::total() const {
  real t = 0;
  real *c = cells;
  const index len = count;
#pragma omp target teams distribute parallel for reduction(+: t) \
    map(to: c[0:len])
  for (index i = 0; i < len; i++) {
    real y = c[i] * real(0.5);
    t += y;
  }
  return t;
}

int main() {
  int on_device = 0;
  Vec<double> v(1000);
  Vec<float> w(100);
  printf("sum double %.3f\n", v.sum(on_device));
  int ignored = 0;
  printf("sum float %.3f\n", (double)w.sum(ignored));
  printf("dot %.3f\n", v.dot(v));
  v.axpy(0.5, v);
  printf("after axpy: sum %.3f\n", v.sum(ignored));
  double cells[6] = {1, 2, 3, 4, 5, 6};
  Grid g{cells, 6};
  printf("grid total %.2f\n", g.total());
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
