// Names a region takes from namespaces (issue 10): variables whose types
// were written inside their namespace (`V vv;` in lk, a typedef, a nested
// namespace's type, a template of one, an array of one, an unnamed
// namespace's; a global type `G` that the namespace holding the kernel
// hides with a G of its own), and calls and types found through the
// using-directives, using-declarations and namespace aliases of the blocks
// around a region.
// The kernels are at file scope, where neither the bare `V` nor the block's
// `using namespace cfg;` reaches: the kernels spell types from the global
// scope and re-declare the blocks' usings. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

namespace lk {
struct V { double a, b; };
typedef double real;
V vv = {1, 2};
V arr[4] = {{1, 1}, {2, 2}, {3, 3}, {4, 4}};
real rr = 0.5;
namespace in { struct W { int k; }; W ww = {3}; }
template <class T> struct Box { T v; };
Box<V> bx = {{7, 8}};
} // namespace lk

namespace {
struct A { int x; };
A aa = {11};
namespace lk2 { struct B { int y; }; B bb = {12}; }
} // namespace

struct G { int g; };
G gg = {2}; // declared as `G`, which cfg::G hides in cfg
namespace cfg {
struct G { double unused; };
#pragma omp declare target
inline int twice(int k) { return 2 * k; }
#pragma omp end declare target
int counter = 5;
namespace deep {
inline int thrice(int k) { return 3 * k; }
enum Mode { Fast = 4, Slow = 9 };
} // namespace deep

int shifted() {
  ::G loc = {40}; // the global G, which cfg::G hides in here
  int r = 0;
  #pragma omp target map(tofrom: loc, r, gg)
  { r = loc.g + gg.g; gg.g += 1; }
  return r;
}
} // namespace cfg

namespace app {
namespace inner { inline int plus1(int k) { return k + 1; } }
struct S {
  int v = 5;
  int run();
};
int S::run() {
  using namespace inner; // app::inner; the kernel may be outside app
  int r = 0;
  #pragma omp target map(tofrom: r) map(to: v)
  { r = plus1(v); }
  return r;
}
} // namespace app

int main() {
  int on_host = 1;
  lk::V loc = {3, 4};
  #pragma omp target map(tofrom: loc, lk::vv, lk::arr, lk::rr, lk::in::ww, \
                         lk::bx, on_host)
  {
    loc.b += lk::vv.a;
    lk::vv.b += 5;
    lk::arr[2].a += 1;
    lk::rr *= 3;
    lk::in::ww.k += 1;
    lk::bx.v.a += 1;
    on_host = omp_is_initial_device();
  }
  printf("%g %g %g %g %d %g\n", loc.b, lk::vv.b, lk::arr[2].a, lk::rr,
         lk::in::ww.k, lk::bx.v.a);

  #pragma omp target map(tofrom: aa, lk2::bb)
  { aa.x += 1; lk2::bb.y += 2; }
  printf("%d %d\n", aa.x, lk2::bb.y);

  double s = 0;
  #pragma omp target teams distribute parallel for reduction(+: s) \
      map(to: lk::arr)
  for (int i = 0; i < 4; ++i)
    s += lk::arr[i].a * lk::arr[i].b;
  printf("%g\n", s);

  lk::real t = 0;
  #pragma omp target map(tofrom: t) firstprivate(loc)
  { t = loc.a + loc.b; }
  printf("%g\n", t);

  int r = 0, q = 0;
  using lk::V;
  V p = {7, 0};
  {
    using cfg::twice;
    using cfg::counter; // passed as the kernel's parameter `counter`
    namespace d = cfg::deep;
    {
      using namespace d;
      #pragma omp target map(from: r, q) map(tofrom: p, counter)
      {
        r = twice(21);
        q = thrice(int(p.a)) + Slow;
        V one = {1, 1};
        p.b += one.b;
        counter += twice(3);
      }
    }
  }
  printf("%d %d %g %d\n", r, q, p.b, cfg::counter);

  int w = 0;
  auto f = [&]() {
    using namespace cfg::deep;
    int acc = 0;
    #pragma omp target teams distribute parallel for reduction(+: acc)
    for (int i = 0; i < 100; ++i)
      acc += thrice(i) + Fast;
    w = acc;
  };
  f();
  printf("%d\n", w);

  app::S obj;
  int member = obj.run();
  int shifted = cfg::shifted();
  printf("%d %d %d\n", member, shifted, gg.g);
  fprintf(stderr, "first region ran on the %s\n", on_host ? "host" : "device");
  return 0;
}
