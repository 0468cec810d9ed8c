// A pointer member the region assigns: OpenMP reaches it through `this`,
// mapped tofrom, so the host sees the new value; the kernel's copy of the
// pointer would lose it (review t5.cpp: `p = a;` left s.p == a false
// under emu, true on the host). Such a region stays on the host.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a region that assigns a pointer member of *this stays on the "
          "host; one that writes only through it, or a scalar member, or a "
          "private copy, is translated",
          "[analysis][class-members][member-pointer-write]") {
  FileResult F = translateC(R"src(
struct S {
  int *p; int n;
  void assign(int *a) {
    #pragma omp target map(tofrom: a[0:8])
    { int *t = p; p = a + 1; p[0] = 3; }
  }
  void step(int *a) {
    #pragma omp target map(tofrom: a[0:8])
    { this->p++; }
  }
  void through(int *a) {
    #pragma omp target map(tofrom: a[0:8])
    { p[1] = 5; n = 2; }
  }
  void copy(int *a) {
    #pragma omp target map(tofrom: a[0:8]) firstprivate(p)
    { p = a; }
  }
};
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  for (int I : {0, 1}) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    // Region 0 stores a section base's device address (`p = a + 1`): the
    // section-base rule refuses it first, at the same assignment.
    CHECK((contains(F.Regions[I].R.Reason, "assigns the pointer member 'p'") ||
           (I == 0 && contains(F.Regions[I].R.Reason, "'a'"))));
  }
  CHECK(F.Regions[2].R.Translate);
  CHECK_FALSE(contains(F.Regions[3].R.Reason, "assigns the pointer member"));
  // At the assignment, not at the first read (`int *t = p;`).
  CHECK(F.Regions[0].R.WhyPos.Line == 6);
  CHECK(F.Regions[0].R.WhyPos.Col == 19);
  CHECK(F.Regions[1].R.WhyPos.Line == 10);
}
