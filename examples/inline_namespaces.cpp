// Types of inline namespaces in kernel and stub parameters: the generated
// code names each type from the global scope and leaves out an inline
// namespace only where lookup finds the same type without it (`lib::S`),
// and keeps it where the enclosing namespace has another entity of the
// name (`lib2::v1::P`, `lib::v1::Box`, `::top::G`), where leaving it out
// would be ambiguous or name the other type.
#include <omp.h>
#include <stdio.h>

namespace lib {
template <class T> struct Box { T v; };
inline namespace v1 {
template <class T> struct Box { T v; T w; };
struct S { int a; };
enum class E { X = 3, Y = 7 };
using I = long;
inline namespace v1a {
struct S2 { int z; };
} // namespace v1a
} // namespace v1
namespace v2 {
struct S { double a; };
} // namespace v2
struct S2 { long q; };
} // namespace lib

namespace lib2 {
struct P { int a; int b; };
inline namespace v1 {
struct P { int q; };
} // namespace v1
} // namespace lib2

inline namespace top {
struct G { int g; };
} // namespace top
struct G { double g; };

namespace app {
struct G { char c; };

int run() {
  lib::v1::Box<lib::v1::S> b{{2}, {3}};
  lib::v1::E e = lib::v1::E::Y;
  lib::v1::I li = 4;
  lib::v1::v1a::S2 s2{6};
  lib2::v1::P q{8};
  top::G g{1};
  lib::v1::S s[2] = {{5}, {9}};
  lib::v1::S *ps = s;
  int out[7] = {0, 0, 0, 0, 0, 0, 0};
#pragma omp target map(tofrom : out[0 : 7]) map(to : ps[0 : 2])              \
    firstprivate(b, e, li, s2, q, g)
  {
    out[0] = b.v.a + b.w.a;
    out[1] = (int)e;
    out[2] = (int)li;
    out[3] = s2.z;
    out[4] = q.q;
    out[5] = g.g;
    out[6] = ps[1].a;
  }
  int r = 0;
  for (int i = 0; i < 7; ++i)
    r = r * 10 + out[i];
  return r;
}
} // namespace app

int main() {
  printf("%d\n", app::run());
  int on_device = 0;
#pragma omp target map(from : on_device)
  on_device = !omp_is_initial_device();
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
