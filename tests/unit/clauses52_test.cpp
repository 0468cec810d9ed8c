// OpenMP 5.x clauses that used to keep a region on the host: if with the
// parallel/teams/simd modifiers, has_device_addr, nontemporal.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("if(parallel: c) makes teams of one thread when c is false",
          "[analysis][clauses52]") {
  FileResult F = translateC(R"src(
void f(double *a, int n, int c) {
  #pragma omp target teams distribute parallel for if(target: n > 0) if(parallel: c) thread_limit(128)
  for (int i = 0; i < n; ++i) a[i] += 1;
  #pragma omp target parallel for simd if(parallel: c) if(simd: 0)
  for (int i = 0; i < n; ++i) a[i] += 1;
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  CHECK(R.IfCond == "n > 0");
  CHECK(R.ThreadLimit == "((c) ? (128) : 1)");
  REQUIRE(findCapture(R, "c"));
  const Region &S = F.Regions.at(1).R;
  REQUIRE(S.Translate);
  CHECK(S.ThreadLimit == "((c) ? (0) : 1)");
}

TEST_CASE("has_device_addr passes addresses as they are", "[analysis][clauses52]") {
  FileResult F = translateC(R"src(
void f(double *p, int n) {
  double a[64];
  #pragma omp target data map(tofrom: a) use_device_addr(a)
  {
    #pragma omp target has_device_addr(a)
    for (int i = 0; i < 64; ++i) a[i] = i;
  }
  #pragma omp target teams distribute parallel for has_device_addr(p[0:n])
  for (int i = 0; i < n; ++i) p[i] = i;
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(1).R;
  REQUIRE(R.Translate);
  const Capture *A = findCapture(R, "a");
  REQUIRE(A);
  CHECK(A->How == Passing::MappedObject);
  CHECK(A->DeviceAddress);
  CHECK_FALSE(A->Map);
  CHECK(contains(F.Output, "auto *a_d = &(a)[0];"));
  const Region &P = F.Regions.at(2).R;
  REQUIRE(P.Translate);
  CHECK(findCapture(P, "p")->How == Passing::Value);
}

TEST_CASE("nontemporal is a hint", "[analysis][clauses52]") {
  FileResult F = translateC(R"src(
void f(double *a, double *b, int n) {
  #pragma omp target teams distribute parallel for simd nontemporal(a, b)
  for (int i = 0; i < n; ++i) a[i] = b[i];
})src");
  REQUIRE(F.Ok);
  CHECK(F.Regions.at(0).R.Translate);
}

TEST_CASE("clause expressions call the runtime's device routines",
          "[analysis][clauses52]") {
  // The stub evaluates device(...) on the host, where omp_get_initial_device
  // must be omp2cuda's (the host library knows no device): found by the
  // fallback fuzzer.
  FileResult F = translateC(R"src(
#include <omp.h>
void f(double *a, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n]) device(omp_get_initial_device())
  for (int i = 0; i < n; ++i) a[i] += 1;
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.at(0).R.Translate);
  CHECK(F.Regions.at(0).R.Device == "o2c::initialDevice()");
  CHECK(contains(F.Output, "o2c::deviceClause(o2c::initialDevice())"));
  CHECK(contains(F.Output, "device(o2c::initialDevice())")); // the host copy
}

TEST_CASE("device routines called in a function template with dependent "
          "arguments are routed too",
          "[analysis][clauses52]") {
  // Resolved only per instantiation, such a call was left to the host
  // library, where omp_target_memcpy_async does not link (found in review).
  FileResult F = translateC(R"src(#include <omp.h>
namespace user { int omp_target_free(int); }
template <class T> int put(T *dst, const T *src, int n, int dev) {
  int rc = omp_target_memcpy_async(dst, src, n * sizeof(T), 0, 0, dev,
                                   omp_get_initial_device(), 0, nullptr);
  omp_target_free(dst, dev);
  user::omp_target_free(n);
  return rc;
}
void f(int *d, const int *h) {
  put(d, h, 4, 0);
  #pragma omp target is_device_ptr(d)
  d[0] = 1;
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "int rc = o2c::targetMemcpyAsync(dst, src"));
  CHECK(contains(F.Output, "  o2c::targetFree(dst, dev);"));
  // A qualified name is the user's.
  CHECK(contains(F.Output, "  user::omp_target_free(n);"));
}
