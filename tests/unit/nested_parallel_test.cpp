// Parallel regions nested in parallel code, run by their encountering
// thread alone (docs/nested-parallel.md): the tree keeps no node for them,
// the walkers over parallel code see their writes, their constructs bind
// to the team of one, and what cannot be done soundly stays refused at the
// construct.
#include "ToolTestUtil.h"
#include "analysis/DirectiveTree.h"
#include "analysis/Transparent.h"

#include "clang/Frontend/ASTUnit.h"

#include <catch2/catch.hpp>

using namespace clang;
using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

unsigned serialUses(const DirectiveTree &T) {
  unsigned N = 0;
  for (const TransparentUse &U : T.Transparent)
    N += U.Serial;
  return N;
}

} // namespace

TEST_CASE("nested parallel: no node, serial uses for the inner constructs",
          "[nested-parallel]") {
  Parsed P = parse(R"src(
void f(int *a, int n) {
  #pragma omp target teams map(tofrom: a[0:n])
  {
    #pragma omp parallel
    {
      #pragma omp parallel num_threads(3)
      {
        #pragma omp for
        for (int i = 0; i < n; i++) a[i] = i;
        #pragma omp barrier
        #pragma omp single
        a[0] = 1;
      }
    }
  }
})src");
  DirectiveTree T = teamTree(P);
  INFO(T.V.Reason);
  REQUIRE(T.V.Ok);
  // The outer parallel region is the only node under the team's code.
  REQUIRE(T.Nodes.size() == 2);
  CHECK(T.Nodes[1].Kind == DirKind::Parallel);
  CHECK(T.Nodes[1].Children.empty());
  // parallel, for and barrier bind to the team of one; single is
  // rewritten in place as in one thread's code (TeamCode).
  CHECK(serialUses(T) == 3);
  for (const TransparentUse &U : T.Transparent)
    if (isa<OMPSingleDirective>(U.D))
      CHECK(U.Where == DirContext::TeamCode);
}

TEST_CASE("nested parallel: in a worksharing loop's body",
          "[nested-parallel]") {
  Parsed P = parse(R"src(
void f(int *a, int n) {
  #pragma omp target parallel map(tofrom: a[0:n])
  {
    #pragma omp for
    for (int r = 0; r < 8; r++) {
      int s = 0;
      #pragma omp parallel for reduction(+: s)
      for (int i = 0; i < n; i++) s += a[i];
      a[r] = s;
    }
  }
})src");
  DirectiveTree T =
      spmdTree(DirKind::Parallel, P.Body, P.Body, ClauseInfo(), P.ctx(), false);
  INFO(T.V.Reason);
  REQUIRE(T.V.Ok);
  CHECK(T.Nodes.size() == 2); // the root and its for
  REQUIRE(serialUses(T) == 1);
  // The thread's own code: the for's body, where s is declared.
  CHECK(T.Transparent[0].Own != nullptr);
}

TEST_CASE("nested parallel: what stays refused, at the construct",
          "[nested-parallel]") {
  struct Case {
    const char *Code;
    unsigned Line;
    const char *Why;
  };
  const Case Cases[] = {
      // Not bound to a team of one here yet.
      {R"src(
void f(int *a) {
  #pragma omp target teams map(tofrom: a[0:2])
  {
    #pragma omp parallel
    {
      #pragma omp parallel
      {
        #pragma omp sections
        {
          a[0] = 1;
        }
      }
    }
  }
})src",
       9, "'sections' inside a nested parallel region"},
  };
  for (const Case &C : Cases) {
    Parsed P = parse(C.Code);
    DirectiveTree T = teamTree(P);
    INFO(C.Code);
    INFO(T.V.Reason);
    REQUIRE_FALSE(T.V.Ok);
    CHECK(contains(T.V.Reason, C.Why));
    CHECK(lineOfLoc(P, T.Where) == C.Line);
  }
}

