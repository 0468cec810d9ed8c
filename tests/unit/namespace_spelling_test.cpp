// How a kernel spells what its region names from namespaces: types of
// inline namespaces (brief bq point 1) and namespace constants used as
// constant expressions (brief bq point 2).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a type of an inline namespace keeps it where lookup needs it",
          "[analysis][types]") {
  FileResult F = translateC(R"src(
namespace lib {
inline namespace v1 { struct S { int a; }; struct T { int b; }; }
namespace v2 { struct S { double a; }; }
struct T { long b; };
}
int use() {
  lib::v1::S s{1};
  lib::v1::T t{2};
  int r = 0;
  #pragma omp target map(tofrom: r) firstprivate(s, t)
  r = s.a + t.b;
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  // lib::S finds the one S (v2 is not inline); lib::T finds two.
  CHECK(contains(F.Output, "(lib::S s, lib::v1::T t"));
  CHECK(!contains(F.Output, "lib::T t"));
}

TEST_CASE("a constant a region needs as a constant expression is its value "
          "there",
          "[analysis][constants]") {
  FileResult F = translateC(R"src(
namespace cfg { constexpr int N = 4; constexpr long B = -7; }
template <int V> int twice() { return 2 * V; }
int use() {
  constexpr int L = 5;
  int r = 0;
  #pragma omp target map(tofrom: r)
  {
    int buf[cfg::N];
    buf[0] = cfg::N;
    static_assert(L == 5, "five");
    constexpr long b = cfg::B;
    r = twice<L>() + buf[0] + (int)b;
  }
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "int buf[4];"));
  CHECK(contains(F.Output, "buf[0] = N;"));
  CHECK(contains(F.Output, "static_assert(5 == 5"));
  CHECK(contains(F.Output, "constexpr long b = static_cast<long>((-7LL));"));
  CHECK(contains(F.Output, "twice<5>()"));
}

TEST_CASE("a constant whose value depends on a template's arguments, used "
          "as a constant expression, keeps the region on the host",
          "[analysis][constants]") {
  // In the pattern `L` is value-dependent, no NOUR_Constant use: it became
  // a runtime kernel parameter and `twice<L>()` did not compile (review bq).
  FileResult F = translateC(R"src(
template <int V> int twice() { return 2 * V; }
template <int K> int f() {
  constexpr int L = K + 1;
  int r = 0;
  #pragma omp target map(tofrom: r)
  { int a[L]; a[0] = L; r = twice<L>() + a[0]; }
  return r;
}
int g() { return f<3>(); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  INFO(F.Regions[0].R.Reason);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(contains(F.Regions[0].R.Reason, "'L' is used as a constant expression"));
}

TEST_CASE("a nowait region launches with the box its task holds",
          "[lowering][nowait]") {
  FileResult F = translateC(R"src(
void use(int *out) {
  int c[4] = {1, 2, 3, 4};
  #pragma omp target nowait firstprivate(c) map(tofrom: out[0:4])
  for (int i = 0; i < 4; ++i) out[i] = c[i];
  #pragma omp taskwait
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "auto &c_d = o2c_held_c;"));
  CHECK(!contains(F.Output, "auto c_d = o2c::box(c);"));
}
