// Calls that device code may make: the C library's math and the <cmath>
// overloads in std, which CUDA's headers give device versions.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("std math overloads and sincos run on the device",
          "[analysis][devicecalls]") {
  FileResult F = translateC(R"src(
#include <cmath>
void f(float *a, double *b, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n])
  for (int i = 0; i < n; ++i) {
    float s, c;
    sincosf(a[i], &s, &c);
    a[i] = std::cos(a[i]) + std::sqrt(s) + std::fabs(c);
    b[i] = std::abs(b[i]) + (std::isnan(b[i]) ? 1 : 0);
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.Regions.at(0).R.Translate);
}

TEST_CASE("other functions of std stay on the host", "[analysis][devicecalls]") {
  FileResult F = translateC(R"src(
#include <algorithm>
void f(float *a, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = std::min(a[i], 1.0f);
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK_FALSE(F.Regions.at(0).R.Translate);
  CHECK(F.Regions.at(0).R.Why == DiagId::HostCall);
}

TEST_CASE("a region left on the host marks none of its callees for the device",
          "[analysis][devicecalls]") {
  // The region calls helper() and then fails for another reason (a
  // multi-dimensional VLA): helper must stay a plain host function.
  FileResult F = translateC(R"src(
static double helper(double x) { return 2 * x; }
void f(int n, int m) {
  double v[n][m];
  #pragma omp target teams distribute parallel for map(tofrom: v)
  for (int i = 0; i < n; ++i) v[i][0] = helper(1.0);
})src");
  REQUIRE(F.Ok);
  CHECK_FALSE(F.Regions.at(0).R.Translate);
  CHECK_FALSE(contains(F.Output, "__host__ __device__"));
}
