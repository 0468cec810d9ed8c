// `atomic read`/`write` in device code and the memory orders of atomic
// constructs: a read or write is an o2c_dev::atomicRead/atomicWrite (never a
// plain access, which the compiler may keep in a register: a spin-wait on it
// hung on a GPU), and an order stronger than relaxed adds fences.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("atomic read and write become o2c_dev accesses with their order",
          "[atomic]") {
  FileResult F = translateC(R"src(
void run(int *flag, double *d, int *n) {
  #pragma omp target parallel num_threads(2) map(tofrom: flag[0:1], d[0:1], n[0:1])
  {
    int v = 0;
    double w;
    #pragma omp atomic read
    v = flag[0];
    #pragma omp atomic read acquire
    w = d[0];
    #pragma omp atomic write release
    d[0] = w + 1.0;
    #pragma omp atomic write seq_cst
    flag[0] = v + 1;
    #pragma omp atomic seq_cst
    n[0] += 2;
    #pragma omp atomic update release
    n[0] += 1;
  }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "v = o2c_dev::atomicRead<0>(flag[0]);"));
  CHECK(contains(F.Output, "w = o2c_dev::atomicRead<1>(d[0]);"));
  CHECK(contains(F.Output, "o2c_dev::atomicWrite<2>(d[0], (w + 1.0));"));
  CHECK(contains(F.Output, "o2c_dev::atomicWrite<3>(flag[0], (v + 1));"));
  CHECK(contains(F.Output, "{ o2c_dev::atomicFence(); /* omp atomic */ "
                           "o2c_dev::atomicCombine<o2c_dev::RedPlus>(&(n[0]), "
                           "(int)((2))); o2c_dev::atomicFence(); }"));
  CHECK(contains(F.Output, "{ o2c_dev::atomicFence(); /* omp atomic */ "
                           "o2c_dev::atomicCombine<o2c_dev::RedPlus>(&(n[0]), "
                           "(int)((1))); }"));
}

TEST_CASE("requires atomic_default_mem_order sets the order of atomics "
          "without a clause",
          "[atomic]") {
  FileResult F = translateC(R"src(
#pragma omp requires atomic_default_mem_order(acq_rel)
void run(int *flag, int *x) {
  #pragma omp target map(tofrom: flag[0:1], x[0:1])
  {
    int v;
    #pragma omp atomic read
    v = flag[0];
    #pragma omp atomic write
    flag[0] = 2;
    #pragma omp atomic read relaxed
    x[0] = flag[0];
    (void)v;
  }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "v = o2c_dev::atomicRead<1>(flag[0]);"));
  CHECK(contains(F.Output, "o2c_dev::atomicWrite<2>(flag[0], (2));"));
  CHECK(contains(F.Output, "x[0] = o2c_dev::atomicRead<0>(flag[0]);"));
}

TEST_CASE("atomic read of a bit-field stays on the host", "[atomic]") {
  FileResult F = translateC(R"src(
struct S { int a : 4; int b : 4; };
void run(struct S *s, int *out) {
  #pragma omp target map(tofrom: s[0:1], out[0:1])
  {
    #pragma omp atomic read
    out[0] = s->a;
  }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 1);
  REQUIRE(F.Regions.size() == 1);
  CHECK(contains(F.Regions[0].R.Reason, "not an integer of 1 to 8 bytes"));
}
