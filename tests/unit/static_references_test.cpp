// Local references bound to globals, which Clang does not capture: the
// kernel's copy of the value is right only for reads of a reference bound
// to a variable that is not declare target and that the region does not
// also name (review rv41 f3, f5, f6).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("references bound to globals: copies only where reads",
          "[analysis][static-ref]") {
  FileResult F = translateC(R"src(
int g = 1;
#pragma omp declare target enter(g)
int h = 3;
struct P { int x, y; } pg = {4, 5};
void f(int *out) {
  int &rg = g;
  int &rh = h;
  int &ry = pg.y;
  const int &ch = h;
  #pragma omp target
  { rg = 7; }
  #pragma omp target
  { rh += 2; }
  #pragma omp target map(tofrom: out[0:4])
  { out[0] = rg; }
  #pragma omp target map(tofrom: out[0:4])
  { out[0] = rh; out[1] = h; }
  #pragma omp target map(tofrom: out[0:4])
  { out[0] = rh; out[1] = ch; out[2] = ry; }
  #pragma omp target map(tofrom: out[0:4])
  { int &own = out[1]; own = 2; }
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 6);
  for (int I : {0, 1, 2, 3}) {
    CHECK_FALSE(T[I]->Translate);
    CHECK(contains(T[I]->Reason, "bound to a variable of static storage"));
  }
  CHECK(T[0]->WhyPos.Line == 12); // at `rg`, not the directive
  CHECK(T[4]->Translate); // reads of copies
  CHECK(T[5]->Translate); // the region's own reference
}
