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

TEST_CASE("a pointer member a call returns by reference is not attached",
          "[analysis][loaded-pointer]") {
  // Review rv40 m03, m02: `ref(s)[0]` of `int *&ref(S &s) { return s.q; }`
  // wrote through the host's address (host 1 2 3, emu 0 0 0).
  FileResult F = translateC(R"src(
#include <array>
struct S { int *q; int *&rq() { return q; } };
static int *&ref(S &s) { return s.q; }
void f(int *a, S s) {
  #pragma omp target data map(tofrom: a[0:4]) map(to: s)
  {
    #pragma omp target
    { ref(s)[0] = 1; }
    #pragma omp target
    { s.rq()[2] = 3; }
    #pragma omp target
    { auto g = [&]() -> int *& { return s.q; }; g()[1] = 14; }
    #pragma omp target
    { int b[2] = {0, 0}; std::array<int *, 1> l{{b}}; l[0][1] = 2; a[0] = b[1]; }
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 4);
  for (int I = 0; I < 3; ++I) {
    INFO("region " << I << ": " << T[I]->Reason);
    CHECK_FALSE(T[I]->Translate);
  }
  checkDerefRefused(*T[0], "a pointer a call returns by reference");
  // A local std::array's element is the region's own pointer.
  CHECK(T[3]->Translate);
}
