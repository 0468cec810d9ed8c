// Reductions over arrays and array sections (issue 8 point 4): updates with
// the reduction's operator become device atomics on the mapped copy; any
// other use keeps the region on the host, located at that use.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("array and section reductions update the device copy atomically",
          "[analysis][array-reduction]") {
  FileResult F = translateC(R"src(
void f(double *s, int n, int m) {
  int h[8] = {0};
  #pragma omp target teams distribute parallel for reduction(+: h, s[1:m])
  for (int i = 0; i < n; ++i) { h[i % 8] += 2; h[i % 8]++; s[1 + i % m] -= 0.5; }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  const Capture *H = findCapture(R, "h");
  REQUIRE(H);
  CHECK(H->How == Passing::MappedObject);
  REQUIRE(H->Map);
  CHECK(H->Map->Type == MapType::ToFrom);
  const Capture *S = findCapture(R, "s");
  REQUIRE(S);
  CHECK(S->How == Passing::DevicePointer);
  REQUIRE(S->Map);
  CHECK(S->Map->Section);
  CHECK(S->Map->Lower == "1");
  CHECK(S->Map->Length == "m");
  CHECK(S->Map->Type == MapType::ToFrom);
  CHECK(contains(F.Output, "o2c_region.mapSection(s, 1, o2c_len_s, o2c::MapToFrom"));
  CHECK(contains(F.Output, "atomicCombine<o2c_dev::RedPlus>(&(h[i % 8]), (int)((2)))"));
  CHECK(contains(F.Output, "atomicCombine<o2c_dev::RedPlus>(&(h[i % 8]), (int)(1))"));
  CHECK(contains(F.Output, "atomicCombine<o2c_dev::RedPlus>(&(s[1 + i % m]),"));
  CHECK(contains(F.Output, "(double)(-(0.5)))"));
  // No per-thread partial: the scalar reduction machinery is not used.
  CHECK_FALSE(contains(F.Output, "reduceToGlobal"));
}

TEST_CASE("an explicit map of a reduction array becomes tofrom",
          "[analysis][array-reduction]") {
  FileResult F = translateC(R"src(
void f(unsigned *b, int n) {
  #pragma omp target teams distribute parallel for map(to: b[0:4]) reduction(^: b[0:4])
  for (int i = 0; i < n; ++i) b[i % 4] ^= (unsigned)i;
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  const Capture *B = findCapture(R, "b");
  REQUIRE(B);
  REQUIRE(B->Map);
  CHECK(B->Map->Type == MapType::ToFrom);
  CHECK(contains(F.Output, "atomicCombine<o2c_dev::RedBitXor>"));
}

TEST_CASE("array reductions the atomics cannot express stay on the host",
          "[analysis][array-reduction]") {
  FileResult F = translateC(R"src(
void f(int *a, int n) {
  int h[4] = {0};
  #pragma omp target teams distribute parallel for reduction(+: h)
  for (int i = 0; i < n; ++i) { h[i % 4] += 1; a[i] = h[0]; }
  #pragma omp target teams distribute parallel for reduction(max: h)
  for (int i = 0; i < n; ++i) h[i % 4] = h[i % 4] > i ? h[i % 4] : i;
  #pragma omp target teams distribute parallel for reduction(+: h)
  for (int i = 0; i < n; ++i) h[i % 4] *= 2;
  #pragma omp target parallel reduction(+: h)
  {
    a[0] = 1;
    #pragma omp for
    for (int i = 0; i < n; ++i) h[i % 4] += 1;
  }
})src");
  REQUIRE(F.Ok);
  const Region &Read = F.Regions.at(0).R;
  CHECK_FALSE(Read.Translate);
  CHECK(Read.Why == DiagId::HostClause);
  CHECK(contains(Read.Reason, "used other than in an update"));
  CHECK(Read.WhyPos.Line == 5);
  CHECK(Read.WhyPos.Col == 55);
  const Region &Max = F.Regions.at(1).R;
  CHECK_FALSE(Max.Translate);
  CHECK(contains(Max.Reason, "min, max"));
  const Region &Other = F.Regions.at(2).R;
  CHECK_FALSE(Other.Translate);
  CHECK(contains(Other.Reason, "used other than in an update"));
  const Region &Nested = F.Regions.at(3).R;
  CHECK_FALSE(Nested.Translate);
}

TEST_CASE("reduction(default, ...) and reduction(task, ...) are plain "
          "reductions; inscan stays on the host, located at the clause",
          "[analysis][array-reduction]") {
  FileResult F = translateC(R"src(
void f(int *a, int *b, int n) {
  int s = 0;
  #pragma omp target teams distribute parallel for reduction(default, +: s) map(to: a[0:n])
  for (int i = 0; i < n; ++i) s += a[i];
  #pragma omp target map(to: a[0:n]) map(from: b[0:n])
  #pragma omp parallel for reduction(inscan, +: s)
  for (int i = 0; i < n; ++i) {
    s += a[i];
    #pragma omp scan inclusive(s)
    b[i] = s;
  }
  #pragma omp target parallel for reduction(task, +: s) map(to: a[0:n])
  for (int i = 0; i < n; ++i) s += a[i];
})src");
  REQUIRE(F.Ok);
  const Region &D = F.Regions.at(0).R;
  CHECK(D.Translate);
  REQUIRE(findCapture(D, "s"));
  CHECK(findCapture(D, "s")->How == Passing::Reduction);
  const Region &T = F.Regions.at(1).R;
  CHECK_FALSE(T.Translate);
  CHECK(T.Why == DiagId::HostClause);
  CHECK(contains(T.Reason, "reduction(inscan, ...)"));
  CHECK(T.WhyPos.Line == 7);
  CHECK(T.WhyPos.Col == 28);
  // Tasks in device code run in the thread that creates them.
  const Region &Task = F.Regions.at(2).R;
  CHECK(Task.Translate);
  REQUIRE(findCapture(Task, "s"));
  CHECK(findCapture(Task, "s")->How == Passing::Reduction);
}
