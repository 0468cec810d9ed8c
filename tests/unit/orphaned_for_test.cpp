// Orphaned worksharing loops: a called function's `for` [simd] that binds
// to a team of one when only team-master code calls it
// (src/analysis/OrphanedDistribute.cpp, the call's place in
// src/analysis/CallChecker.cpp).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

const char *Fill = R"src(
#pragma omp declare target
void fill(int *a, int n) {
  #pragma omp for
  for (int i = 0; i < n; ++i)
    a[i] = i;
}
#pragma omp end declare target
)src";

FileResult withFill(const char *Region) {
  return translateC(std::string(Fill) + Region);
}

} // namespace

TEST_CASE("an orphaned for called from team-master code runs every "
          "iteration on the calling thread",
          "[analysis][orphaned][for]") {
  for (const char *Region : {R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  fill(a, n);
})src",
                             R"src(
void f(int *a, int n) {
  #pragma omp target teams num_teams(2) map(tofrom: a[0:n])
  fill(a, n);
})src",
                             R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    fill(a, n);
    #pragma omp parallel for
    for (int i = 0; i < n; ++i)
      a[i] += 1;
  }
})src"}) {
    FileResult F = withFill(Region);
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 1);
    INFO(F.Regions[0].R.Reason);
    CHECK(F.Regions[0].R.Translate);
    CHECK(contains(F.Output, "__host__ __device__ void fill"));
    // The host's loop as written, the device's copy beside it.
    CHECK(contains(F.Output, "if (o2c_dev::omp_is_initial_device()) {"));
    CHECK(contains(F.Output, "#pragma omp for\n  for (int i = 0; i < n; "
                             "++i)\n    a[i] = i;\n} else {"));
    CHECK(contains(F.Output, "for (int i = 0; i < n; i += 1) {"));
  }
}

// An orphaned construct's firstprivate and lastprivate items must be shared
// in the enclosing context: in a function, its static locals (clang checks).
TEST_CASE("an orphaned for's private, firstprivate and lastprivate items "
          "are the calling thread's copies",
          "[analysis][orphaned][for]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
int last(int *a, int n) {
  static int x = -1, k = 3;
  int t;
  #pragma omp for firstprivate(k) lastprivate(x) private(t) nowait
  for (int i = 0; i < n; ++i) {
    t = a[i] + k;
    x = t;
  }
  return x;
}
#pragma omp end declare target
void f(int *a, int n, int *r) {
  #pragma omp target map(tofrom: a[0:n], r[0:1])
  r[0] = last(a, n);
})src");
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "auto *const o2c_lp_x = &x;\nbool o2c_lp_ran = "
                           "false;\n"));
  CHECK(contains(F.Output, "const auto o2c_fp_k = k;\n{\nint k = o2c_fp_k;\n"
                           "int x;\nint t;\n"));
  CHECK(contains(F.Output, "o2c_lp_ran = true;\n"));
  CHECK(contains(F.Output, "if (o2c_lp_ran) {\n*o2c_lp_x = x;\n}\n"));
}

