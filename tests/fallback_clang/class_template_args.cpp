// In-class member functions whose region maps a template of a type nested
// in the class (review rQ of q20, t21.cpp): the stub, declared before the
// class, cannot name `W<C::In>`, so the region stays on the host with
// [omp2cuda-host-context]. The output must equal the host build's.
#include <stdio.h>

template <class T> struct W { T v; };
struct C {
  struct In { int a; };
  int run() {
    W<In> w{{3}};
    int r = 0;
#pragma omp target map(tofrom: r) firstprivate(w)
    { r = w.v.a; }
    return r;
  }
  int twice() {
    W<W<In> *> p{nullptr};
    W<In> w{{4}};
    p.v = &w;
    int r = 0;
#pragma omp target map(tofrom: r) firstprivate(p)
    { r = p.v ? 2 : 1; }
    return r;
  }
};

int main() {
  C c;
  printf("%d %d\n", c.run(), c.twice());
  return 0;
}
