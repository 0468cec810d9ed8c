// Task reductions inside target regions (issue 9 points 4 and 5):
// reduction(task, ...) on parallel and worksharing constructs, in_reduction
// on the tasks that run in place (InReduction.cpp), and reductions on a
// target parallel region around nested constructs (the root's partials).
#include "ToolTestUtil.h"
#include "analysis/DirectiveTree.h"
#include "analysis/Transparent.h"

#include <catch2/catch.hpp>

using namespace clang;
using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

/// The edits of the region's transparent constructs: Ok, or the refusal
/// and its line.
Verdict inPlace(Parsed &P, unsigned &Line) {
  std::vector<TransparentUse> Uses;
  SourceLocation At;
  Verdict V =
      findTransparent(P.Body, DirContext::ParallelCode, Uses, nullptr, At);
  REQUIRE(V.Ok);
  std::vector<TextEdit> Edits;
  V = transparentEdits(Uses, P.ctx(), Edits, At);
  Line =
      At.isValid() ? P.ctx().getSourceManager().getExpansionLineNumber(At) : 0;
  return V;
}

} // namespace

TEST_CASE("in_reduction: a task that only applies the operator runs in place",
          "[task_reduction]") {
  Parsed P = parse(R"src(
void f(int *a, int n) {
  int s = 0, b = 0;
  #pragma omp target parallel reduction(task, +: s) reduction(task, |: b) map(to: a[0:n])
  {
    #pragma omp task in_reduction(+: s) in_reduction(|: b)
    for (int i = 0; i < n; i++) {
      s += a[i];
      s -= 1;
      s++;
      b |= a[i];
    }
  }
})src");
  unsigned Line = 0;
  CHECK(inPlace(P, Line).Ok);
}

TEST_CASE("in_reduction: other uses of the item stay on the host, located",
          "[task_reduction]") {
  SECTION("reading the item") {
    Parsed P = parse(R"src(
void f(int *a, int n) {
  int s = 0;
  #pragma omp target parallel reduction(task, +: s) map(to: a[0:n])
  {
    #pragma omp task in_reduction(+: s)
    {
      s += a[0];
      a[1] = s;
    }
  }
})src");
    unsigned Line = 0;
    Verdict V = inPlace(P, Line);
    REQUIRE_FALSE(V.Ok);
    CHECK(V.Id == DiagId::HostClause);
    CHECK(contains(V.Reason, "in_reduction item 's'"));
    CHECK(Line == 9);
  }
  SECTION("an update that is not the operator") {
    Parsed P = parse(R"src(
void f(int *a, int n) {
  int s = 1;
  #pragma omp target parallel reduction(task, *: s) map(to: a[0:n])
  {
    #pragma omp task in_reduction(*: s)
    s += a[0];
  }
})src");
    unsigned Line = 0;
    Verdict V = inPlace(P, Line);
    REQUIRE_FALSE(V.Ok);
    CHECK(Line == 7);
  }
  SECTION("min and max") {
    Parsed P = parse(R"src(
void f(int *a, int n) {
  int s = 0;
  #pragma omp target parallel reduction(task, max: s) map(to: a[0:n])
  {
    #pragma omp task in_reduction(max: s)
    s = a[0] > s ? a[0] : s;
  }
})src");
    unsigned Line = 0;
    Verdict V = inPlace(P, Line);
    REQUIRE_FALSE(V.Ok);
    CHECK(contains(V.Reason, "operator other than"));
    CHECK(Line == 6);
  }
}

TEST_CASE("pipeline: task reductions in target regions translate",
          "[task_reduction]") {
  FileResult F = translateC(R"src(
#include <omp.h>
void f(int *y, int *z, int n, int *out) {
  int sum = 0;
  #pragma omp target parallel reduction(task, +: sum) num_threads(64) map(tofrom: sum) map(to: y[0:n], z[0:n])
  {
    #pragma omp master
    {
      #pragma omp task in_reduction(+: sum)
      for (int i = 0; i < n; i++)
        sum += y[i] * z[i];
    }
  }
  long dot = 0;
  #pragma omp target map(tofrom: dot) map(to: y[0:n], z[0:n])
  {
    #pragma omp parallel for reduction(task, +: dot)
    for (int i = 0; i < n; i++) {
      #pragma omp task in_reduction(+: dot)
      dot += (long)y[i] * z[i];
    }
  }
  out[0] = sum;
  out[1] = (int)dot;
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Class == RegionClass::Spmd);
  // The root's partials, combined by the team into its copy of 'sum'.
  CHECK(contains(F.Output, "o2c_part_sum"));
  CHECK(contains(F.Output, "o2c_teamcopy_sum"));
  CHECK(
      contains(F.Output, "// #pragma omp task in_reduction(+: sum): runs now"));
  // Integer partials give the same sum in any order: each warp folds its
  // own into the variable, with no shared scratch.
  CHECK(contains(F.Output,
                 "o2c_dev::warpsCombine<o2c_dev::RedPlus>(o2c_red_sum, "
                 "o2c_part_sum);"));
  CHECK_FALSE(contains(F.Output, "teamReduce"));
  // The grid-stride kernel's scratch: a word of the reduced type per warp.
  CHECK(contains(F.Output, "o2c_scratch[o2c_dev::ScratchWords<long>::value]"));
}

TEST_CASE("pipeline: a reduction on target parallel around a worksharing loop",
          "[task_reduction]") {
  FileResult F = translateC(R"src(
void f(double *w, int n, double *out) {
  double total = 0;
  #pragma omp target parallel reduction(+: total) map(to: w[0:n])
  {
    #pragma omp for
    for (int i = 0; i < n; i++)
      total += w[i];
    #pragma omp barrier
    #pragma omp single
    total += 1;
  }
  out[0] = total;
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output,
                 "o2c_dev::teamReduce<o2c_dev::RedPlus>(o2c_part_total"));
  // A double's sum keeps one order: through a scratch word per warp.
  CHECK(contains(F.Output, "__shared__ unsigned long long o2c_scratch[32];"));
}
