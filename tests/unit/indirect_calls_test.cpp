// Calls through function pointers in device code (`declare target ...
// indirect`, IndirectCalls.h): the kernel looks the host address up in the
// file's table; without indirect functions, or where the table cannot
// serve, the region stays on the host with the reason.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a call through a pointer to an indirect function goes through "
          "the device table",
          "[analysis][indirect]") {
  FileResult F = translateC(R"src(
typedef int (*fp)(int);
int inc(int x) { return x + 1; }
int dbl(int x) { return 2 * x; }
#pragma omp declare target enter(inc, dbl) indirect
int run(fp p) {
  int r = 0;
#pragma omp target map(from: r)
  r = p(3) + (*p)(4);
  return r;
}
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Output.find("(*r) = omp2cuda_indirect(p)(3) + "
                      "omp2cuda_indirect((*p))(4);") != std::string::npos);
  // The table follows the directive and precedes the kernel.
  size_t Table = F.Output.find("static __device__ const void "
                               "*omp2cuda_indirect_host[2];");
  size_t Directive = F.Output.find("#pragma omp declare target enter(inc");
  size_t Kernel = F.Output.find("__global__ void omp2cuda_run_L");
  CHECK(Directive < Table);
  CHECK(Table < Kernel);
  CHECK(F.Output.find("return (F *)(void *)&dbl;") != std::string::npos);
  CHECK(F.Output.find("o2c::IndirectTable omp2cuda_indirect_table("
                      "omp2cuda_indirect_hosts, 2, "
                      "&omp2cuda_indirect_host);") != std::string::npos);
  CHECK(F.Output.find("__host__ __device__ int inc(") != std::string::npos);
}

TEST_CASE("a call through a pointer stays on the host where the table "
          "cannot serve it",
          "[analysis][indirect]") {
  SECTION("no indirect function") {
    FileResult F = translateC(R"src(
int inc(int x) { return x + 1; }
#pragma omp declare target enter(inc)
int run(int (*p)(int)) {
  int r = 0;
#pragma omp target map(from: r)
  r = p(3);
  return r;
}
)src");
    REQUIRE(F.Regions.size() == 1);
    CHECK_FALSE(F.Regions[0].R.Translate);
    CHECK(F.Regions[0].R.Reason.find("no function of the program is "
                                     "'declare target ... indirect'") !=
          std::string::npos);
    CHECK(F.Output.find("omp2cuda_indirect") == std::string::npos);
  }
  SECTION("the region comes before the table") {
    FileResult F = translateC(R"src(
int inc(int x);
int run(int (*p)(int)) {
  int r = 0;
#pragma omp target map(from: r)
  r = p(3);
  return r;
}
int inc(int x) { return x + 1; }
#pragma omp declare target enter(inc) indirect
)src");
    REQUIRE(F.Regions.size() == 1);
    CHECK_FALSE(F.Regions[0].R.Translate);
    CHECK(F.Regions[0].R.Reason.find("comes before the last 'declare target "
                                     "indirect' function") !=
          std::string::npos);
  }
  SECTION("a function's address taken in the region") {
    FileResult F = translateC(R"src(
int inc(int x) { return x + 1; }
#pragma omp declare target enter(inc) indirect
int run(int (*p)(int)) {
  int r = 0;
#pragma omp target map(from: r)
  r = p == inc;
  return r;
}
)src");
    REQUIRE(F.Regions.size() == 1);
    CHECK_FALSE(F.Regions[0].R.Translate);
    CHECK(F.Regions[0].R.Reason.find("takes the address of 'inc'") !=
          std::string::npos);
  }
  SECTION("in a function the region calls") {
    FileResult F = translateC(R"src(
int inc(int x) { return x + 1; }
#pragma omp declare target enter(inc) indirect
int apply(int (*p)(int), int x) { return p(x); }
int run(int (*p)(int)) {
  int r = 0;
#pragma omp target map(from: r)
  r = apply(p, 3);
  return r;
}
)src");
    REQUIRE(F.Regions.size() == 1);
    CHECK_FALSE(F.Regions[0].R.Translate);
    CHECK(F.Regions[0].R.Reason.find("outside the region's own text") !=
          std::string::npos);
  }
}

TEST_CASE("the device table follows a declare target block's end",
          "[analysis][indirect]") {
  FileResult F = translateC(R"src(
#pragma omp begin declare target indirect
int inc(int x) { return x + 1; }
#pragma omp end declare target
int run(int (*p)(int)) {
  int r = 0;
#pragma omp target map(from: r)
  r = p(3);
  return r;
}
)src");
  REQUIRE(F.Regions.size() == 1);
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  size_t End = F.Output.find("#pragma omp end declare target");
  size_t Table = F.Output.find("omp2cuda_indirect_host[1];");
  CHECK(End < Table);
  CHECK(Table != std::string::npos);
}
