// Neighbours of the class template forms of class_template_forms.cpp, whose
// regions name the class (declared ahead of the kernels): a variadic member
// template, a member with a requires clause, a member template with one, a
// class template nested in another, a class with defaulted comparisons, a
// class template deduced from its constructor's argument (CTAD), and
// members defined outside the class, in their namespace and at file scope,
// naming the class (`sizeof(Far)`) and the namespace's entities unqualified
// (their kernels go where those names mean the same).
// exec-std: c++20
#include <omp.h>
#include <compare>
#include <cstdio>

static int on_device = 1;
static void note(int dev) { on_device = on_device && dev; }

template <class T>
struct V {
  T v[16];
  template <class... Us> void fill(Us... us) {
    T *p = v;
    int dev = 0;
#pragma omp target teams distribute parallel for map(from: p[0:16]) map(tofrom: dev)
    for (int i = 0; i < 16; ++i) {
      p[i] = (T)(i * (int)sizeof...(Us)) + (T)(sizeof(V) % 3);
      if (i == 0)
        dev = !omp_is_initial_device();
    }
    note(dev);
  }
  void twice() requires(sizeof(T) >= 4) {
    T *p = v;
    int dev = 0;
#pragma omp target teams distribute parallel for map(tofrom: p[0:16]) map(tofrom: dev)
    for (int i = 0; i < 16; ++i) {
      p[i] = p[i] * 2 + (T)(sizeof(V) % 2);
      if (i == 0)
        dev = !omp_is_initial_device();
    }
    note(dev);
  }
  template <class U> requires(sizeof(U) <= 8) void add(U u) {
    T *p = v;
    int dev = 0;
#pragma omp target teams distribute parallel for map(tofrom: p[0:16]) map(tofrom: dev)
    for (int i = 0; i < 16; ++i) {
      p[i] += (T)u + (T)(sizeof(V) % 2);
      if (i == 0)
        dev = !omp_is_initial_device();
    }
    note(dev);
  }
  template <class W> struct In {
    W w[16];
    void set(W x) {
      W *p = w;
      int dev = 0;
#pragma omp target teams distribute parallel for map(from: p[0:16]) map(tofrom: dev)
      for (int i = 0; i < 16; ++i) {
        p[i] = x + (W)i;
        if (i == 0)
          dev = !omp_is_initial_device();
      }
      note(dev);
    }
  };
  bool operator==(const V &) const = default;
  auto operator<=>(const V &) const = default;
};

template <class T> struct Holder {
  T x[16];
  Holder(T a) {
    for (int i = 0; i < 16; ++i)
      x[i] = a + (T)i;
  }
  T sum() {
    T s = 0;
    T *p = x;
    int dev = 0;
#pragma omp target teams distribute parallel for reduction(+: s) map(to: p[0:16]) map(tofrom: dev)
    for (int i = 0; i < 16; ++i) {
      s += p[i] + (T)(sizeof(Holder) % 2);
      if (i == 0)
        dev = !omp_is_initial_device();
    }
    note(dev);
    return s;
  }
};

namespace geo {
struct Pad {
  int a;
};
inline int helper(int x) { return x * 3; }
template <class T> struct Far {
  T v[16];
  void fill(int k);
  void stamp();
};
template <class T> void Far<T>::stamp() {
  T *p = v;
  int dev = 0;
#pragma omp target teams distribute parallel for map(tofrom: p[0:16]) map(tofrom: dev)
  for (int i = 0; i < 16; ++i) {
    p[i] += (T)(sizeof(Far) % 5);
    if (i == 0)
      dev = !omp_is_initial_device();
  }
  note(dev);
}
} // namespace geo

template <class T> void geo::Far<T>::fill(int k) {
  T *p = v;
  Pad q{2};
  int dev = 0;
#pragma omp target teams distribute parallel for map(from: p[0:16]) map(tofrom: dev)
  for (int i = 0; i < 16; ++i) {
    p[i] = (T)(helper(i) * k + q.a) + (T)(sizeof(Far) % 3);
    if (i == 0)
      dev = !omp_is_initial_device();
  }
  note(dev);
}

int main() {
  V<int> a;
  a.fill(1, 2.0, 'c');
  a.twice();
  a.add(3L);
  V<int> b = a;
  V<int>::In<double> in;
  in.set(0.5);
  Holder h(2.5);
  geo::Far<long> far;
  far.fill(2);
  far.stamp();
  int s = 0;
  for (int i = 0; i < 16; ++i)
    s += a.v[i];
  std::printf("sum %d equal %d less %d in %.2f holder %.2f far %ld\n", s,
              (int)(a == b), (int)(a < b), in.w[15], h.sum(), far.v[15]);
  std::fprintf(stderr, on_device ? "ran on the device\n" : "ran on the host\n");
  return 0;
}