TEST_CASE("nested parallel: the inner region's writes are parallel code's",
          "[nested-parallel]") {
  // x is the team-master code's; the inner region's thread writes it, so
  // the outer team must share it (as a write in the outer region would).
  FileResult Nested = translateC(R"src(
void f(int *a) {
  #pragma omp target teams num_teams(1) map(tofrom: a[0:1])
  {
    int x = 0;
    #pragma omp parallel
    {
      #pragma omp parallel
      {
        if (a[0] == 5) x = 1;
      }
    }
    a[0] = x;
  }
})src");
  REQUIRE(Nested.Ok);
  REQUIRE(Nested.Regions.size() == 1);
  INFO(Nested.Regions[0].R.Reason);
  INFO(Nested.Output);
  CHECK(Nested.Regions[0].R.Translate);
  CHECK(contains(Nested.Output, "__shared__ int x;"));
  // A team-local array that only an inner region writes and the team's
  // threads read: one per team, in shared memory (checkSharing reads the
  // inner region; without that it was each thread's, a wrong answer).
  FileResult Array = translateC(R"src(
void f(int *a) {
  #pragma omp target teams num_teams(1) map(tofrom: a[0:4])
  {
    int arr[4];
    #pragma omp parallel
    {
      #pragma omp single
      {
        #pragma omp parallel
        arr[0] = 7;
      }
      #pragma omp parallel
      a[1] = arr[0];
    }
  }
})src");
  REQUIRE(Array.Ok);
  REQUIRE(Array.Regions.size() == 1);
  INFO(Array.Regions[0].R.Reason);
  REQUIRE(Array.Regions[0].R.Translate);
  CHECK(contains(Array.Output, "__shared__ int arr[4];"));
  // An atomic inside is a device atomic, not a plain update.
  FileResult Atomic = translateC(R"src(
void f(int *c) {
  #pragma omp target parallel map(tofrom: c[0:1])
  {
    #pragma omp parallel
    {
      #pragma omp atomic update
      c[0] += 1;
    }
  }
})src");
  REQUIRE(Atomic.Ok);
  REQUIRE(Atomic.Regions.size() == 1);
  INFO(Atomic.Regions[0].R.Reason);
  REQUIRE(Atomic.Regions[0].R.Translate);
  CHECK(contains(Atomic.Output, "o2c_dev::atomicCombine"));
  CHECK(contains(Atomic.Output, "// #pragma omp parallel: a team of one"));
}

TEST_CASE("nested parallel: the OpenMP routines answer for the team of one",
          "[nested-parallel]") {
  FileResult F = translateC(R"src(
#include <omp.h>
int asks(void) { return omp_get_thread_num(); }
void f(int *a) {
  #pragma omp target parallel map(tofrom: a[0:8])
  {
    #pragma omp parallel
    {
      a[0] = omp_get_thread_num() + omp_get_num_threads();
      #pragma omp parallel
      a[1] = omp_get_level() + omp_in_parallel();
    }
  }
  #pragma omp target parallel map(tofrom: a[0:8])
  {
    #pragma omp parallel
    a[0] =
      asks();
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  INFO(F.Regions[0].R.Reason);
  REQUIRE(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "o2c_dev::serial<2>::omp_get_thread_num()"));
  CHECK(contains(F.Output, "o2c_dev::serial<2>::omp_get_num_threads()"));
  CHECK(contains(F.Output, "o2c_dev::serial<3>::omp_get_level()"));
  // As outside: the block's answer.
  CHECK(contains(F.Output, "o2c_dev::omp_in_parallel()"));
  // A function cannot be told the team of one's answers.
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason, "'asks', which calls "
                                        "'omp_get_thread_num'"));
  CHECK(F.Regions[1].R.WhyPos.Line == 18);
}

