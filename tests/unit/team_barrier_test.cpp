// Nested parallel regions of fewer threads than the block that synchronise
// (issue 9 point 2): a team of whole warps (num_threads a constant multiple
// of 32, no if) waits at a named barrier of its own threads; any other
// restricted team that synchronises stays on the host, located.
#include "ToolTestUtil.h"
#include "analysis/DirectiveTree.h"

#include <catch2/catch.hpp>

using namespace clang;
using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

/// A region with a thread limit of its own: the block keeps its size, and
/// a parallel construct with num_threads is a team smaller than it.
DirectiveTree teamTree256(Parsed &P) {
  ClauseInfo CI;
  CI.ThreadLimit = "256";
  return spmdTree(DirKind::Team, P.Body, P.Body, CI, P.ctx(), true);
}

} // namespace

TEST_CASE("tree: a team of whole warps may synchronise", "[teambarrier]") {
  Parsed P = parse(R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    #pragma omp parallel num_threads(64)
    {
      #pragma omp for
      for (int i = 0; i < n; i++) a[i] = i;
      #pragma omp barrier
      #pragma omp for nowait
      for (int i = 0; i < n; i++) a[i] += 1;
    }
  }
})src");
  DirectiveTree T = teamTree256(P);
  INFO(T.V.Reason);
  REQUIRE(T.V.Ok);
  REQUIRE(T.Nodes.size() == 5);
  CHECK(T.Nodes[1].NumThreads == "64");
  CHECK(T.Nodes[1].Children.size() == 3);
  CHECK(T.Nodes[3].Kind == DirKind::Barrier);
}

TEST_CASE("tree: restricted teams that cannot wait alone", "[teambarrier]") {
  struct Case {
    const char *Clauses, *Body, *Why;
  };
  const Case Cases[] = {
      // Not whole warps: bar.sync counts whole warps.
      {"num_threads(48)", "#pragma omp barrier\n", "'barrier' inside"},
      // if(false) makes a team of one.
      {"num_threads(64) if(n > 1)", "#pragma omp barrier\n",
       "'barrier' inside"},
      // A reduction's team step waits for the whole block.
      {"num_threads(64)",
       "#pragma omp for reduction(+: s)\nfor (int i = 0; i < n; i++) s += i;\n",
       "'for' inside"},
  };
  for (const Case &C : Cases) {
    std::string Code = std::string(R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    int s = 0;
    #pragma omp parallel )src") + C.Clauses + R"src(
    {
      )src" + C.Body + R"src(
      a[0] = s;
    }
  }
})src";
    Parsed P = parse(Code);
    DirectiveTree T = teamTree256(P);
    INFO(Code);
    CHECK_FALSE(T.V.Ok);
    CHECK(T.V.Reason.find(C.Why) != std::string::npos);
    CHECK(P.ctx().getSourceManager().getExpansionLineNumber(T.Where) == 8);
  }
}

TEST_CASE("pipeline: a team's barriers are named barriers", "[teambarrier]") {
  // Team-master code first: the parallel region is nested, not the
  // region's own (whose team is the whole block).
  FileResult F = translateC(R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n]) thread_limit(256)
  {
    int k = n / 2;
    #pragma omp parallel num_threads(32)
    {
      #pragma omp for
      for (int i = 0; i < n; i++) a[i] = i;
      #pragma omp barrier
      a[0] += k;
    }
  }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  INFO(R.Reason);
  REQUIRE(R.Translate);
  CHECK(contains(F.Output, "o2c_dev::teamSync(o2c_team.o2c_threads);"));
  CHECK(contains(F.Output, "i = o2c_dev::strideNext(i, n, o2c_team.o2c_threads)"));
  CHECK(F.LeftOnHost == 0);
}

TEST_CASE("tree: one num_threads(n) for every parallel construct sizes the "
          "block",
          "[teambarrier]") {
  const char *Code = R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    int s = 0;
    #pragma omp parallel num_threads(12)
    {
      #pragma omp for reduction(+: s)
      for (int i = 0; i < n; i++) s += i;
      #pragma omp barrier
    }
    #pragma omp parallel for num_threads(12)
    for (int i = 0; i < n; i++) a[i] += s;
    #pragma omp parallel master num_threads(12)
    a[0] = 1;
  }
})src";
  Parsed P = parse(Code);
  DirectiveTree T =
      spmdTree(DirKind::Team, P.Body, P.Body, ClauseInfo(), P.ctx(), true);
  INFO(T.V.Reason);
  REQUIRE(T.V.Ok);
  CHECK(T.BlockThreads == 12);
  CHECK(blockThreads(DirKind::Team, P.Body, ClauseInfo(), P.ctx()) == 12);
  // The first two are the whole block; parallel master keeps its team.
  unsigned Whole = 0, Restricted = 0;
  for (const DirNode &N : T.Nodes)
    if (N.Kind == DirKind::Parallel && N.D)
      (N.restricted() ? Restricted : Whole) += 1;
  CHECK(Whole == 2);
  CHECK(Restricted == 1);

  // A thread limit of the region, different sizes, a size that is not a
  // constant or an if clause: the block keeps its size.
  ClauseInfo Limited;
  Limited.ThreadLimit = "64";
  CHECK(blockThreads(DirKind::Team, P.Body, Limited, P.ctx()) == 0);
  for (const char *Other :
       {"num_threads(13)", "num_threads(n)", "num_threads(12) if(n > 1)", ""}) {
    std::string Two = std::string(R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    #pragma omp parallel num_threads(12)
    a[1] = 2;
    #pragma omp parallel )src") + Other + R"src(
    a[0] = 1;
  }
})src";
    Parsed Q = parse(Two);
    INFO(Two);
    CHECK(blockThreads(DirKind::Team, Q.Body, ClauseInfo(), Q.ctx()) == 0);
  }
}

TEST_CASE("pipeline: a block of num_threads(n) threads", "[teambarrier]") {
  FileResult F = translateC(R"src(
void f(int *a, int n) {
  #pragma omp target teams distribute num_teams(4) map(tofrom: a[0:n])
  for (int t = 0; t < 4; t++) {
    #pragma omp parallel for num_threads(8)
    for (int i = t; i < n; i += 4) a[i] = i;
  }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.ThreadLimit == "8");
  CHECK_FALSE(contains(F.Output, "o2c_team"));
}
