// Clauses the launch stub evaluates to decide whether a region offloads
// (`if`, `device`): where it does not, the construct kept for the host
// evaluates them again (review ra21: device(next()) counted two calls).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("if and device clauses with side effects keep the region on the "
          "host",
          "[clauses][repeat]") {
  FileResult F = translateC(R"src(
#include <omp.h>
int calls;
int next(void) { calls++; return omp_get_initial_device(); }
int use(int n) { return n > 2; }
void f(int *x, int n, int d) {
  #pragma omp target device(next()) map(tofrom: x[0:1])
  x[0] += 1;
  #pragma omp target if(use(n)) map(tofrom: x[0:1])
  x[0] += 1;
  #pragma omp target device(d++) map(tofrom: x[0:1])
  x[0] += 1;
  #pragma omp target device(omp_get_default_device()) if(n > 2) map(tofrom: x[0:1])
  x[0] += 1;
  #pragma omp target device(d) if(target: d != 0) map(tofrom: x[0:1])
  x[0] += 1;
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 5);
  for (int I = 0; I < 3; ++I) {
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(F.Regions[I].R.Reason.find("a second time") != std::string::npos);
  }
  CHECK(F.Regions[3].R.Translate);
  CHECK(F.Regions[4].R.Translate);
}
