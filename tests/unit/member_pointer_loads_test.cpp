// A pointer member named through a pointer to member (`(s.*pm)[0]`): it may
// be any of the record's pointers, so one of a mapped record that no item
// attaches keeps the region on the host (review hunt m1: host 5, emu 0).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a pointer loaded through a pointer to member of a mapped record "
          "is not attached",
          "[analysis][loaded-pointer]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void f(int *a, S s, S *sp, int *S::*pm) {
  #pragma omp target data map(tofrom: a[0:4]) map(to: s, sp[0:1])
  {
    #pragma omp target
    { (s.*pm)[0] = 5; }
    #pragma omp target
    { (sp->*pm)[1] = 6; }
    #pragma omp target
    { int *q = s.*pm; q[2] = 7; }
    #pragma omp target
    { int b[2] = {0, 0}; S l = {b, 2}; (l.*pm)[1] = 8; a[3] = b[1]; }
    #pragma omp target
    { a[0] = s.*pm != 0; }
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 5);
  checkDerefRefused(*T[0], "named by a pointer to member");
  checkDerefRefused(*T[1], "named by a pointer to member");
  CHECK_FALSE(T[2]->Translate);
  CHECK(contains(T[2]->Reason, "named by a pointer to member"));
  // The region's own record holds the region's pointers; a comparison
  // reaches no pointee.
  CHECK(T[3]->Translate);
  CHECK(T[4]->Translate);
}