TEST_CASE("nested parallel: clauses and reductions", "[nested-parallel]") {
  FileResult F = translateC(R"src(
int g(void) { return 2; }
void f(int *a, int n) {
  int m = 0;
  #pragma omp target parallel map(tofrom: a[0:n], m)
  {
    int s = 0, k = 0;
    #pragma omp parallel for reduction(+: s) num_threads(4) if(n > 2)
    for (k = 0; k < n; k++) s += a[k];
    a[0] = s + k;
    if (a[1] == 7) {
      #pragma omp parallel for reduction(max: m)
      for (int i = 0; i < n; i++) m = a[i] > m ? a[i] : m;
    }
  }
  #pragma omp target parallel map(tofrom: a[0:n])
  {
    #pragma omp parallel num_threads(g())
    a[0] = 1;
  }
  #pragma omp target teams map(tofrom: a[0:n])
  {
    int t = 0;
    #pragma omp parallel
    {
      #pragma omp parallel reduction(+: t)
      t += 1;
    }
    a[0] = t;
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  INFO(F.Regions[0].R.Reason);
  REQUIRE(F.Regions[0].R.Translate);
  // The thread's own s: a copy folded plainly; k: a fresh copy.
  CHECK(contains(F.Output, "int *o2c_sred_s = &s;"));
  CHECK(contains(F.Output,
                 "*o2c_sred_s = o2c_dev::RedPlus{}(*o2c_sred_s, s);"));
  // The mapped m: folded atomically.
  CHECK(contains(F.Output, "o2c_dev::atomicCombine<o2c_dev::RedMax>("
                           "o2c_sred_m, o2c_srv_m);"));
  // num_threads with a side effect would be skipped.
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason, "'num_threads' clause on a nested"));
  CHECK(F.Regions[1].R.WhyPos.Line == 18);
  // The team's t: where it lives is not known to the fold (the sharing
  // rules or the fold refuse it).
  CHECK_FALSE(F.Regions[2].R.Translate);
  CHECK(contains(F.Regions[2].R.Reason, "'t'"));
}

TEST_CASE("nested parallel: a task's firstprivate item that only an inner "
          "reduction names gets the task's own copy",
          "[nested-parallel]") {
  // Without the copy the fold wrote the thread's s, which other threads
  // may write at the same time, where the host folds into the task's copy.
  FileResult F = translateC(R"src(
void f(int *out) {
  #pragma omp target parallel num_threads(64) map(from: out[0:1])
  {
    int s = 0;
    #pragma omp task firstprivate(s)
    {
      #pragma omp parallel for reduction(+: s)
      for (int i = 0; i < 4; i++) out[0] = 0;
    }
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  INFO(F.Regions[0].R.Reason);
  REQUIRE(F.Regions[0].R.Translate);
  const std::string &Out = F.Output;
  size_t Copy = Out.find("int s = o2c_fp_s;");
  size_t Fold = Out.find("int *o2c_sred_s = &s;");
  CHECK(Copy != std::string::npos);
  CHECK(Fold != std::string::npos);
  CHECK(Copy < Fold);
}

TEST_CASE("team-master API call that cannot be respelled: no macro named",
          "[nested-parallel]") {
  // The call sits in an atomic update, not in a macro: the reason must not
  // send the user looking for one (review rg21).
  FileResult R = translateC(R"src(
#include <omp.h>
void f(int *y) {
  int x = 0;
  #pragma omp target map(tofrom: x, y[0:64])
  {
    #pragma omp atomic
    x += omp_get_num_threads();
    #pragma omp parallel for
    for (int i = 0; i < 64; i++) y[i] = i;
  }
})src");
  REQUIRE(R.Ok);
  REQUIRE(R.Regions.size() == 1);
  INFO(R.Regions[0].R.Reason);
  CHECK_FALSE(R.Regions[0].R.Translate);
  CHECK(contains(R.Regions[0].R.Reason, "calls 'omp_get_num_threads'"));
  CHECK_FALSE(contains(R.Regions[0].R.Reason, "macro"));
}
