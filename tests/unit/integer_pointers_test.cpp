// Pointers a region converts from integers (IntegerPointers.h): the integer
// may hold a host address, so a region dereferencing one stays on the host
// (review hunt m2, m3).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a region dereferencing a pointer made from other bytes stays on "
          "the host",
          "[analysis][integer-pointer]") {
  // Review rv40 p01-p05: unions, memcpy, bit casts, arithmetic on null,
  // conversions in constructors and default member initialisers.
  FileResult F = translateC(R"src(
#include <cstring>
union U { long v; int *p; };
struct P { int *p; P(long v) : p((int *)v) {} };
struct Init { long v; int *p{(int *)v}; };
void f(int *a, long v) {
  #pragma omp target data map(tofrom: a[0:4])
  {
    #pragma omp target
    { int *p; std::memcpy(&p, &v, sizeof p); p[0] = 5; }
    #pragma omp target
    { U u; u.v = v; u.p[1] = 6; }
    #pragma omp target
    { int *p = __builtin_bit_cast(int *, v); p[2] = 7; }
    #pragma omp target
    { ((char *)0 + v)[3] = 8; }
    #pragma omp target
    { (*(int **)&v)[0] = 9; }
    #pragma omp target
    { int *p = 0; p += v / 4; p[1] = 10; }
    #pragma omp target
    { P x(v); x.p[2] = 11; }
    #pragma omp target
    { Init in{v}; in.p[3] = 12; }
    #pragma omp target
    { int *q = a; long w; std::memcpy(&w, &v, sizeof w); q[0] = (int)w; }
  }
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 9);
  for (int I = 0; I < 8; ++I) {
    INFO("region " << I << ": " << T[I]->Reason);
    CHECK_FALSE(T[I]->Translate);
    // (`*(int **)&v` is a pointer loaded from other storage first.)
    if (I != 4)
      CHECK(contains(T[I]->Reason, "may hold a host address"));
  }
  // memcpy between integers makes no pointer.
  CHECK(T[8]->Translate);
}

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
    { int *z = (int *)0; if (v) z = a; if (z) z[0] = 1; }
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
