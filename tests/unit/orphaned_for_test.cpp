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
  SECTION("inside a worksharing loop of a parallel region") {
    FileResult F = withFill(R"src(
void f(int *a, int n) {
  #pragma omp target parallel map(tofrom: a[0:n])
  {
    #pragma omp for
    for (int k = 0; k < 2; ++k)
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
    INFO(R.Reason);
    // The master call bound fill's device copy first: the region's call
    // binds to its own team, which that copy cannot be.
    CHECK(contains(R.Reason, "holds a worksharing 'for' loop (line 4) whose "
                             "device copy runs as a team of one, for the "
                             "calls from team-master code: a call from a "
                             "parallel region"));
    CHECK(R.WhyPos.Line == 14); // the call
  }
  SECTION("a reduction with a modifier, at its clause") {
    FileResult F = translateC(R"src(
#pragma omp declare target
void sum(int *a, int n, int *s) {
  static int t = 0;
  #pragma omp for \
      reduction(task, +: t)
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
  SECTION("a reduction over a C enumeration, at its clause") {
    // C++ has no combiner for it (o2c_dev::RedX::identity<enum flag>).
    FileResult F = translateC(R"src(
enum flag { F_NONE = 0, F_A = 1, F_B = 2 };
#pragma omp declare target
int seen(const int *a, int n) {
  static enum flag s = F_NONE;
  #pragma omp for \
      reduction(|: s)
  for (int i = 0; i < n; ++i)
    s |= (enum flag)a[i];
  return (int)s;
}
#pragma omp end declare target
void f(int *a, int n, int *r) {
  #pragma omp target map(to: a[0:n]) map(from: r[0:1])
  *r = seen(a, n);
})src");
    REQUIRE(F.Ok);
    const Region &R = F.Regions.at(0).R;
    CHECK(!R.Translate);
    CHECK(R.Why == DiagId::HostCall);
    CHECK(contains(R.Reason, "has a reduction of a variable of type 'enum "
                             "flag'"));
    CHECK(R.WhyPos.Line == 7);
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
    // A team of num_threads may be fewer threads than the kernel's block.
    CHECK(contains(R.Reason, "binds to the calling parallel region"));
    CHECK(contains(R.Reason, "'num_threads' or 'if'"));
    CHECK(R.WhyPos.Line == 14); // the call
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

namespace {

/// The region's only warning: not translated, at the call on line Line,
/// with Why in its reason.
void checkRefusedAtCall(const FileResult &F, unsigned Line, const char *Why) {
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  const Region &R = F.Regions[0].R;
  INFO(R.Reason);
  CHECK(!R.Translate);
  CHECK(R.Why == DiagId::HostCall);
  CHECK(contains(R.Reason, Why));
  CHECK(R.WhyPos.Line == Line);
}

} // namespace

TEST_CASE("an orphaned for called from a parallel region whose team is the "
          "kernel's block is shared by the block's threads",
          "[analysis][orphaned][for]") {
  for (const char *Region : {R"src(
void f(int *a, int n) {
  #pragma omp target teams map(tofrom: a[0:n])
  {
    #pragma omp parallel
    fill(a, n);
  }
})src",
                             R"src(
void f(int *a, int n) {
  #pragma omp target parallel num_threads(64) map(tofrom: a[0:n])
  fill(a, n);
})src",
                             // The first operand of `?:`, which every
                             // thread evaluates (behind an opaque value).
                             R"src(
int g(int *a, int n) { fill(a, n); return 0; }
void f(int *a, int n) {
  #pragma omp target parallel map(tofrom: a[0:n])
  {
    int r = g(a, n) ?: 3;
    a[r] += 0;
  }
})src",
                             // One construct with the parallel: its
                             // num_threads sizes the block.
                             R"src(
void f(int *a, int n) {
  #pragma omp target teams map(tofrom: a[0:n])
  {
    #pragma omp parallel num_threads(8)
    fill(a, n);
  }
})src",
                             R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    a[0] = 1;
    #pragma omp parallel
    {
      int k = n;
      fill(a, k);
    }
  }
})src"}) {
    FileResult F = withFill(Region);
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 1);
    INFO(F.Regions[0].R.Reason);
    CHECK(F.Regions[0].R.Translate);
    CHECK(contains(F.Output, "#pragma omp for\n  for (int i = 0; i < n; "
                             "++i)\n    a[i] = i;\n} else {"));
    CHECK(contains(F.Output, "share it\nconst int o2c_thr = "
                             "o2c_dev::omp_get_thread_num(), o2c_nthr = "
                             "o2c_dev::omp_get_num_threads();\n"));
    CHECK(contains(F.Output, "for (int i = o2c_thr; i < n; "));
    CHECK(contains(F.Output, "o2c_dev::blockBarrier(); // the loop's closing "
                             "barrier\n"));
  }
}

