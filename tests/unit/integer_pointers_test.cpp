// Pointers a region converts from integers (IntegerPointers.h): the integer
// may hold a host address, so a region dereferencing one stays on the host
// (review hunt m2, m3).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a region dereferencing a pointer converted from an integer stays "
          "on the host",
          "[analysis][integer-pointer]") {
  FileResult F = translateC(R"src(
#include <stdint.h>
struct L { long v; };
static int *at(long v) { return (int *)v; }
void f(int *a, long v, struct L l, int *p) {
  #pragma omp target data map(tofrom: a[0:4]) map(to: l)
  {
    #pragma omp target
    { ((int *)v)[0] = 5; }
    #pragma omp target
    { ((int *)l.v)[2] = 7; }
    #pragma omp target
    { uintptr_t u = (uintptr_t)p; ((int *)u)[1] = 6; }
    #pragma omp target
    { at(v)[3] = 8; }
    #pragma omp target
    { int *q = (int *)v; q[0] = 1; }
    #pragma omp target
    { int *z = (int *)0; if (z) z[0] = 1; a[0] = 1; }
    #pragma omp target map(from: l)
    { l.v = (long)(int *)v; }
  }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 7);
  for (int I = 0; I < 5; ++I) {
    INFO("region " << I);
    CHECK_FALSE(T[I]->Translate);
    CHECK(T[I]->Why == DiagId::HostClause);
    CHECK(contains(T[I]->Reason, "converted from an integer"));
    CHECK(contains(T[I]->Reason, "may hold a host address"));
  }
  CHECK(contains(T[3]->Reason, "'at', called here"));
  CHECK(T[4]->WhyPos.Line == 17);
  CHECK(T[3]->WhyPos.Line == 15);
  // A null pointer constant, and a conversion whose value is only stored.
  CHECK(T[5]->Translate);
  CHECK(T[6]->Translate);
}
