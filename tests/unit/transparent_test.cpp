// Constructs rewritten in place (issue 9 points 2 and 5): which ones the
// directive tree keeps in the text and in what context, the edits each gets
// there, the ones that leave the region on the host and where the warning
// points; then regions through the whole pipeline.
#include "ToolTestUtil.h"
#include "analysis/DirectiveTree.h"
#include "analysis/Transparent.h"
#include "edits/SourceText.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <catch2/catch.hpp>

using namespace clang;
using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

std::string kindName(const TransparentUse &U) {
  return llvm::omp::getOpenMPDirectiveName(U.D->getDirectiveKind()).str();
}

/// The region's text with the edits of its transparent constructs.
std::string edited(Parsed &P, const std::vector<TransparentUse> &Uses) {
  std::vector<TextEdit> Edits;
  SourceLocation At;
  Verdict V = transparentEdits(Uses, P.ctx(), Edits, At);
  REQUIRE(V.Ok);
  const SourceManager &SM = P.ctx().getSourceManager();
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  return textWithEdits(Buf, 0, Buf.size(), Edits);
}

} // namespace

TEST_CASE("transparent: the tree keeps tasks, single, critical and simd in "
          "their contexts",
          "[transparent]") {
  Parsed P = parse(R"src(
void f(int *a, int *s, int n) {
  #pragma omp target teams map(tofrom: a[0:n], s[0:1])
  {
    #pragma omp parallel
    {
      #pragma omp single
      {
        #pragma omp task
        a[0] = 1;
      }
      #pragma omp for
      for (int i = 0; i < n; i++) {
        #pragma omp simd
        for (int j = 0; j < 4; j++)
          a[i] += j;
        #pragma omp critical
        s[0] += a[i];
      }
    }
  }
})src");
  DirectiveTree T =
      spmdTree(DirKind::Team, P.Body, P.Body, ClauseInfo(), P.ctx(), true);
  REQUIRE(T.V.Ok);
  REQUIRE(T.Transparent.size() == 4);
  CHECK(kindName(T.Transparent[0]) == "single");
  CHECK(T.Transparent[0].Where == DirContext::ParallelCode);
  // A task's body is one thread's code, whatever its creator's context.
  CHECK(kindName(T.Transparent[1]) == "task");
  CHECK(T.Transparent[1].Where == DirContext::TeamCode);
  CHECK(kindName(T.Transparent[2]) == "simd");
  CHECK(T.Transparent[2].Where == DirContext::LoopBody);
  CHECK(kindName(T.Transparent[3]) == "critical");
  CHECK(T.Transparent[3].Where == DirContext::LoopBody);
}

TEST_CASE("transparent: each construct's text in each context",
          "[transparent]") {
  Parsed P = parse(R"src(
void f(int *a, int n) {
  #pragma omp target parallel map(tofrom: a[0:n])
  {
    int v;
    #pragma omp single copyprivate(v)
    v = a[0];
    #pragma omp master
    a[1] = v;
    #pragma omp critical(sum)
    a[2] += v;
    #pragma omp single nowait
    {
      int x = 5;
      #pragma omp task firstprivate(x)
      {
        x++;
        a[3] = x;
      }
      #pragma omp taskwait
      a[4] = x;
    }
    #pragma omp flush
  }
})src");
  std::vector<TransparentUse> Uses;
  std::vector<const OMPExecutableDirective *> Other;
  SourceLocation At;
  REQUIRE(findTransparent(P.Body, DirContext::ParallelCode, Uses, &Other, At)
              .Ok);
  CHECK(Other.empty());
  REQUIRE(Uses.size() == 7);
  std::string T = edited(P, Uses);
  // single: thread 0, the value of its v through shared memory, barriers.
  CHECK(contains(T, "__shared__ int o2c_cp_v;"));
  CHECK(contains(T, "if (threadIdx.x == 0) { // #pragma omp single "
                    "copyprivate(v)"));
  CHECK(contains(T, "o2c_cp_v = v;"));
  CHECK(contains(T, "v = o2c_cp_v;"));
  CHECK(contains(T, "if (threadIdx.x == 0) { // #pragma omp master"));
  // critical: one lock per name, taken and given back.
  size_t Enter = T.find("o2c_dev::criticalEnter(");
  REQUIRE(Enter != std::string::npos);
  std::string Id = T.substr(Enter + 23, T.find(')', Enter) - Enter - 23);
  CHECK(contains(T, "o2c_dev::criticalExit(" + Id + ");"));
  // nowait: no barrier after the second single; the first one's
  // copyprivate barriers are the only ones.
  CHECK_FALSE(contains(T, "the end of single"));
  // The task runs now; it writes its firstprivate x, so it gets a copy.
  CHECK(contains(T, "const int o2c_fp_x = x;"));
  CHECK(contains(T, "int x = o2c_fp_x;"));
  CHECK(contains(T, "// #pragma omp taskwait: tasks run when they are "
                    "created"));
  CHECK(contains(T, "o2c_dev::ompFlush(); // #pragma omp flush"));
  CHECK_FALSE(contains(T, "#pragma omp task\n"));

  // The same constructs in one thread's code: no conditions, no barriers.
  std::vector<TransparentUse> One = Uses;
  for (TransparentUse &U : One)
    U.Where = DirContext::TeamCode;
  std::string O = edited(P, One);
  CHECK_FALSE(contains(O, "threadIdx.x"));
  CHECK(contains(O, "// #pragma omp master"));
}

