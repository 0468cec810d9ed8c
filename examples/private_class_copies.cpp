// Data-sharing copies of classes with user-written special members (task
// b19): a private copy is default-constructed and destroyed in device code,
// so the class's constructor and destructor are marked __host__ __device__
// as a local object's are, on the region's own construct, the lastprivate
// copy, a class template, an implicit constructor that runs a member's
// user-written one, a nested construct's copy of a region local and a plain
// target's private.
// A firstprivate object whose copy constructor is trivial goes to the
// kernel bitwise, whatever its destructor. (A firstprivate or lastprivate
// object copied by a user-written copy constructor or copy assignment
// stays on the host: the kernel would copy it a different number of
// times.)
// Each iteration reads only what the constructors set, so any number of
// threads gives the same answer. stderr says where it ran. g++ 12 builds
// `target private(x)` without running x's constructor (the reference then
// printed "target private: 2720", a copy of v 0), so clang is the reference:
// exec-reference: clang
#include <omp.h>
#include <cstdio>

struct Acc {
  int v;
  Acc() : v(1) {}
  ~Acc() { v = 0; }
};
struct Plain {
  int v;
  Plain() : v(2) {}
};
struct Wrap {
  Acc a;
  int k = 4;
};
template <class T> struct Box {
  T v;
  Box() : v(T(3)) {}
  ~Box() { v = T(0); }
};

#define N 16

static long sum(const int *a) {
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += (long)a[i] * (i + 1);
  return s;
}

int main() {
  int a[N];
  int on_device = 0;
  Acc x;
  x.v = 7;
  Plain p;
  Wrap w;
  Box<double> b;

#pragma omp target teams distribute parallel for private(x) map(from: a) map(tofrom: on_device)
  for (int i = 0; i < N; ++i) {
    if (i == 0)
      on_device = !omp_is_initial_device();
    a[i] = x.v * 10 + i;
  }
  std::printf("private: %ld, original %d\n", sum(a), x.v);

#pragma omp target teams distribute parallel for lastprivate(p) map(from: a)
  for (int i = 0; i < N; ++i) {
    p.v = 3 * i;
    a[i] = p.v + i;
  }
  std::printf("lastprivate: %ld, last %d\n", sum(a), p.v);

#pragma omp target teams distribute parallel for private(w, b) map(from: a)
  for (int i = 0; i < N; ++i)
    a[i] = w.a.v + w.k + (int)b.v + i;
  std::printf("member and template: %ld\n", sum(a));

#pragma omp target map(from: a)
  {
    Acc y;
    y.v = 9;
#pragma omp parallel for private(y)
    for (int i = 0; i < N; ++i)
      a[i] = y.v + 5 * i;
  }
  std::printf("nested: %ld\n", sum(a));

#pragma omp target private(x) map(from: a)
  for (int i = 0; i < N; ++i)
    a[i] = x.v + 2 * i;
  std::printf("target private: %ld\n", sum(a));

#pragma omp target teams distribute parallel for firstprivate(x) map(from: a)
  for (int i = 0; i < N; ++i)
    a[i] = x.v * 100 + i;
  std::printf("firstprivate: %ld, original %d\n", sum(a), x.v);

  std::fprintf(stderr, "ran on the %s\n", on_device ? "device" : "host");
  return 0;
}
