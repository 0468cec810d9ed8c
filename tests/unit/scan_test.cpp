// reduction(inscan, ...) with `scan` on the device (issue 9): where one
// thread runs the loop in order (a simd loop, a serialised nested parallel
// for, a for in a serialised parallel) the scan is a comment and the item
// the one variable; elsewhere the region stays on the host, the warning at
// the construct.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("scan: loops one thread runs in order are translated", "[scan]") {
  FileResult F = translateC(R"src(
void f(int *a, int *b, int n) {
  #pragma omp target teams distribute parallel for map(to: a[0:n]) map(from: b[0:n*n])
  for (int r = 0; r < n; r++) {
    int s = r;
    #pragma omp simd reduction(inscan, +: s)
    for (int i = 0; i < n; i++) {
      s += a[i];
      #pragma omp scan inclusive(s)
      b[r * n + i] = s;
    }
  }
  #pragma omp target parallel map(to: a[0:n]) map(from: b[0:n*n])
  {
    int t = 1, me = a[0] & 1;
    #pragma omp parallel for reduction(inscan, *: t)
    for (int i = 0; i < n; i++) {
      b[me * n + i] = t;
      #pragma omp scan exclusive(t)
      t *= a[i];
    }
    #pragma omp parallel
    {
      #pragma omp for reduction(inscan, max: t)
      for (int i = 0; i < n; i++) {
        t = a[i] > t ? a[i] : t;
        #pragma omp scan inclusive(t)
        b[i] = t;
      }
    }
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  for (const RegionReport &R : F.Regions) {
    INFO(R.R.Reason);
    CHECK(R.R.Translate);
  }
  CHECK(contains(F.Output, "// #pragma omp scan inclusive(s): the loop runs "
                           "in order in one thread"));
  CHECK(contains(F.Output, "// #pragma omp scan exclusive(t): the loop runs "
                           "in order in one thread"));
  // The serialised loop's copy starts from the item (its value is part of
  // every prefix) and is the item's new value, not folded into it.
  CHECK(contains(F.Output, "int t = *o2c_sred_t;"));
  CHECK(contains(F.Output, "*o2c_sred_t = t;"));
  CHECK_FALSE(contains(F.Output, "o2c_dev::RedMul{}(*o2c_sred_t"));
}

TEST_CASE("scan: what stays on the host, at the construct", "[scan]") {
  struct Case {
    const char *Code;
    unsigned Line;
    const char *Why;
  };
  const Case Cases[] = {
      // A team's worksharing loop: the threads' prefixes are not combined.
      {R"src(
void f(int *a, int *b, int n) {
  int s = 0;
  #pragma omp target parallel map(to: a[0:n]) map(from: b[0:n]) map(tofrom: s)
  {
    #pragma omp for reduction(inscan, +: s)
    for (int i = 0; i < n; i++) {
      s += a[i];
      #pragma omp scan inclusive(s)
      b[i] = s;
    }
  }
})src",
       6, "reduction(inscan, ...)"},
      // A serialised loop into a mapped scalar the outer team shares: its
      // prefixes would need the other threads' updates.
      {R"src(
void f(int *a, int *b, int n) {
  int m = 0;
  #pragma omp target parallel map(to: a[0:n]) map(from: b[0:n]) map(tofrom: m)
  {
    #pragma omp parallel for reduction(inscan, +: m)
    for (int i = 0; i < n; i++) {
      m += a[i];
      #pragma omp scan inclusive(m)
      b[i] = m;
    }
  }
})src",
       6, "reduction(inscan, 'm') on a nested 'parallel for'"},
  };
  for (const Case &C : Cases) {
    FileResult F = translateC(C.Code);
    INFO(C.Code);
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 1);
    INFO(F.Regions[0].R.Reason);
    CHECK_FALSE(F.Regions[0].R.Translate);
    CHECK(contains(F.Regions[0].R.Reason, C.Why));
    CHECK(F.Regions[0].R.WhyPos.Line == C.Line);
  }
}

TEST_CASE("scan: a simd loop in a called function runs in order, a "
          "parallel for there stays on the host",
          "[scan]") {
  FileResult F = translateC(R"src(
void pre(const int *a, int *b, int n) {
  int s = 0;
  #pragma omp simd reduction(inscan, +: s)
  for (int i = 0; i < n; i++) {
    s += a[i];
    #pragma omp scan inclusive(s)
    b[i] = s;
  }
}
void team(const int *a, int *b, int n) {
  int s = 0;
  #pragma omp parallel for reduction(inscan, +: s)
  for (int i = 0; i < n; i++) {
    s += a[i];
    #pragma omp scan inclusive(s)
    b[i] = s;
  }
}
void f(int *a, int *b, int n) {
  #pragma omp target map(to: a[0:n]) map(from: b[0:n])
  pre(a, b, n);
  #pragma omp target map(to: a[0:n]) map(from: b[0:n])
  team(a, b, n);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  // The host's team scans; a team of one on the device would not match a
  // host compiler that drops the item's value (clang-19).
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason, "'reduction'"));
  CHECK(F.Regions[1].R.WhyPos.Line == 13);
}
