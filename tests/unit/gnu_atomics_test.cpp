// GNU's atomic builtins in device code (src/analysis/GnuAtomics.cpp): nvcc's
// device code has neither __sync_* nor __atomic_*, so a region's calls (and
// those of the functions it calls) name o2c_dev's (omp2cuda/gnu_atomics.h),
// for integers, float and double of 4 or 8 bytes; other forms and types keep
// the region on the host [omp2cuda-host-call].
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("GNU atomic builtins in a region name o2c_dev's", "[atomic][gnu]") {
  FileResult F = translateC(R"src(
static long bump(long *c) { return __sync_add_and_fetch(c, 2); }
void run(int *cnt, unsigned long long *u, long *l, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: cnt[0:2], u[0:1], l[0:1])
  for (int i = 0; i < n; i++) {
    __sync_fetch_and_add(&cnt[0], 1);
    __atomic_fetch_max(&cnt[1], i, __ATOMIC_RELAXED);
    int e = 0;
    __atomic_compare_exchange_n(&cnt[1], &e, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    __sync_bool_compare_and_swap(u, 0ull, 1ull);
    bump(l);
  }
  int x = 0;
  #pragma omp target map(tofrom: x)
  { __atomic_store_n(&x, __atomic_load_n(&x, __ATOMIC_ACQUIRE) + 1, __ATOMIC_RELEASE); }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "o2c_dev::sync_fetch_and_add(&cnt[0], 1);"));
  CHECK(contains(F.Output, "o2c_dev::atomic_fetch_max(&cnt[1], i, __ATOMIC_RELAXED);"));
  CHECK(contains(F.Output, "o2c_dev::atomic_compare_exchange_n(&cnt[1], &e, 1, 0,"));
  CHECK(contains(F.Output, "o2c_dev::sync_bool_compare_and_swap(u, 0ull, 1ull);"));
  CHECK(contains(F.Output, "o2c_dev::atomic_store_n(&(*x), o2c_dev::atomic_load_n(&(*x), "
                           "__ATOMIC_ACQUIRE) + 1, __ATOMIC_RELEASE);"));
  // The function the region calls is compiled for both sides, its call
  // renamed once (o2c_dev's calls the builtin on the host).
  CHECK(contains(F.Output, "__host__ __device__ static long bump(long *c) { return "
                           "o2c_dev::sync_add_and_fetch(c, 2); }"));
  // The host fallback keeps the builtins.
  CHECK(contains(F.Output, "    __sync_fetch_and_add(&cnt[0], 1);"));
}

TEST_CASE("GNU atomic builtins device code has no form of stay on the host",
          "[atomic][gnu]") {
  for (const char *Body :
       {"__sync_fetch_and_add(&s, (short)1);",      // 2 bytes
        "__atomic_fetch_add(&p, 1, __ATOMIC_RELAXED);", // a pointer
        "__atomic_load(&x, &y, __ATOMIC_RELAXED);",     // the generic form
        "__c11_atomic_fetch_add(&a, 1, __ATOMIC_RELAXED);",
        "__atomic_test_and_set(&b, __ATOMIC_RELAXED);"}) {
    FileResult F = translateC(std::string(R"src(
void run(void) {
  short s = 0; int *p = 0; int x = 0, y = 0; _Atomic int a = 0; _Bool b = 0;
  #pragma omp target map(tofrom: s, p, x, y, a, b)
  { )src") + Body + R"src( }
})src");
    INFO(Body);
    REQUIRE(F.Ok);
    CHECK(F.LeftOnHost == 1);
    REQUIRE(F.Regions.size() == 1);
    CHECK(F.Regions[0].R.Why == DiagId::HostCall);
    CHECK_FALSE(contains(F.Output, "o2c_dev::atomic"));
    CHECK_FALSE(contains(F.Output, "o2c_dev::sync"));
  }
}

TEST_CASE("GNU atomic builtins with dependent arguments in a template",
          "[atomic][gnu]") {
  // Review rv41 a12: the pattern has a call where the instantiations have
  // an AtomicExpr; the output keeps the pattern's text, which nvcc rejected.
  FileResult F = translateC(R"src(
#pragma omp declare target
template <typename T> T addAll(T *p, int n) {
  T s = 0;
  for (int i = 0; i < n; ++i)
    s += __atomic_fetch_add(&p[i], (T)1, __ATOMIC_RELAXED);
  return s + __atomic_add_fetch(&p[0], (T)0, __ATOMIC_RELAXED);
}
#pragma omp end declare target
void run(int *v, unsigned long *u) {
  #pragma omp target map(tofrom: v[0:4], u[0:4])
  { v[0] = addAll(v, 4); u[0] = addAll(u, 4); }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "s += o2c_dev::atomic_fetch_add(&p[i], (T)1, "
                           "__ATOMIC_RELAXED);"));
  CHECK(contains(F.Output, "o2c_dev::atomic_add_fetch(&p[0], (T)0,"));
}

TEST_CASE("clang-only GNU atomic builtins in host code name o2c_dev's",
          "[atomic][gnu][ccompat]") {
  FileResult F = translateC(R"src(
void run(float *f, double *d, int *m, int *out, short *s) {
  #pragma omp target map(tofrom: f[0:1], d[0:1], m[0:1], out[0:1])
  {
    __atomic_fetch_add(f, 1.0f, __ATOMIC_RELAXED);
    __atomic_sub_fetch(d, 2.0, __ATOMIC_SEQ_CST);
    out[0] = __atomic_fetch_max(m, 7, __ATOMIC_RELAXED);
    __atomic_fetch_add(m, 1, __ATOMIC_RELAXED);
  }
  __atomic_min_fetch(m, 3, __ATOMIC_RELAXED);
  __atomic_fetch_max(s, (short)3, __ATOMIC_RELAXED);
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  // The host fallback (the region's text in place) and other host code:
  // GCC and nvcc's front end have no float form, nor min and max.
  CHECK(contains(F.Output, "    o2c_dev::atomic_fetch_add(f, 1.0f, __ATOMIC_RELAXED);"));
  CHECK(contains(F.Output, "    o2c_dev::atomic_sub_fetch(d, 2.0, __ATOMIC_SEQ_CST);"));
  CHECK(contains(F.Output, "    out[0] = o2c_dev::atomic_fetch_max(m, 7, __ATOMIC_RELAXED);"));
  CHECK(contains(F.Output, "  o2c_dev::atomic_min_fetch(m, 3, __ATOMIC_RELAXED);"));
  // GCC's own forms stay; o2c_dev has none of 2 bytes.
  CHECK(contains(F.Output, "    __atomic_fetch_add(m, 1, __ATOMIC_RELAXED);"));
  CHECK(contains(F.Output, "  __atomic_fetch_max(s, (short)3, __ATOMIC_RELAXED);"));
}

TEST_CASE("a declare target function's clang-only builtin is renamed once",
          "[atomic][gnu]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
static float bump(float *p) { return __atomic_add_fetch(p, 1.0f, __ATOMIC_RELAXED); }
#pragma omp end declare target
void run(float *f) {
  #pragma omp target map(tofrom: f[0:1])
  { bump(f); }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "return o2c_dev::atomic_add_fetch(p, 1.0f, "
                           "__ATOMIC_RELAXED); }"));
}
