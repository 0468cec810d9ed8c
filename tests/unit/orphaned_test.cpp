// Orphaned constructs: OpenMP directives in the body of a function that a
// target region calls (src/analysis/Orphaned.cpp).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("an atomic update in a called function runs on the device",
          "[analysis][orphaned]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
void add_to(int *sum, int v) {
  #pragma omp atomic
  *sum += v;
}
#pragma omp end declare target
static void scale_max(double *m, double v) {
  #pragma omp atomic update
  *m = *m * v;
}
void f(int *sum, double *m, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: sum[0:1], m[0:1])
  for (int i = 0; i < n; ++i) {
    add_to(sum, i);
    scale_max(m, 1.0);
  }
})src");
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  // One text for both sides: the device's atomic there, the host's here.
  CHECK(contains(F.Output, "__host__ __device__ void add_to"));
  CHECK(contains(F.Output,
                 "o2c_dev::atomicUpdate<o2c_dev::RedPlus>(&(*sum), (int)((v)));"));
  CHECK(contains(F.Output, "o2c_dev::atomicUpdate<o2c_dev::RedTimes>(&(*m), "
                           "(double)((v)));"));
  CHECK(!contains(F.Output, "#pragma omp atomic\n  *sum"));
}

TEST_CASE("a simd loop in a called function keeps its pragma",
          "[analysis][orphaned]") {
  FileResult F = translateC(R"src(
static double dsum(const double *x, int n) {
  double s = 0;
  #pragma omp simd reduction(+: s) simdlen(4)
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}
void f(const double *x, double *out, int n) {
  #pragma omp target map(to: x[0:n]) map(from: out[0:1])
  out[0] = dsum(x, n);
})src");
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "__host__ __device__ static double dsum"));
  CHECK(contains(F.Output, "#pragma omp simd reduction(+: s) simdlen(4)"));
}

TEST_CASE("orphaned constructs the device cannot run are located and name "
          "the calls",
          "[analysis][orphaned]") {
  FileResult F = translateC(R"src(
void scale(double *a, int n) {
  #pragma omp for
  for (int i = 0; i < n; ++i)
    a[i] *= 2;
}
void outer(double *a, int n) { scale(a, n); }
static int priv(const int *x, int n) {
  int t = 0, s = 0;
  #pragma omp simd private(t) reduction(+: s)
  for (int i = 0; i < n; ++i) {
    t = x[i];
    s += t;
  }
  return s + t;
}
static int rd(int *x) {
  int v;
  #pragma omp atomic read
  v = *x;
  return v;
}
void f(double *a, int *x, int n) {
  #pragma omp target parallel map(tofrom: a[0:n])
  outer(a, n);
  #pragma omp target map(tofrom: x[0:n])
  x[0] = priv(x, n);
  #pragma omp target map(tofrom: x[0:n])
  x[0] = rd(x);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  const Region &For = F.Regions[0].R;
  CHECK(!For.Translate);
  CHECK(For.Why == DiagId::HostCall);
  CHECK(contains(For.Reason, "the target region at line 24 calls 'outer', "
                             "which calls 'scale', whose '#pragma omp for' "
                             "(line 3)"));
  CHECK(For.WhyPos.Line == 3);
  CHECK(For.WhyPos.Col == 3);
  const Region &Priv = F.Regions[1].R;
  CHECK(!Priv.Translate);
  CHECK(contains(Priv.Reason, "the clause 'private'"));
  CHECK(Priv.WhyPos.Line == 10);
  const Region &Read = F.Regions[2].R;
  CHECK(!Read.Translate);
  CHECK(contains(Read.Reason, "'#pragma omp atomic' (line 19) reads or writes"));
  // Nothing of a region left on the host is marked for the device.
  CHECK(!contains(F.Output, "__host__ __device__"));
  CHECK(contains(F.Output, "#pragma omp atomic read\n  v = *x;"));
}
