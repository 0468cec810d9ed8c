// Block-scope usings around target regions (review rQ of q20): each region
// either has a kernel that means what the block meant, or stays on the host.
// The output must equal the host build's.
#include <stdio.h>

#include "block_usings.h"

struct G { int g; };
typedef int real;
real gr = 7;
namespace a { inline int f(int) { return 1; } }
namespace b { inline int f(long) { return 2; } }
namespace d { inline int thrice(int) { return 300; } }
namespace deep { inline int thrice(int k) { return 3 * k; } }
namespace orig { namespace inner { inline int h() { return 1; } } }
namespace other {
namespace orig { namespace inner { inline int h() { return 2; } } }
int run() {
  int r = 0;
  {
    using namespace ::orig::inner;
#pragma omp target map(tofrom: r)
    { r = h(); }
  }
  return r;
}
} // namespace other

int app::run() {
  int r = 0;
#pragma omp target map(tofrom: r) firstprivate(gr)
  { gr /= 2; r = gr * 10; }
  return r;
}

int main() {
  G p = {0};
  real q = 0;
  int out = 0, out2 = 0, r1 = 0, r3 = 0;
  {
    using cfg::G;
    using cfg::real;
#pragma omp target map(from: out, out2) private(p, q)
    { p.g = 7; p.g /= 2; out = p.g * 2; q = 7; q /= 2; out2 = q * 2; }
  }
  printf("private copies: %d %d\n", out, out2);
  {
    using a::f;
    {
      using b::f;
#pragma omp target map(tofrom: r1)
      { r1 = f(1); }
    }
  }
  printf("nested using-declarations: %d\n", r1);
  printf("leading ::: %d\n", other::run());
  {
    namespace d = deep;
    {
      int d = 5;
#pragma omp target map(tofrom: r3)
      { r3 = d + d::thrice(1); }
    }
  }
  printf("alias past a variable: %d\n", r3);
  printf("header namespace: %d\n", app::run());
  return 0;
}
