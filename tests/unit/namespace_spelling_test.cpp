// How a kernel spells what its region names from namespaces: types of
// inline namespaces (brief bq point 1) and namespace constants used as
// constant expressions (brief bq point 2).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {
bool has(const std::string &Out, const std::string &S) {
  return Out.find(S) != std::string::npos;
}
} // namespace

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
  CHECK(has(F.Output, "(lib::S s, lib::v1::T t"));
  CHECK(!has(F.Output, "lib::T t"));
}
