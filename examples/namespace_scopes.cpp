// Regions in functions that namespaces, linkage specifications and class
// templates enclose: globals that a namespace's own variables shadow, a
// function with C linkage, functions that start on another declaration's
// line, an out-of-line member template of a class template.
#include <omp.h>
#include <cstdio>

int x = 100;
int g[4] = {1, 2, 3, 4};
#pragma omp declare target(g)

namespace a {
int x = 7;
int g[4] = {100, 200, 300, 400};

// The stub's call in a::shadowed must not pass a::x for ::x.
double shadowed(int n) {
  double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += ::x;
  return s;
}

double own(int n) {
  double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += x * i;
  return s;
}

// Nor may the update copy a::g back for ::g.
double updated() {
  double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < 4; ++i) {
    ::g[i] += 1;
    s += ::g[i];
  }
#pragma omp target update from(::g)
  return s + ::g[3];
}
} // namespace a

namespace {
int x = 9; // ::x names the global, not this one
double hidden(int n) {
  double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += x;
  return s;
}
} // namespace

// Kernel templates with C linkage do not compile.
extern "C" {
namespace b {
double lambdas(int n) {
  auto l = [&](auto k) {
    double s = 0;
#pragma omp target map(tofrom: s)
    for (int i = 0; i < n; ++i) s += k;
    return s;
  };
  return l(2) + l(0.5);
}
extern "C++" template <class T> T sum(T v, int n) {
  T s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += v;
  return s;
}
} // namespace b
}

namespace c { double sameLine(int n) { double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += 3;
  return s; } }

static int q = 4; double midLine(int n) { double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += q;
  return s; }

template <class T> struct Box {
  T base;
  template <class U> double fill(U u, int n);
};
template <class T>
template <class U>
double Box<T>::fill(U u, int n) {
  double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += u + base;
  return s;
}

static int ranOnDevice() {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main() {
  printf("shadowed %g own %g\n", a::shadowed(10), a::own(10));
  double u = a::updated();
  printf("updated %g g %d %d a::g %d\n", u, g[0], g[3], a::g[0]);
  printf("hidden %g\n", hidden(10));
  printf("lambdas %g sum %d\n", b::lambdas(10), b::sum(2, 10));
  printf("sameLine %g midLine %g\n", c::sameLine(10), midLine(10));
  Box<int> p{2};
  printf("fill %g\n", p.fill(1.5, 10));
  fprintf(stderr, "namespace_scopes: ran on %s\n",
          ranOnDevice() ? "device" : "host");
  return 0;
}
