// A member function, a function taking a reference, a constructor or a
// lambda called in the region, or a range-for's copy of each element,
// loads a pointer from a mapped record: the device copy holds the host's
// address unless an item maps through that very pointer (review rm21 R1
// memfn.cpp, refparam.cpp, R2 rangefor.cpp: 5 on the host, 0 under emu;
// now the regions stay on the host).
#include <cstdio>
struct S {
  int *p;
  int n;
  void set(int v) { p[0] = v; }
};
struct W {
  int *q;
  W(S *x) : q(nullptr) { x->p[1] = 7; }
};
#pragma omp declare target
void r(S &x) { x.p[2] = 6; }
#pragma omp end declare target
int main() {
  int a[4] = {0}, b[4] = {0}, c[4] = {0}, d[4] = {0};
  S s = {a, 4};
  S sa[2] = {{b, 4}, {c, 4}};
  auto g = [](S *x) { x->p[3] = 8; };
#pragma omp target data map(tofrom: a[0:4], b[0:4], c[0:4]) map(to: s, sa[0:2])
  {
#pragma omp target
    { s.set(5); }
#pragma omp target
    { r(s); }
#pragma omp target
    { W w(&s); (void)w; }
#pragma omp target
    { g(&s); }
#pragma omp target
    { for (S e : sa) e.p[0] = 9; }
  }
  std::printf("%d %d %d %d %d %d\n", a[0], a[1], a[2], a[3], b[0], c[0]);
  // Attached: translated, and the same answer.
  S t = {d, 4};
  S sb[2] = {{a, 4}, {b, 4}};
#pragma omp target data map(tofrom: a[0:4], b[0:4], d[0:4]) map(to: t, t.p[0:4], sb[0:2], sb[0].p[0:4], sb[1].p[0:4])
  {
#pragma omp target
    { t.set(1); r(t); }
#pragma omp target
    { for (S e : sb) e.p[1] = 2; }
  }
  std::printf("%d %d %d %d\n", d[0], d[2], a[1], b[1]);
  return 0;
}
