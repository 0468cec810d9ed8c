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
  CHECK(contains(F.Output, range("::Tm<int>::v"))); // rv40 f05
}

TEST_CASE("a host region's local references to static storage are "
          "firstprivate to the fallback",
          "[hostcomment]") {
  // Clang captures none of them (usable in constant expressions) and makes
  // no implicit clause: review rv40 f16, host 9 8 7, emu 1 1 1.
  FileResult F = translateC(R"src(
void ext();
int gi = 1;
struct G { int x; int y; } g;
void f(int *out) {
  int &r1 = gi;
  int &r2 = g.y;
  static int si = 1; int &r3 = si;
  G &rg = g;
#pragma omp target map(tofrom: out[0:4])
  { out[0] = r1 + r2 + r3 + rg.x; ext(); }
})src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, range("r1")));
  CHECK(contains(F.Output, range("r2")));
  CHECK(contains(F.Output, range("r3")));
  CHECK_FALSE(contains(F.Output, range("rg"))); // an aggregate is mapped
}

TEST_CASE("a template's variable firstprivate by its type in some "
          "instantiations is kept where it is a scalar",
          "[hostcomment]") {
  // rv40 f04: t an int (firstprivate) and a struct (mapped).
  FileResult F = translateC(R"src(
void ext();
struct Agg { int a; operator int() const { return a; } };
template <class T> int tf(T t) {
  int out[1] = {0};
#pragma omp target map(tofrom: out[0:1])
  { out[0] = (int)t; ext(); }
  return out[0];
}
int main() { return tf(1) + tf(Agg{2}); }
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "o2c::scalarRange(__builtin_addressof(t))"));
  CHECK_FALSE(contains(F.Output, "o2c::HostProgram"));
}

TEST_CASE("a template's variable that some instantiations do not name "
          "keeps the program on the host",
          "[hostcomment]") {
  // rv40 f13: x named only in a discarded `if constexpr` branch.
  FileResult F = translateC(R"src(
void ext();
template <class T> int tf(T k) {
  int x = 1, out[1] = {0};
#pragma omp target map(tofrom: out[0:1])
  { if constexpr (sizeof(T) == 4) out[0] = x + k; else out[0] = (int)k; ext(); }
  return out[0];
}
int main() { return tf(0) + tf(2.0); }
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "o2c::HostProgram"));
  CHECK(contains(F.Output, "make 'x' firstprivate in some and not in others"));
}

TEST_CASE("a host region with firstprivates passes what else it reaches",
          "[hostcomment]") {
  // rv40 f21: x also reached through px[0:1], and through p.
  FileResult F = translateC(R"src(
void ext(void);
void f(int *out) {
  int x = 1;
  int *px = &x, *p = &x;
#pragma omp target map(tofrom: out[0:1], px[0:1])
  { px[0] = 2; *p = 2; out[0] = x; ext(); }
})src");
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, range("p") + ", " + range("x") + "}, {"));
  CHECK(contains(F.Output, "o2c::pointeeRange(__builtin_addressof(p))"));
  CHECK(contains(F.Output, "o2c::HostFallback::HostRange{(px) + (0), "
                           "(size_t)(1) * sizeof(*(px))}"));
}