TEST_CASE("an orphaned for shared by a parallel region's threads takes its "
          "schedule, nowait, reduction and lastprivate",
          "[analysis][orphaned][for]") {
  FileResult F = translateC(R"src(#include <omp.h>
#pragma omp declare target
int work(int *a, int n) {
  static int s = 0, x = 0;
  #pragma omp for schedule(static)
  for (int i = 0; i < n; ++i)
    a[i] += 1;
  #pragma omp for schedule(static, 3) nowait
  for (int i = 0; i < n; ++i)
    a[i] += 2;
  #pragma omp for reduction(+: s) lastprivate(x)
  for (int i = 0; i < n; ++i) {
    s += a[i];
    x = i;
  }
  return s + x;
}
#pragma omp end declare target
void f(int *a, int n, int *r) {
  #pragma omp target parallel map(tofrom: a[0:n], r[0:1])
  {
    int v = work(a, n);
    if (omp_get_thread_num() == 0)
      r[0] = v;
  }
})src");
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  // schedule(static): one block per thread; a chunk: chunks in turn.
  CHECK(contains(F.Output, "o2c_dev::staticBlock<unsigned int>(0, o2c_trip0, "
                           "o2c_thr, o2c_nthr);"));
  CHECK(contains(F.Output, "const unsigned int o2c_chunk0 = 3;\n"));
  // Two closing barriers: nowait has none.
  const std::string Barrier = "o2c_dev::blockBarrier(); // the loop's";
  size_t First = F.Output.find(Barrier);
  REQUIRE(First != std::string::npos);
  size_t Second = F.Output.find(Barrier, First + 1);
  REQUIRE(Second != std::string::npos);
  CHECK(F.Output.find(Barrier, Second + 1) == std::string::npos);
  // The partial starts at the identity and combines atomically; the
  // thread with the last iteration writes x back (the counted loop names
  // it: chunks of one).
  CHECK(contains(F.Output, "auto *const o2c_lp_x = &x;\nbool o2c_lp_ran = "
                           "false;\nauto *const o2c_rd_s = &s;\n"));
  CHECK(contains(F.Output,
                 "int s = o2c_dev::RedPlus::identity<int>();\n"));
  CHECK(contains(F.Output, "const unsigned int o2c_chunk0 = 1;\n"));
  CHECK(contains(F.Output, "o2c_lp_ran = o2c_iv0 + 1 == o2c_trip0;\n"));
  CHECK(contains(F.Output, "if (o2c_lp_ran) {\n*o2c_lp_x = x;\n}\n"
                           "o2c_dev::atomicUpdate<o2c_dev::RedPlus>(o2c_rd_s, "
                           "s);\n}\n}\n}\no2c_dev::blockBarrier();"));
}

