// `atomic capture` in device code (issue 8): one fetch-and-op per capture,
// the value before or after as the form says; other forms stay on the host.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("atomic capture forms become one fetch-and-op", "[atomic]") {
  FileResult F = translateC(R"src(
void run(int *t, int *order, double *s, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: t[0:1], order[0:n], s[0:1])
  for (int i = 0; i < n; ++i) {
    int v, w;
    double d;
    #pragma omp atomic capture
    v = t[0]++;
    #pragma omp atomic capture
    w = --t[0];
    #pragma omp atomic capture
    { d = s[0]; s[0] += 0.5; }
    #pragma omp atomic capture seq_cst
    { s[0] -= 0.5; d = s[0]; }
    order[i] = v + w + (int)d;
  }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "v = o2c_dev::atomicFetchCombine<o2c_dev::RedPlus>(&(t[0]), (int)(1));"));
  CHECK(contains(F.Output, "w = o2c_dev::atomicCombineFetch<o2c_dev::RedPlus>(&(t[0]), (int)(-1));"));
  CHECK(contains(F.Output, "d = o2c_dev::atomicFetchCombine<o2c_dev::RedPlus>(&(s[0]), (double)((0.5)));"));
  CHECK(contains(F.Output, "d = o2c_dev::atomicCombineFetch<o2c_dev::RedPlus>(&(s[0]), (double)(-(0.5)));"));
}

TEST_CASE("atomic capture forms not translated stay on the host",
          "[atomic]") {
  // A swap (`v = x; x = e;`) is a write capture, not an update.
  FileResult F = translateC(R"src(
void run(int *t, int n) {
  #pragma omp target map(tofrom: t[0:2])
  {
    int v;
    #pragma omp atomic capture
    { v = t[0]; t[0] = n; }
    t[1] = v;
  }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 1);
  REQUIRE(F.Regions.size() == 1);
  CHECK(contains(F.Regions[0].R.Reason, "capture in this form"));
}
