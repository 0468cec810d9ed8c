// Class templates whose in-class members hold regions that name the class
// (the class is declared ahead of the kernels: ClassAhead), in forms that
// made the translated program fail to build (issue 10):
// - inside a namespace, constrained by a concept of that namespace named
//   without its qualifier (the kernels now go inside the namespace, before
//   the class, where `Small` means what it means to the class);
// - a parameter pack and a member template (the kernel's pack goes last, or
//   it takes every explicit argument);
// - a member with an `auto` parameter (an abbreviated function template:
//   the kernel names the invented parameter, the call passes decltype).
// exec-std: c++20
#include <omp.h>
#include <concepts>
#include <cstdio>

static int on_device = 1;
static void note(int dev) { on_device = on_device && dev; }

namespace geo {
template <class T> concept Small = sizeof(T) <= 8;

template <Small T, std::integral I>
struct Box {
  T v[32];
  void fill(I k) {
    T *p = v;
    int dev = 0;
#pragma omp target teams distribute parallel for map(from: p[0:32]) map(tofrom: dev)
    for (int i = 0; i < 32; ++i) {
      p[i] = (T)(i * k) + (T)(sizeof(Box) % 7);
      if (i == 0)
        dev = !omp_is_initial_device();
    }
    note(dev);
  }
};
} // namespace geo

template <class... Ts>
struct Pack {
  long v[32];
  template <class U> void fill(U k) {
    long *p = v;
    int dev = 0;
#pragma omp target teams distribute parallel for map(from: p[0:32]) map(tofrom: dev)
    for (int i = 0; i < 32; ++i) {
      p[i] = (long)(i * k) + (long)sizeof...(Ts) * 100 + (long)(sizeof(Pack) % 5);
      if (i == 0)
        dev = !omp_is_initial_device();
    }
    note(dev);
  }
};

template <class T>
struct Abb {
  T v[32];
  void fill(auto k, const auto &shift) {
    T *p = v;
    int dev = 0;
#pragma omp target teams distribute parallel for map(from: p[0:32]) map(tofrom: dev)
    for (int i = 0; i < 32; ++i) {
      p[i] = (T)(i * k + shift) + (T)(sizeof(Abb) % 3);
      if (i == 0)
        dev = !omp_is_initial_device();
    }
    note(dev);
  }
};

int main() {
  geo::Box<int, long> a;
  geo::Box<double, short> b;
  a.fill(3);
  b.fill(2);
  Pack<int, char, double> c;
  Pack<> d;
  c.fill(2.5);
  d.fill(7);
  Abb<int> e;
  Abb<double> f;
  e.fill(3, 1);
  f.fill(0.5, 2L);
  double s = 0;
  for (int i = 0; i < 32; ++i)
    s += a.v[i] + b.v[i] + c.v[i] * 2 + d.v[i] + e.v[i] * 3 + f.v[i];
  std::printf("sum %.2f a %d b %.1f c %ld d %ld e %d f %.2f\n", s, a.v[31],
              b.v[31], c.v[31], d.v[31], e.v[31], f.v[31]);
  std::fprintf(stderr, on_device ? "ran on the device\n" : "ran on the host\n");
  return 0;
}
