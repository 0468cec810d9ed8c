// Worksharing loops with the ordered clause inside general target regions
// (issue 9 point 2): the directive tree records the clause on the thread
// loop, the kernel text holds the turn, and what the threads of a block
// cannot take turns at stays on the host (located at the clause).
#include "ToolTestUtil.h"
#include "analysis/DirectiveTree.h"

#include <catch2/catch.hpp>

using namespace clang;
using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("tree: the ordered clause on thread loops", "[ordered]") {
  Parsed P = parse(R"src(
void f(int *a, int *s, int n) {
  #pragma omp target map(tofrom: a[0:n], s[0:n])
  {
    #pragma omp parallel for ordered
    for (int i = 0; i < n; i++) {
      a[i] = i;
      #pragma omp ordered
      s[i] = a[i];
    }
    #pragma omp parallel
    {
      #pragma omp for ordered nowait
      for (int i = 0; i < n; i++) {
        #pragma omp ordered threads
        s[i] += 1;
      }
      #pragma omp for
      for (int i = 0; i < n; i++)
        a[i] += 1;
    }
  }
})src");
  DirectiveTree T = teamTree(P);
  INFO(T.V.Reason);
  REQUIRE(T.V.Ok);
  std::vector<bool> Ordered;
  for (const DirNode &N : T.Nodes)
    if (N.Kind == DirKind::ThreadLoop)
      Ordered.push_back(N.Ordered);
  CHECK(Ordered == std::vector<bool>{true, true, false});
  // The ordered constructs are rewritten where they stand, in the loops'
  // bodies.
  unsigned InBody = 0;
  for (const TransparentUse &U : T.Transparent)
    InBody += U.Where == DirContext::LoopBody;
  CHECK(InBody == 2);
}

TEST_CASE("pipeline: ordered regions hold the iteration's turn", "[ordered]") {
  FileResult F = translateC(R"src(
void f(int *s, int *pos, int n) {
  #pragma omp target map(tofrom: s[0:n], pos[0:1])
  {
    #pragma omp parallel for ordered
    for (int i = 0; i < n; i++) {
      if (i % 2)
        continue;
      #pragma omp ordered
      s[pos[0]++] = i;
    }
  }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  INFO(R.Reason);
  REQUIRE(R.Translate);
  CHECK(R.Class == RegionClass::Spmd);
  CHECK(contains(F.Output, "o2c_dev::OrderedTurn<unsigned> o2c_ord("));
  CHECK(contains(F.Output, "o2c_ord.enter(); // #pragma omp ordered"));
  CHECK(contains(F.Output, "o2c_ord.leave();"));
  CHECK(contains(F.Output, "o2c_ord_next2 = 0;"));
  CHECK(F.LeftOnHost == 0);
}

TEST_CASE("pipeline: ordered left on the host, located", "[ordered]") {
  struct Case {
    const char *Code;
    unsigned Line, Col;
    DiagId Id;
    const char *Why;
  };
  const Case Cases[] = {
      // The combined construct's loop spreads over the grid.
      {R"src(
void f(int *a, int n) {
  #pragma omp target parallel for ordered map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
    #pragma omp ordered
    a[i] += 1;
  }
})src",
       3, 35, DiagId::HostClause, "'ordered' clause on a combined"},
      // Doacross loops: ordered(n) past the collapsed loops (doacross_test
      // has those that translate).
      {R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    #pragma omp parallel for ordered(2)
    for (int i = 1; i < n; i++)
      for (int j = 1; j < n; j++) {
        #pragma omp ordered depend(sink: i - 1, j)
        a[i] += a[i - 1] + j;
        #pragma omp ordered depend(source)
      }
  }
})src",
       5, 5, DiagId::HostClause, "ordered(n) on more loops"},
      // ordered simd: the lanes of one thread's share, not supported yet.
      {R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    #pragma omp parallel for simd ordered
    for (int i = 0; i < n; i++) {
      #pragma omp ordered simd
      a[i] += 1;
    }
  }
})src",
       7, 27, DiagId::HostClause, "'simd' clause on 'ordered'"},
  };
  for (const Case &C : Cases) {
    FileResult F = translateC(C.Code);
    INFO(C.Code);
    REQUIRE(F.Ok);
    const Region &R = F.Regions.at(0).R;
    INFO(R.Reason);
    CHECK_FALSE(R.Translate);
    CHECK(R.Why == C.Id);
    CHECK(R.Reason.find(C.Why) != std::string::npos);
    CHECK(R.WhyPos.Line == C.Line);
    CHECK(R.WhyPos.Col == C.Col);
    CHECK(F.LeftOnHost == 1);
  }
}
