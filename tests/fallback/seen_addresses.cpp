// A mapped array's or section base's address given to a constructor,
// returned by or captured in a lambda, or bound to a reference to a
// pointer, or bit-cast to an integer, that reaches storage the host reads (review of v20: host 1,
// emu 0): the region stays on the host. Dereferenced only through the same
// constructs, it is translated; either way the host build's answers.
#include <stdint.h>
#include <stdio.h>
#include <utility>

struct S {
  int *q;
  S() : q(nullptr) {}
  S(int *x) : q(x) {}
};
struct W {
  int *q;
  W(int *x) : q(x) {}
};
struct H {
  int *q;
  int n;
};
W gw(nullptr);
template <class T> T *tid(T *x) { return x; }
template <class T> void viaTemplate(T *p, T **s) {
#pragma omp target map(tofrom: p[0:8], s[0:1])
  { s[0] = tid(p); }
}
#pragma omp declare target
static int *id(int *const &r) { return r; }
static int get(int *const &r) { return r[2]; }
#pragma omp end declare target

int main() {
  int a[8] = {0}, buf[8] = {0}, r[8] = {0};
  int *p = buf;
  int *s[1] = {nullptr};
  S sv;
  W wl(nullptr);
  H h = {nullptr, 0};
#pragma omp target map(tofrom: a, sv)
  { sv = S(a); a[1] = 1; }
  printf("S(a) %d\n", sv.q == &a[0]);
#pragma omp target map(tofrom: a, wl)
  { W w(a); wl = w; }
  printf("W w(a) copied %d\n", wl.q == &a[0]);
#pragma omp target map(tofrom: a, gw)
  { gw = W(a); }
  printf("global W(a) %d\n", gw.q == &a[0]);
#pragma omp target map(tofrom: a, h)
  { h = H{a, 1}; }
  printf("H{a, 1} %d\n", h.q == &a[0]);
#pragma omp target map(tofrom: a, s)
  { auto f = [&]() { return &a[0]; }; s[0] = f(); }
  printf("lambda result %d\n", s[0] == &a[0]);
  s[0] = nullptr;
#pragma omp target map(tofrom: a, s)
  { s[0] = [&]() { return &a[2]; }(); }
  printf("called in place %d\n", s[0] == &a[2]);
  s[0] = nullptr;
#pragma omp target map(tofrom: a, s)
  { auto f = [q = &a[0]]() { return q; }; s[0] = f(); }
  printf("init capture %d\n", s[0] == &a[0]);
  s[0] = nullptr;
#pragma omp target map(tofrom: p[0:8], s)
  { auto f = [p]() { return p; }; s[0] = f(); }
  printf("copy capture %d\n", s[0] == p);
  s[0] = nullptr;
#pragma omp target map(tofrom: a, s)
  { auto g = [&](int *x) { s[0] = x; }; g(a); }
  printf("lambda argument %d\n", s[0] == &a[0]);
  s[0] = nullptr;
#pragma omp target map(tofrom: a, s)
  { s[0] = id(a); }
  printf("reference parameter %d\n", s[0] == &a[0]);
  s[0] = nullptr;
#pragma omp target map(tofrom: p[0:8], s)
  { int *const &rr = p; s[0] = rr; }
  printf("local reference %d\n", s[0] == p);
  s[0] = nullptr;
#pragma omp target map(tofrom: a, s)
  {
    auto pr = std::make_pair(&a[0], 1);
    s[0] = pr.first;
  }
  printf("make_pair %d\n", s[0] == &a[0]);
  s[0] = nullptr;
#pragma omp target map(tofrom: a, s)
  {
    H l{a, 1};
    auto &[x, y] = l;
    s[0] = x;
  }
  printf("structured binding %d\n", s[0] == &a[0]);
  s[0] = nullptr;
  viaTemplate(p, s);
  printf("template callee %d\n", s[0] == p);
  uintptr_t u[1] = {0};
#pragma omp target map(tofrom: p[0:8], u)
  { u[0] = __builtin_bit_cast(uintptr_t, p); }
  printf("bit_cast %d\n", u[0] == (uintptr_t)p);
  // Dereferenced only: translated.
#pragma omp target map(tofrom: a, r)
  {
    W w(a);
    w.q[1] = 5;
    r[0] = w.q[1];
    auto f = [&]() { return &a[3]; };
    *f() = 7;
    r[1] = f()[0];
  }
#pragma omp target map(tofrom: p[0:8], r)
  {
    r[2] = get(p);
    auto g = [=]() { return p[5]; };
    r[3] = g();
    auto k = [p]() { p[6] = 9; };
    k();
    int *const &rr = p;
    rr[7] = 10;
  }
  for (int i = 0; i < 8; ++i)
    printf("%d %d %d\n", a[i], buf[i], r[i]);
  return 0;
}
