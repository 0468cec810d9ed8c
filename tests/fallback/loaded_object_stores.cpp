// A pointer loaded from a record mapped whole, kept in a C++ object (a
// brace-initialised aggregate, std::pair, std::array, a setter's member,
// a template's member, a derived class's base pointer) and dereferenced
// from there: the region stays on the host (review ldb: st3, x17, y2, y5,
// y6, z8, v51 printed 50 on the host, 2 under emu).
#include <array>
#include <cstdio>
#include <utility>
struct S { int *p; int n; };
struct W { int *q; void set(int *x) { q = x; } };
template <class T> struct Box { T v; };
struct Base { int x; };
struct Der : Base { int y; };
int main() {
  int a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  S s = {a, 8};
  Der d[1] = {{{1}, 2}};
  Der *dp = d;
#pragma omp target map(to: s) map(tofrom: a)
  { struct B { int *v; } b = {s.p}; b.v[0] = 50; }
#pragma omp target map(to: s) map(tofrom: a)
  { std::pair<int *, int> pr(s.p, 1); pr.first[1] = 51; }
#pragma omp target map(to: s) map(tofrom: a)
  { W w; w.set(s.p); w.q[2] = 52; }
#pragma omp target map(to: s) map(tofrom: a)
  { std::array<int *, 1> ar = {s.p}; ar[0][3] = 53; }
#pragma omp target map(to: s) map(tofrom: a)
  { Box<int *> b{s.p}; b.v[4] = 54; }
#pragma omp target map(to: s) map(tofrom: a)
  { Box<S> b{s}; b.v.p[5] = 55; }
#pragma omp target map(to: s) map(tofrom: a)
  { int *arr[1] = {s.p}; arr[0][6] = 56; }
  // Stored by a lambda into the region's pointer, dereferenced after.
#pragma omp target map(to: s) map(tofrom: a)
  { int *q = nullptr; auto set = [&q](int *x) { q = x; }; set(s.p);
    q[7] = 58; }
  // An implicit pointer converted to its base class's: the same object.
#pragma omp target map(tofrom: d)
  { Base *b = dp; b->x = 57; }
  for (int i = 0; i < 8; ++i)
    std::printf("%d ", a[i]);
  std::printf("%d %d\n", d[0].x, d[0].y);
  return 0;
}