TEST_CASE("an orphaned for reached from anything but team-master code, or "
          "with a clause the copy cannot keep, stays on the host, located",
          "[analysis][orphaned][for]") {
  SECTION("inside a parallel region") {
    FileResult F = withFill(R"src(
void f(int *a, int n) {
  #pragma omp target teams map(tofrom: a[0:n])
  {
    #pragma omp parallel
    fill(a, n);
  }
})src");
    REQUIRE(F.Ok);
    const Region &R = F.Regions.at(0).R;
    CHECK(!R.Translate);
    CHECK(R.Why == DiagId::HostCall);
    CHECK(contains(R.Reason, "whose '#pragma omp for' (line 4) binds to the "
                             "team of the calling thread"));
    CHECK(R.WhyPos.Line == 4);
    CHECK(!contains(F.Output, "__host__ __device__"));
  }
  SECTION("inside a parallel region, after a team-master call") {
    FileResult F = withFill(R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  fill(a, n);
  #pragma omp target parallel map(tofrom: a[0:n])
  fill(a, n);
})src");
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 2);
    CHECK(F.Regions[0].R.Translate);
    const Region &R = F.Regions[1].R;
    CHECK(!R.Translate);
    CHECK(contains(R.Reason, "holds a worksharing 'for' loop (line 4), which"));
    CHECK(R.WhyPos.Line == 14); // the call
  }
  SECTION("a reduction, at its clause") {
    FileResult F = translateC(R"src(
#pragma omp declare target
void sum(int *a, int n, int *s) {
  static int t = 0;
  #pragma omp for \
      reduction(+: t)
  for (int i = 0; i < n; ++i)
    t += a[i];
  *s = t;
}
#pragma omp end declare target
void f(int *a, int n, int *s) {
  #pragma omp target map(tofrom: a[0:n], s[0:1])
  sum(a, n, s);
})src");
    REQUIRE(F.Ok);
    const Region &R = F.Regions.at(0).R;
    CHECK(!R.Translate);
    CHECK(R.Why == DiagId::HostCall);
    CHECK(contains(R.Reason, "has the clause 'reduction'"));
    CHECK(R.WhyPos.Line == 6);
  }
  SECTION("the OpenMP API in the loop of a region of several threads") {
    FileResult F = translateC(R"src(
#include <omp.h>
#pragma omp declare target
void who(int *a, int n) {
  #pragma omp for
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_num_threads();
}
#pragma omp end declare target
void f(int *a, int n) {
  #pragma omp target teams num_teams(2) map(tofrom: a[0:n])
  who(a, n);
})src");
    REQUIRE(F.Ok);
    const Region &R = F.Regions.at(0).R;
    CHECK(!R.Translate);
    CHECK(contains(R.Reason, "calls the OpenMP API inside the loop"));
  }
  SECTION("a call in a parallel region beside team-master code") {
    // The parallel's body is under its CapturedStmt (review rOG: every
    // thread ran all 64 iterations, 256 where the host prints 64).
    FileResult F = translateC(R"src(
#pragma omp declare target
void inc(int *a, int n) {
  #pragma omp for
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
#pragma omp end declare target
void f(int *a, int n, int *x) {
  #pragma omp target map(tofrom: a[0:n], x[0:1])
  {
    x[0] = 1;
    #pragma omp parallel num_threads(4)
    inc(a, n);
  }
})src");
    REQUIRE(F.Ok);
    const Region &R = F.Regions.at(0).R;
    CHECK(!R.Translate);
    CHECK(contains(R.Reason, "binds to the team of the calling thread"));
  }
  SECTION("a simd loop's variable declared outside the loop") {
    FileResult F = translateC(R"src(
#pragma omp declare target
void lin(int *a, int n) {
  int i;
  #pragma omp for simd
  for (i = 0; i < n; ++i)
    a[i] = i;
  a[0] = i;
}
#pragma omp end declare target
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  lin(a, n);
})src");
    REQUIRE(F.Ok);
    const Region &R = F.Regions.at(0).R;
    CHECK(!R.Translate);
    CHECK(contains(R.Reason, "declared outside the loop of a simd loop"));
  }
}

TEST_CASE("an orphaned for whose loop asks the OpenMP API is named as "
          "written when another region calls it again",
          "[analysis][orphaned][for]") {
  // Compiled for the device for the plain target (a team of one, where the
  // API answers right), then reached from a region of several threads.
  FileResult F = translateC(R"src(
#include <omp.h>
#pragma omp declare target
void ids(int *a, int n) {
  #pragma omp for simd
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_thread_num();
}
void via(int *a, int n) { ids(a, n); }
#pragma omp end declare target
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  via(a, n);
  #pragma omp target teams map(tofrom: a[0:n])
  ids(a, n);
  #pragma omp target teams map(tofrom: a[0:n])
  via(a, n);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  CHECK(F.Regions[0].R.Translate);
  for (int I : {1, 2}) {
    const Region &R = F.Regions[I].R;
    INFO(R.Reason);
    CHECK(!R.Translate);
    CHECK(R.Why == DiagId::HostCall);
    CHECK(!contains(R.Reason, "parallel for"));
  }
  CHECK(contains(
      F.Regions[1].R.Reason,
      "it calls 'ids', which holds a 'for simd' loop (line 5) that asks "
      "the OpenMP API: on the device only a region of one "
      "thread"));
  // 'via' is compiled for the device too; the loop is in 'ids'.
  CHECK(contains(
      F.Regions[2].R.Reason,
      "it calls 'via', which holds a 'for simd' loop (in 'ids', line 5) "
      "that asks the OpenMP API"));
}
