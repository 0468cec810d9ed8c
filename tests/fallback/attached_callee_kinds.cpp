// An overrider of a virtual call, a constructor's member initialiser, a
// local's destructor and a reference member reach a mapped record's
// pointer: main's emu printed 0 0 0 0, the host 5 6 7 8; so do a member's
// and a temporary's destructors (main 0 0, host 7 10).
#include <cstdio>
struct S {
  int *p;
  int n;
};
struct B {
  virtual void run(S &x) {}
  virtual ~B() {}
};
struct D : B {
  void run(S &x) override { x.p[0] = 5; }
};
struct W {
  int v;
  W(S &x) : v(x.p[1] = 6) {}
};
struct Dt {
  S &x;
  ~Dt() { x.p[2] = 7; }
};
struct R {
  S &x;
};
struct Holder {
  Dt d;
};
struct Tmp {
  S &x;
  ~Tmp() { x.p[1] = 10; }
  int get() { return 1; }
};
int main() {
  int a[4] = {0};
  S s = {a, 4};
#pragma omp target data map(tofrom: a[0:4]) map(to: s)
  {
#pragma omp target
    { D d; B *bp = &d; bp->run(s); }
#pragma omp target
    { W w(s); (void)w; }
#pragma omp target
    { Dt d{s}; }
#pragma omp target
    { R r{s}; r.x.p[3] = 8; }
  }
  std::printf("%d %d %d %d\n", a[0], a[1], a[2], a[3]);
  int b[4] = {0};
  S t = {b, 4};
#pragma omp target data map(tofrom: b[0:4]) map(to: t)
  {
#pragma omp target
    { Holder h{{t}}; }
#pragma omp target
    { int v = Tmp{t}.get(); (void)v; }
  }
  std::printf("%d %d\n", b[2], b[1]);
  return 0;
}
