// linear clauses on grid-stride kernels (issue 8 point 4): each iteration's
// value from the logical iteration number, the final value as lastprivate;
// and lastprivate(conditional:), whose value comes from the sequentially
// last iteration that assigned it.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("linear items start each iteration at start + iv * step",
          "[analysis][linear]") {
  FileResult F = translateC(R"src(
void f(int *a, int n, long s) {
  int j = 0;
  long w = 1;
  #pragma omp target parallel for linear(j: 2) linear(w: step(s)) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i) { a[i] = j; j += 2; }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  const Capture *J = findCapture(R, "j");
  REQUIRE(J);
  CHECK(J->How == Passing::LastPrivate);
  CHECK(J->LinearStep == "2");
  CHECK_FALSE(J->LinearWide);
  REQUIRE(J->Map);
  CHECK(J->Map->Type == MapType::ToFrom);
  const Capture *W = findCapture(R, "w");
  REQUIRE(W);
  CHECK(W->LinearWide);
  // The start value is read before j is mapped; the step from a variable
  // is a parameter the stub evaluates.
  auto Start = F.Output.find("const int o2c_lin_j = o2c_region.startValue(j);");
  auto Map = F.Output.find("o2c_region.mapObject(j,");
  REQUIRE(Start != std::string::npos);
  REQUIRE(Map != std::string::npos);
  CHECK(Start < Map);
  // (The generated code is formatted: the statements are matched in parts.)
  CHECK(contains(F.Output, "j = (int)((unsigned int)o2c_lin_j +"));
  CHECK(contains(F.Output, "(unsigned int)o2c_iv * (unsigned int)(2));"));
  CHECK(contains(F.Output, "long long o2c_step_w"));
  CHECK(contains(F.Output, "(long long)(s)"));
  CHECK(contains(F.Output, "w = (long)((unsigned long long)o2c_lin_w +"));
  CHECK(contains(F.Output,
                 "(unsigned long long)o2c_iv * (unsigned long long)(o2c_step_w));"));
  // The sequentially last iteration writes the value back.
  CHECK(contains(F.Output, "*o2c_last_j = j;"));
}

TEST_CASE("a linear item the body does not name still gets its final value",
          "[analysis][linear]") {
  FileResult F = translateC(R"src(
void f(int *a, int n) {
  int j = 5;
  #pragma omp target simd linear(j: 3) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i) a[i] = i;
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  const Capture *J = findCapture(R, "j");
  REQUIRE(J);
  CHECK(J->How == Passing::LastPrivate);
  CHECK(contains(F.Output, "*o2c_last_j = j;"));
}

TEST_CASE("linear of the loop's own variable is its predetermined linearity",
          "[analysis][linear]") {
  FileResult F = translateC(R"src(
void f(int *a, int n) {
  int i;
  #pragma omp target teams distribute parallel for simd linear(i: 1) map(tofrom: a[0:n])
  for (i = 0; i < n; ++i) a[i] = i;
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  CHECK_FALSE(findCapture(R, "i"));
}

TEST_CASE("linear forms the kernel cannot give stay on the host, located at "
          "the clause",
          "[analysis][linear]") {
  FileResult F = translateC(R"src(
void f(int *a, int n) {
  int *p = a, j = 0;
  #pragma omp target parallel for map(tofrom: a[0:n]) linear(p: 1)
  for (int i = 0; i < n; ++i) *p = i;
  #pragma omp target parallel map(tofrom: a[0:n], j)
  {
    a[0] = 1;
    #pragma omp for linear(j: 1)
    for (int i = 0; i < n; ++i) a[i] = j;
  }
  #pragma omp target parallel for collapse(2) linear(j: 1) map(tofrom: a[0:n])
  for (int i = 0; i < 4; ++i)
    for (int k = 0; k < i; ++k) a[i] = j;
})src");
  REQUIRE(F.Ok);
  const Region &P = F.Regions.at(0).R;
  CHECK_FALSE(P.Translate);
  CHECK(P.Why == DiagId::HostClause);
  CHECK(contains(P.Reason, "linear of 'p'"));
  CHECK(P.WhyPos.Line == 4);
  CHECK(P.WhyPos.Col == 55);
  const Region &N = F.Regions.at(1).R;
  CHECK_FALSE(N.Translate);
  CHECK(contains(N.Reason, "linear"));
  const Region &C = F.Regions.at(2).R;
  CHECK_FALSE(C.Translate);
  CHECK(contains(C.Reason, "collapsed nest"));
  CHECK(C.WhyPos.Line == 12);
}

TEST_CASE("linear(ref) and linear(uval) stay on the host", "[analysis][linear]") {
  FileResult F = translateC(R"src(
void f(int *a, int n, int &r) {
  #pragma omp target parallel for linear(r: ref) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i) a[i] = r;
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  CHECK_FALSE(R.Translate);
  CHECK(R.Why == DiagId::HostClause);
  CHECK(contains(R.Reason, "'ref' or 'uval'"));
}

TEST_CASE("lastprivate(conditional:) records each assignment's iteration",
          "[analysis][lastprivate-conditional]") {
  FileResult F = translateC(R"src(
void f(int *a, int n) {
  int x = -1;
  float y = 0;
  #pragma omp target parallel for lastprivate(conditional: x, y) map(to: a[0:n])
  for (int i = 0; i < n; ++i) { if (a[i] > 3) { x = i; y += 1.0f; } if (a[i] == 0) x++; }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  const Capture *X = findCapture(R, "x");
  REQUIRE(X);
  CHECK(X->How == Passing::LastPrivate);
  CHECK(X->CondLast);
  CHECK(contains(F.Output, "(o2c_w_x = o2c_iv + 1, x = i)"));
  CHECK(contains(F.Output, "(o2c_w_x = o2c_iv + 1, x++)"));
  CHECK(contains(F.Output, "(o2c_w_y = o2c_iv + 1, y += 1.0f)"));
  CHECK(contains(F.Output, "o2c_dev::lastConditional(o2c_w_x, x, o2c_cs_x, o2c_last_x);"));
  CHECK(contains(F.Output, "o2c_dev::CondSlot o2c_cs_x{};"));
  // The value is not the last iteration's: no unconditional write-back.
  CHECK_FALSE(contains(F.Output, "*o2c_last_x = x;"));
}

TEST_CASE("lastprivate(conditional:) forms the keys cannot hold stay on the "
          "host",
          "[analysis][lastprivate-conditional]") {
  FileResult F = translateC(R"src(
void g(int *);
void f(int *a, int n) {
  int x = -1;
  double d = 0;
  #pragma omp target parallel for lastprivate(conditional: x) map(to: a[0:n])
  for (int i = 0; i < n; ++i) { int *p = &x; *p = i; }
  #pragma omp target parallel for lastprivate(conditional: d) map(to: a[0:n])
  for (int i = 0; i < n; ++i) if (a[i]) d = i;
  #pragma omp target parallel for collapse(2) lastprivate(conditional: x) map(to: a[0:n])
  for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) if (a[j]) x = i;
})src");
  REQUIRE(F.Ok);
  const Region &Addr = F.Regions.at(0).R;
  CHECK_FALSE(Addr.Translate);
  CHECK(Addr.Why == DiagId::HostClause);
  CHECK(Addr.WhyPos.Line == 7);
  CHECK(Addr.WhyPos.Col == 43);
  const Region &Wide = F.Regions.at(1).R;
  CHECK_FALSE(Wide.Translate);
  CHECK(contains(Wide.Reason, "up to 4 bytes"));
  const Region &Nest = F.Regions.at(2).R;
  CHECK_FALSE(Nest.Translate);
  CHECK(contains(Nest.Reason, "32-bit count"));
}
