// A mapped array named only in sizeof/decltype in the region: the kernel's
// reference to it is never read, and nvcc's #550 ("set but never used") is
// an error under -Werror=all-warnings; the rebinding is marked used.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("an array used only in sizeof is rebound and marked used",
          "[analysis][unevaluated]") {
  FileResult F = translateC(R"src(
template <int V> int twice() { return 2 * V; }
void f(int *out) {
  int arr[5] = {1, 2, 3, 4, 5};
  int b[3] = {1, 2, 3};
  #pragma omp target map(tofrom: out[0:2]) map(to: arr, b)
  { out[0] = twice<sizeof(arr) / sizeof(arr[0])>(); out[1] = sizeof(b) + b[1]; }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  const Capture *A = findCapture(R, "arr");
  REQUIRE(A);
  CHECK(contains(A->PrivateDecl, "(void)arr;"));
  // b is also read: nothing to mark.
  const Capture *B = findCapture(R, "b");
  REQUIRE(B);
  CHECK(!contains(B->PrivateDecl, "(void)"));
}

TEST_CASE("a firstprivate array used only in sizeof is marked used",
          "[analysis][unevaluated]") {
  FileResult F = translateC(R"src(
void f(int *out) {
  const int arr[5] = {1, 2, 3, 4, 5};
  #pragma omp target map(tofrom: out[0:1]) firstprivate(arr)
  { out[0] = (int)(sizeof(arr) / sizeof(arr[0])); }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  const Capture *A = findCapture(R, "arr");
  REQUIRE(A);
  CHECK(A->BoxedArray);
  CHECK(contains(A->PrivateDecl, "(void)arr;"));
}