TEST_CASE("an orphaned for's reduction in a team of one combines its partial "
          "into the variable",
          "[analysis][orphaned][for]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
double sum(const double *a, int n) {
  static double t = 1.5;
  #pragma omp for reduction(max: t)
  for (int i = 0; i < n; ++i)
    t = a[i] > t ? a[i] : t;
  return t;
}
#pragma omp end declare target
void f(const double *a, int n, double *r) {
  #pragma omp target map(to: a[0:n]) map(tofrom: r[0:1])
  r[0] = sum(a, n);
})src");
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "a team of one, the calling thread, runs every "
                           "iteration\n{\nauto *const o2c_rd_t = &t;\n{\n{"
                           "\ndouble t = "
                           "o2c_dev::RedMax::identity<double>();\n"));
  CHECK(contains(F.Output, "for (int i = 0; i < n; i += 1) {"));
  CHECK(contains(F.Output,
                 "o2c_dev::atomicUpdate<o2c_dev::RedMax>(o2c_rd_t, t);\n"));
  CHECK(!contains(F.Output, "blockBarrier"));
}

TEST_CASE("an orphaned for in a parallel region nested in parallel code "
          "binds to a team of one",
          "[analysis][orphaned][for]") {
  FileResult F = withFill(R"src(
void f(int *a, int n) {
  #pragma omp target parallel map(tofrom: a[0:n])
  {
    #pragma omp parallel
    fill(a, n);
  }
})src");
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "a team of one, the calling thread, runs every "
                           "iteration"));
  CHECK(!contains(F.Output, "blockBarrier"));
}

TEST_CASE("a call that not every thread of the parallel region reaches "
          "alike keeps the region on the host, at the call",
          "[analysis][orphaned][for]") {
  SECTION("in a branch") {
    checkRefusedAtCall(withFill(R"src(#include <omp.h>
void f(int *a, int n) {
  #pragma omp target parallel map(tofrom: a[0:n])
  {
    if (omp_get_thread_num() < 2)
      fill(a, n);
  }
})src"),
                       14, "the call is in a branch of an 'if'");
  }
  SECTION("in a loop") {
    checkRefusedAtCall(withFill(R"src(#include <omp.h>
void f(int *a, int n) {
  #pragma omp target parallel map(tofrom: a[0:n])
  for (int k = 0; k < omp_get_thread_num(); ++k)
    fill(a, n);
})src"),
                       13, "the call is in a loop");
  }
  SECTION("on the right of &&") {
    checkRefusedAtCall(withFill(R"src(
int g(int *a, int n) { fill(a, n); return 1; }
void f(int *a, int n, int c) {
  #pragma omp target parallel map(tofrom: a[0:n])
  {
    int r = c && g(a, n);
    a[0] += r;
  }
})src"),
                       14, "the right operand of && or ||");
  }
  SECTION("on the right of ?: without a middle operand") {
    checkRefusedAtCall(withFill(R"src(
int g(int *a, int n) { fill(a, n); return 1; }
void f(int *a, int n) {
  #pragma omp target parallel map(tofrom: a[0:n])
  {
    int r = a[0] ?: g(a, n);
    a[1] += r;
  }
})src"),
                       14, "an arm of '?:'");
  }
  SECTION("after an early return in a called function") {
    checkRefusedAtCall(withFill(R"src(
void g(int *a, int n) {
  if (a[0] > 0)
    return;
  fill(a, n);
}
void f(int *a, int n) {
  #pragma omp target parallel map(tofrom: a[0:n])
  g(a, n);
})src"),
                       13, "an early 'return'");
  }
  SECTION("in a parallel region with if, after team-master code") {
    checkRefusedAtCall(withFill(R"src(
void f(int *a, int n) {
  #pragma omp target teams map(tofrom: a[0:n])
  {
    a[0] = n;
    #pragma omp parallel if(n > 4)
    fill(a, n);
  }
})src"),
                       15, "'num_threads' or 'if'");
  }
}

TEST_CASE("a function whose orphaned for one region binds to a team of one "
          "and another to a parallel region: the second stays on the host",
          "[analysis][orphaned][for]") {
  FileResult F = withFill(R"src(
void f(int *a, int n) {
  #pragma omp target parallel map(tofrom: a[0:n])
  fill(a, n);
  #pragma omp target map(tofrom: a[0:n])
  fill(a, n);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Translate);
  const Region &R = F.Regions[1].R;
  CHECK(!R.Translate);
  CHECK(contains(R.Reason, "shared by the calling parallel region's threads"));
  CHECK(R.WhyPos.Line == 14);
}
