// Data sharing no clause writes: default(private) and default(firstprivate)
// (clang's implicit clauses, read as written), the variable of a simd loop
// declared before it (linear or lastprivate by itself), and lastprivate on
// a collapse whose inner loops each thread runs.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("default(firstprivate) on a nested parallel privatises the team's "
          "locals",
          "[analysis][default]") {
  // (scratch-dsa wrong2: the threads wrote the team master's x and y.)
  FileResult F = translateC(R"src(
void f(int *out) {
  #pragma omp target map(tofrom: out[0:2])
  {
    int x = 3, y = 4;
    #pragma omp parallel default(firstprivate) shared(out) num_threads(2)
    { x += 1; y = x; }
    out[0] = x; out[1] = y;
  }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  if (R.Translate) {
    // The thread's copies are declared from the team's.
    CHECK(contains(F.Output, "x += 1"));
  } else {
    CHECK(R.Why == DiagId::HostClause);
  }
}

TEST_CASE("default(private) or default(firstprivate) over mapped storage "
          "stays on the host",
          "[analysis][default]") {
  FileResult F = translateC(R"src(
void f(int *p) {
  int r[4] = {0, 0, 0, 0};
  int k = 5, t = 1;
  #pragma omp target teams distribute parallel for default(firstprivate) map(tofrom: r)
  for (int i = 0; i < 4; i++) r[i] = i + 1;
  #pragma omp target parallel for default(private) map(tofrom: k)
  for (int i = 0; i < 4; i++) k = i;
  #pragma omp target teams num_teams(1) default(firstprivate) map(tofrom: t)
  { t = 50; }
  #pragma omp target map(tofrom: r)
  #pragma omp parallel for default(firstprivate)
  for (int i = 0; i < 4; i++) r[i] = 1;
  p[0] = r[0] + k + t;
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 4);
  const char *Names[] = {"'r'", "'k'", "'t'", "'r'"};
  for (unsigned I = 0; I < 4; ++I) {
    INFO("region " << I);
    CHECK_FALSE(T[I]->Translate);
    CHECK(T[I]->Why == DiagId::HostClause);
    CHECK(contains(T[I]->Reason, "default("));
    CHECK(contains(T[I]->Reason, Names[I]));
  }
}

TEST_CASE("default(firstprivate) over a target's own scalars stays "
          "translated",
          "[analysis][default]") {
  FileResult F = translateC(R"src(
void f(int *val, int n) {
  int x = 7;
  #pragma omp target teams distribute parallel for default(firstprivate) shared(val) map(tofrom: val[0:n])
  for (int i = 0; i < n; i++) { val[i] = x; x += 1; }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  CHECK(R.Translate);
}

TEST_CASE("a mapped simd loop variable declared before the loop gets its "
          "final value",
          "[analysis][simd]") {
  // (scratch-dsa wrong5: j stayed -1, the host build prints 12.)
  FileResult F = translateC(R"src(
void f(void) {
  int a[10] = {0};
  int j = -1, k = -1;
  #pragma omp target simd map(tofrom: a, j)
  for (j = 0; j < 10; j += 3) a[j] += 1;
  #pragma omp target teams distribute parallel for simd map(tofrom: a)
  for (k = 0; k < 10; k++) a[k] += 1;
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 2);
  REQUIRE(T[0]->Translate);
  const Capture *J = findCapture(*T[0], "j");
  REQUIRE(J);
  CHECK(J->How == Passing::LastPrivate);
  // A plain C loop variable no map names: the target's firstprivate copy,
  // which the host never sees.
  REQUIRE(T[1]->Translate);
  const Capture *K = findCapture(*T[1], "k");
  CHECK((!K || K->How != Passing::LastPrivate));
}

TEST_CASE("a nested simd loop's variable declared before it stays on the "
          "host",
          "[analysis][simd]") {
  // (scratch-dsa lv4: the team master's t kept -5, the host build 51.)
  FileResult F = translateC(R"src(
void f(int *out, int *a) {
  #pragma omp target map(tofrom: out[0:1], a[0:50])
  {
    int t = -5;
    #pragma omp parallel for simd
    for (t = 0; t < 50; t += 3) a[t] += 1;
    out[0] = t;
  }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  CHECK_FALSE(R.Translate);
  CHECK(R.Why == DiagId::HostClause);
  CHECK(contains(R.Reason, "'t'"));
  CHECK(contains(R.Reason, "after the loop"));
}

TEST_CASE("a mapped variable as a nested worksharing loop's variable stays "
          "on the host",
          "[analysis][loop]") {
  // (scratch-dsa pl4: the kernel declared `int k` and read `(*k)`.)
  FileResult F = translateC(R"src(
void f(int *a) {
  int k = -1;
  #pragma omp target map(tofrom: a[0:100], k)
  {
    #pragma omp parallel for
    for (k = 0; k < 100; k++) a[k] += 3;
    a[0] += k;
  }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  CHECK_FALSE(R.Translate);
  CHECK(R.Why == DiagId::HostClause);
  CHECK(contains(R.Reason, "'k'"));
}

TEST_CASE("lastprivate on a non-rectangular partial collapse stays on the "
          "host",
          "[analysis][collapse]") {
  // (scratch-dsa wrong1: i = n - 1 runs no inner iteration; emu 0 0, the
  // host build 8 9.)
  FileResult F = translateC(R"src(
void f(int n, int *o) {
  int li = -1, lj = -1;
  #pragma omp target teams distribute parallel for collapse(2) lastprivate(li, lj) map(tofrom: li, lj)
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) { li = i; lj = j; }
  o[0] = li + lj;
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  CHECK_FALSE(R.Translate);
  CHECK(R.Why == DiagId::HostClause);
  CHECK(contains(R.Reason, "lastprivate('li')"));
}

TEST_CASE("a nested simd loop's own variable that the region names nowhere "
          "else stays translated",
          "[analysis][simd]") {
  // Common C style: `int i;` before the target region, the target's
  // firstprivate copy; its value after the loop is no one's concern.
  FileResult F = translateC(R"src(
void f(int *a, int n) {
  int i;
  #pragma omp target teams map(tofrom: a[0:n])
  {
    a[0] = 1;
    #pragma omp distribute parallel for simd
    for (i = 0; i < n; i++) a[i] += 1;
  }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  CHECK(R.Translate);
}
