// The flags every parse gets: OpenMP on, at version 5.2 unless the build
// names another, and offload flags of other compilers dropped.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace omp2cuda;

namespace {
bool has(const std::vector<std::string> &V, const std::string &S) {
  return std::find(V.begin(), V.end(), S) != V.end();
}
} // namespace

TEST_CASE("the front end parses OpenMP 5.2 unless told otherwise", "[driver]") {
  std::vector<std::string> A = adjustArgs({"clang", "-c", "x.c"}, nullptr);
  CHECK(has(A, "-fopenmp"));
  CHECK(has(A, "-fopenmp-version=52"));
  std::vector<std::string> B =
      adjustArgs({"clang", "-fopenmp", "-fopenmp-version=45", "x.c"}, nullptr);
  CHECK(has(B, "-fopenmp-version=45"));
  CHECK_FALSE(has(B, "-fopenmp-version=52"));
  CHECK(std::count(B.begin(), B.end(), "-fopenmp") == 1);
}

TEST_CASE("offload flags of other compilers are dropped and reported",
          "[driver]") {
  std::vector<std::string> Dropped;
  std::vector<std::string> A = adjustArgs(
      {"nvc++", "-mp=gpu", "-fopenmp-targets=nvptx64", "-O2", "x.cpp"}, &Dropped);
  CHECK_FALSE(has(A, "-mp=gpu"));
  CHECK_FALSE(has(A, "-fopenmp-targets=nvptx64"));
  CHECK(has(A, "-O2"));
  CHECK(Dropped == std::vector<std::string>{"-mp=gpu", "-fopenmp-targets=nvptx64"});
}

TEST_CASE("OpenMP 5.2 syntax parses: linear(j: step(2))", "[driver]") {
  // At clang's default 5.1 'step(2)' is a call to an undeclared function.
  FileResult F = test::translateC(R"src(
void f(double *a, int n) {
  int j = 0;
  #pragma omp target parallel for simd linear(j: step(2)) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i) a[i] += j;
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
}
