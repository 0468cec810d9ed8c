// declare variant with a `construct` selector (issue 10): the device calls
// the variant OpenMP 5.2 (§7.1-7.3) chooses for the constructs that enclose
// the call, as clang does for the host fallback; contexts it cannot decide
// keep the region on the host.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {
// Variants by construct context; the scores are 2^(p-1) for each matched
// trait at place p of the context.
const char *ConstructVariants = R"src(
#pragma omp declare target
int vT(int x) { return 1; }
int vTT(int x) { return 2; }
int vP(int x) { return 3; }
int vTP(int x) { return 4; }
int vTPF(int x) { return 5; }
int vG(int x) { return 6; }
#pragma omp end declare target
#pragma omp declare variant(vT) match(construct={target})
#pragma omp declare variant(vTT) match(construct={target,teams})
#pragma omp declare variant(vP) match(construct={parallel})
#pragma omp declare variant(vTP) match(construct={target,parallel})
#pragma omp declare variant(vTPF) match(construct={teams,parallel,for})
int f(int x) { return 0; }
)src";
} // namespace

TEST_CASE("a construct selector matches the constructs around the call",
          "[analysis][declarevariant][construct]") {
  FileResult F = translateC(std::string(ConstructVariants) + R"src(
void run(int *r) {
  #pragma omp target map(tofrom: r[0:8])
  { r[0] = f(0); }
  #pragma omp target teams num_teams(1) map(tofrom: r[0:8])
  { r[1] = f(0); }
  #pragma omp target parallel num_threads(1) map(tofrom: r[0:8])
  { r[2] = f(0); }
  #pragma omp target teams distribute parallel for map(tofrom: r[0:8])
  for (int i = 0; i < 1; i++) r[3] = f(0);
  #pragma omp target map(tofrom: r[0:8])
  {
    #pragma omp parallel for
    for (int i = 0; i < 1; i++) r[4] = f(0);
  }
  r[5] = f(0);
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "r[0] = ::vT(0);"));
  CHECK(contains(F.Output, "r[1] = ::vTT(0);"));
  CHECK(contains(F.Output, "r[2] = ::vTP(0);"));
  // {target,teams,parallel,for}: teams 2 + parallel 4 + for 8 beats
  // target 1 + parallel 4.
  CHECK(contains(F.Output, "r[3] = ::vTPF(0);"));
  CHECK(contains(F.Output, "r[4] = ::vTP(0);"));
  // The host keeps its own choice.
  CHECK(contains(F.Output, "r[5] = f(0);"));
}

TEST_CASE("constructs around the target construct count, and device "
          "selectors score 2^l of their own construct set",
          "[analysis][declarevariant][construct]") {
  FileResult F = translateC(std::string(ConstructVariants) + R"src(
#pragma omp declare variant(vP) match(construct={parallel,target})
#pragma omp declare variant(vT) match(construct={target})
int h(int x) { return 0; }
#pragma omp declare variant(vG) match(device={kind(gpu)})
#pragma omp declare variant(vTT) match(construct={target,teams})
int k(int x) { return 0; }
void run(int *r) {
  #pragma omp parallel num_threads(1)
  {
    #pragma omp target map(tofrom: r[0:8])
    { r[0] = h(0); }
  }
  #pragma omp target map(tofrom: r[0:8])
  { r[1] = h(0); }
  #pragma omp target teams num_teams(1) map(tofrom: r[0:8])
  { r[2] = k(0); }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "r[0] = ::vP(0);"));
  CHECK(contains(F.Output, "r[1] = ::vT(0);"));
  // target 1 + teams 2 beats kind(gpu)'s 2^0.
  CHECK(contains(F.Output, "r[2] = ::vTT(0);"));
}

TEST_CASE("a construct context that cannot be decided keeps the region on "
          "the host",
          "[analysis][declarevariant][construct]") {
  FileResult F = translateC(std::string(ConstructVariants) + R"src(
static int callsF(int x) { return f(x); }
void run(int *r) {
  #pragma omp target map(tofrom: r[0:8])
  { r[0] = callsF(0); }
  #pragma omp target parallel num_threads(1) map(tofrom: r[0:8])
  {
    #pragma omp single
    r[1] = f(0);
  }
  #pragma omp target map(tofrom: r[0:8])
  { r[2] = f(0); }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  CHECK(F.LeftOnHost == 2);
  CHECK(F.Regions[0].R.Why == DiagId::HostVariant);
  CHECK(contains(F.Regions[0].R.Reason, "depend on its callers"));
  CHECK(F.Regions[1].R.Why == DiagId::HostVariant);
  CHECK(contains(F.Regions[1].R.Reason, "'single'"));
  CHECK(F.Regions[2].R.Translate);
  CHECK(contains(F.Output, "r[2] = ::vT(0);"));
}

// GCC, as a host compiler, counts the constructs around a call otherwise
// (no `for` of a combined construct, nothing around `target`): under it the
// host fallback of the fourth region runs vTT where clang's runs vTPF.
TEST_CASE("with a GCC host compiler a construct selector keeps the region on "
          "the host",
          "[analysis][declarevariant][construct][host-compiler]") {
  std::string Code = std::string(ConstructVariants) + R"src(
#pragma omp declare variant(vG) match(device={kind(gpu)})
int k(int x) { return 0; }
void run(int *r) {
  #pragma omp target teams num_teams(1) map(tofrom: r[0:8])
  { r[1] = f(0); }
  #pragma omp target teams distribute parallel for map(tofrom: r[0:8])
  for (int i = 0; i < 1; i++) r[3] = f(0);
  #pragma omp target map(tofrom: r[0:8])
  { r[6] = k(0); }
})src";
  SECTION("clang (the default) chooses on the device") {
    FileResult F = translateFor(Code, HostCompiler::Clang);
    REQUIRE(F.Ok);
    CHECK(F.LeftOnHost == 0);
    CHECK(contains(F.Output, "r[1] = ::vTT(0);"));
    CHECK(contains(F.Output, "r[3] = ::vTPF(0);"));
    CHECK(contains(F.Output, "r[6] = ::vG(0);"));
  }
  SECTION("gcc does not, at the call") {
    FileResult F = translateFor(Code, HostCompiler::Gcc);
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 3);
    CHECK(F.LeftOnHost == 2);
    for (int I : {0, 1}) {
      const Region &R = F.Regions[I].R;
      CHECK_FALSE(R.Translate);
      CHECK(R.Why == DiagId::HostVariant);
      CHECK(contains(R.Reason, "'f'"));
      CHECK(contains(R.Reason, "the host compiler is GCC"));
    }
    CHECK(F.Regions[0].R.WhyPos.Line == lineOf(Code, "r[1] = f(0)"));
    CHECK(F.Regions[1].R.WhyPos.Line == lineOf(Code, "r[3] = f(0)"));
    CHECK(F.Regions[1].R.WhyPos.Col == 38);
    // A choice by device selectors alone is the same for either compiler.
    CHECK(F.Regions[2].R.Translate);
    CHECK(contains(F.Output, "r[6] = ::vG(0);"));
  }
}