TEST_CASE("transparent: what leaves the region on the host, and where",
          "[transparent]") {
  SECTION("a parallel region inside a task") {
    Parsed P = parse(R"src(
void f(int *a) {
  #pragma omp target map(tofrom: a[0:4])
  {
    #pragma omp task
    {
      #pragma omp parallel for
      for (int i = 0; i < 4; i++)
        a[i] = i;
    }
  }
})src");
    std::vector<TransparentUse> Uses;
    SourceLocation At;
    Verdict V = findTransparent(P.Body, DirContext::TeamCode, Uses, nullptr, At);
    REQUIRE_FALSE(V.Ok);
    CHECK(V.Id == DiagId::HostGeneral);
    CHECK(lineOfLoc(P, At) == 7);
  }
  SECTION("critical inside critical") {
    Parsed P = parse(R"src(
void f(int *a) {
  #pragma omp target parallel map(tofrom: a[0:4])
  {
    #pragma omp critical(a)
    {
      #pragma omp critical(b)
      a[0]++;
    }
  }
})src");
    std::vector<TransparentUse> Uses;
    SourceLocation At;
    Verdict V =
        findTransparent(P.Body, DirContext::ParallelCode, Uses, nullptr, At);
    REQUIRE_FALSE(V.Ok);
    CHECK(lineOfLoc(P, At) == 7);
  }
  SECTION("a clause not thought through") {
    Parsed P = parse(R"src(
void f(int *a) {
  int s = 0;
  #pragma omp target parallel map(tofrom: a[0:4], s)
  {
    #pragma omp taskgroup task_reduction(+: s)
    {
      a[0] = 1;
    }
  }
})src");
    std::vector<TransparentUse> Uses;
    SourceLocation At;
    REQUIRE(
        findTransparent(P.Body, DirContext::ParallelCode, Uses, nullptr, At).Ok);
    std::vector<TextEdit> Edits;
    Verdict V = transparentEdits(Uses, P.ctx(), Edits, At);
    REQUIRE_FALSE(V.Ok);
    CHECK(V.Id == DiagId::HostClause);
    CHECK(contains(V.Reason, "task_reduction"));
    CHECK(lineOfLoc(P, At) == 6);
  }
}

TEST_CASE("pipeline: regions with tasks, single and critical translate",
          "[transparent]") {
  FileResult F = translateC(R"src(
void f(int *a, int *s, int n) {
  #pragma omp target parallel for map(tofrom: a[0:n], s[0:1])
  for (int i = 0; i < n; i++) {
    #pragma omp critical
    s[0] += a[i];
  }
  #pragma omp target teams map(tofrom: a[0:n])
  {
    #pragma omp parallel
    {
      #pragma omp single
      {
        #pragma omp taskloop
        for (int i = 0; i < n; i++)
          a[i] = 2 * i;
      }
    }
  }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Class == RegionClass::Combined);
  CHECK(F.Regions[1].R.Translate);
  CHECK(contains(F.Output, "o2c_dev::criticalEnter("));
  CHECK(contains(F.Output, "// #pragma omp taskloop: runs now"));
}

TEST_CASE("pipeline: single in a parallel region shares only what the threads "
          "really share",
          "[transparent]") {
  FileResult F = translateC(R"src(
void f(int *out, int n) {
  int x = 0;
  #pragma omp target parallel map(from: out[0:64])
  {
    #pragma omp single
    x = 5;
    out[0] = x;
  }
  #pragma omp target parallel map(from: out[0:64])
  {
    int y;
    #pragma omp single copyprivate(y)
    y = n;
    out[1] = y;
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  // x is the target's firstprivate copy, which the threads share: thread
  // 0's store must reach them, which a copy per thread would not do, so
  // the team has one copy in shared memory.
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "__shared__ int o2c_teamfp_x;"));
  CHECK(contains(F.Output, "o2c_teamfp_x = x;"));
  CHECK(contains(F.Output, "auto &x = o2c_teamfp_x;"));
  CHECK(F.Regions[1].R.Translate);
  CHECK_FALSE(contains(F.Output, "o2c_teamfp_n"));
}
