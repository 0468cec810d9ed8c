// `scope` inside the parallel regions of target regions (issue 9 point 2):
// the worksharing constructs inside a scope are the parallel region's own,
// a scope's private copies are each thread's, its reduction folds each
// thread's copy into the team's variable; and what still stays on the host.
#include "ToolTestUtil.h"
#include "analysis/DirectiveTree.h"
#include "analysis/Transparent.h"
#include "edits/SourceText.h"

#include <catch2/catch.hpp>

using namespace clang;
using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("scope: a loop inside a scope is the parallel region's",
          "[transparent][scope]") {
  Parsed P = parse(R"src(
void f(int *a, int n) {
  #pragma omp target parallel map(tofrom: a[0:n])
  {
    #pragma omp scope
    {
      #pragma omp for
      for (int i = 0; i < n; i++)
        a[i] = i;
    }
  }
})src");
  std::vector<TransparentUse> Uses;
  std::vector<const OMPExecutableDirective *> Other;
  SourceLocation At;
  REQUIRE(findTransparent(P.Body, DirContext::ParallelCode, Uses, &Other, At)
              .Ok);
  REQUIRE(Uses.size() == 1);
  CHECK(Uses[0].Where == DirContext::ParallelCode);
  // The loop is one of the parallel code's own constructs.
  REQUIRE(Other.size() == 1);
  CHECK(isa<OMPForDirective>(Other[0]));
  // Outside a parallel region (a team of one thread), a loop inside a
  // scope is still refused.
  Parsed Q = parse(R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    #pragma omp scope
    {
      #pragma omp for
      for (int i = 0; i < n; i++)
        a[i] = i;
    }
  }
})src");
  Uses.clear();
  Other.clear();
  CHECK_FALSE(
      findTransparent(Q.Body, DirContext::TeamCode, Uses, &Other, At).Ok);
}

TEST_CASE("scope: the tree and the kernel of a scope around a loop",
          "[transparent][scope]") {
  FileResult F = translateC(R"src(
int f(int *a, int n) {
  int total = 0;
  #pragma omp target parallel map(tofrom: total, a[0:n])
  {
    #pragma omp scope reduction(+: total)
    {
      #pragma omp for
      for (int i = 0; i < n; i++)
        total += a[i];
    }
    #pragma omp scope nowait
    {
      #pragma omp for nowait
      for (int i = 0; i < n; i++)
        a[i] = 0;
    }
  }
  return total;
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  INFO(R.Reason);
  REQUIRE(R.Translate);
  const std::string &O = F.Output;
  // Each thread's copy starts at the identity and is folded atomically
  // into the mapped scalar, then the scope's barrier.
  CHECK(contains(O, "int *o2c_red_total = total;"));
  CHECK(contains(O, "int o2c_rv_total = o2c_dev::RedPlus::identity<int>();"));
  CHECK(contains(O, "o2c_dev::atomicCombine<o2c_dev::RedPlus>(o2c_red_total, "
                    "o2c_rv_total);\n"));
  CHECK(contains(O, "__syncthreads(); // the end of scope"));
  // nowait: no barrier of its own.
  size_t Ends = 0;
  for (size_t P = O.find("the end of scope"); P != std::string::npos;
       P = O.find("the end of scope", P + 1))
    ++Ends;
  CHECK(Ends == 1);
}

TEST_CASE("scope: private copies the loop inside uses, and the refusals",
          "[transparent][scope]") {
  FileResult F = translateC(R"src(
void f(int *a, int n) {
  #pragma omp target teams num_teams(2) map(tofrom: a[0:n])
  {
    int t = 3;
    #pragma omp parallel
    {
      #pragma omp scope private(t)
      {
        #pragma omp for
        for (int i = 0; i < n; i++) {
          t = i * 2;
          a[i] = t;
        }
      }
    }
    a[0] += t;
  }
})src");
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "// #pragma omp scope private(t)"));

  // A reduction on a scope outside a parallel region, and one over a
  // user-declared operator, stay on the host, located at the scope.
  FileResult G = translateC(R"src(
void f(int *a, int n) {
  int s = 0;
  #pragma omp target map(tofrom: s, a[0:n])
  {
    #pragma omp scope reduction(+: s)
    {
      s += a[0];
    }
  }
})src");
  REQUIRE(G.Ok);
  const Region &R = G.Regions.at(0).R;
  CHECK_FALSE(R.Translate);
  CHECK(contains(R.Reason, "a reduction on 'scope' outside a parallel region"));
  CHECK(R.WhyPos.Line == 6);
}
