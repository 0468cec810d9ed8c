// The arguments of the o2c::HostFallback around a region left on the host
// (src/edits/HostComment.cpp): the variables the region makes firstprivate,
// whose host values the fallback must not replace with the device's.
#include "ToolTestUtil.h"

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {
const char *const Fp = "o2c::HostFallback::HostRange";
std::string range(const std::string &V) {
  return std::string(Fp) + "{(const void *)__builtin_addressof(" + V +
         "), sizeof(" + V + ")}";
}
} // namespace

TEST_CASE("a host region's firstprivate variables reach its HostFallback",
          "[hostcomment]") {
  // Implicit (a scalar, a pointer) and explicit (an array) firstprivates;
  // fuzz seed 7771 program 115, hunt fp5/fp1/fp3.
  FileResult F = translateC(R"src(
void ext(void);
void f(double dt, int *p, int m) {
  double u[4];
  int arr[2];
#pragma omp target map(tofrom: u) firstprivate(arr)
  { u[0] += dt + arr[0] + p[0]; ext(); }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "o2c::HostFallback o2c_host(o2c_loc, true, -1, {}, {}, {"));
  CHECK(contains(F.Output, range("arr")));
  CHECK(contains(F.Output, range("dt")));
  CHECK(contains(F.Output, range("p")));
  CHECK_FALSE(contains(F.Output, range("u")));
  CHECK_FALSE(contains(F.Output, range("m"))); // not used in the region
}

TEST_CASE("a variable a combined construct maps is not firstprivate to the "
          "fallback",
          "[hostcomment]") {
  // lastprivate on a combined target construct maps the variable tofrom: the
  // target leaf reads the device's copy, and firstprivate is an inner leaf's.
  FileResult F = translateC(R"src(
void ext(void);
void f(int n, int *a) {
  int x = 0;
#pragma omp target parallel for firstprivate(x) lastprivate(x) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i) { x = a[i]; ext(); }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK_FALSE(contains(F.Output, range("x")));
  CHECK(contains(F.Output, range("n")));
}

TEST_CASE("a region without firstprivate variables keeps the short fallback",
          "[hostcomment]") {
  FileResult F = translateC(R"src(
void ext(int *);
void f(int *a) {
#pragma omp target map(tofrom: a[0:4])
  ext(a);
})src");
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "o2c::HostFallback o2c_host(o2c_loc);"));
}

TEST_CASE("an unrepeatable if clause keeps the fallback's firstprivates",
          "[hostcomment]") {
  FileResult F = translateC(R"src(
void ext(void);
int next(void);
void f(int k, int *out) {
#pragma omp target if(next()) map(tofrom: out[0:1])
  { out[0] = k; ext(); }
})src");
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "o2c::HostFallback o2c_host(o2c_loc, true, -1, {}, {}, {" +
                               range("k") + "});"));
}

TEST_CASE("a host region in a template takes the firstprivates every "
          "instantiation has",
          "[hostcomment]") {
  // The pattern has no implicit clauses; `v` is a scalar in both
  // instantiations, `w` a struct (mapped tofrom) in one of them.
  FileResult F = translateC(R"src(
void ext();
struct P { int a; };
template <class T, class U> T twice(T v, U w) {
  T r = 0;
#pragma omp target map(tofrom: r)
  { r = 2 * v + (T)sizeof(w); ext(); }
  return r;
}
int f() {
  int k = 3;
  auto g = [&](auto d) {
#pragma omp target map(tofrom: d)
    { d += k; ext(); }
    return d;
  };
  return twice(1, 2) + twice(1.0, P{1}) + g(1) + g(2.0);
})src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, range("v")));
  CHECK_FALSE(contains(F.Output, range("w")));
  CHECK(contains(F.Output, range("k")));
}

TEST_CASE("a host region's firstprivate globals are named from the global "
          "namespace",
          "[hostcomment]") {
  FileResult F = translateC(R"src(
void ext();
namespace ns { double g = 1; namespace { int h = 2; } }
extern "C" { int c = 3; }
struct K { static double mul; };
double K::mul = 4;
template <class T> struct Tm { static T v; };
template <class T> T Tm<T>::v = 5;
void f(double *out) {
#pragma omp target map(tofrom: out[0:1])
  { out[0] = ns::g + ns::h + c + K::mul + Tm<int>::v; ext(); }
})src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, range("::ns::g")));
  CHECK(contains(F.Output, range("::ns::h")));
  CHECK(contains(F.Output, range("::c")));
  CHECK(contains(F.Output, range("::K::mul")));
  CHECK_FALSE(contains(F.Output, "addressof(::Tm"));
}
