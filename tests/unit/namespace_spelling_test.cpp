// How a kernel spells what its region names from namespaces: types of
// inline namespaces (brief bq point 1) and namespace constants used as
// constant expressions (brief bq point 2).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a type of an inline namespace keeps it where lookup needs it",
          "[analysis][types]") {
  FileResult F = translateC(R"src(
namespace lib {
inline namespace v1 { struct S { int a; }; struct T { int b; }; }
namespace v2 { struct S { double a; }; }
struct T { long b; };
}
int use() {
  lib::v1::S s{1};
  lib::v1::T t{2};
  int r = 0;
  #pragma omp target map(tofrom: r) firstprivate(s, t)
  r = s.a + t.b;
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  // lib::S finds the one S (v2 is not inline); lib::T finds two.
  CHECK(contains(F.Output, "(lib::S s, lib::v1::T t"));
  CHECK(!contains(F.Output, "lib::T t"));
}

TEST_CASE("a constant a region needs as a constant expression is its value "
          "there",
          "[analysis][constants]") {
  FileResult F = translateC(R"src(
namespace cfg { constexpr int N = 4; constexpr long B = -7; }
template <int V> int twice() { return 2 * V; }
int use() {
  constexpr int L = 5;
  int r = 0;
  #pragma omp target map(tofrom: r)
  {
    int buf[cfg::N];
    buf[0] = cfg::N;
    static_assert(L == 5, "five");
    constexpr long b = cfg::B;
    r = twice<L>() + buf[0] + (int)b;
  }
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "int buf[4];"));
  CHECK(contains(F.Output, "buf[0] = N;"));
  CHECK(contains(F.Output, "static_assert(5 == 5"));
  CHECK(contains(F.Output, "constexpr long b = static_cast<long>((-7LL));"));
  CHECK(contains(F.Output, "twice<5>()"));
}

TEST_CASE("a constant whose value depends on a template's arguments, used "
          "as a constant expression, keeps the region on the host",
          "[analysis][constants]") {
  // In the pattern `L` is value-dependent, no NOUR_Constant use: it became
  // a runtime kernel parameter and `twice<L>()` did not compile (review bq).
  FileResult F = translateC(R"src(
template <int V> int twice() { return 2 * V; }
template <int K> int f() {
  constexpr int L = K + 1;
  int r = 0;
  #pragma omp target map(tofrom: r)
  { int a[L]; a[0] = L; r = twice<L>() + a[0]; }
  return r;
}
int g() { return f<3>(); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  INFO(F.Regions[0].R.Reason);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(contains(F.Regions[0].R.Reason, "'L' is used as a constant expression"));
}

TEST_CASE("a constant the kernel spells as its value everywhere is no "
          "kernel parameter",
          "[analysis][constants]") {
  // Brief bq2 point 2: the kernel took `N`, `m` and `lm` and never read them.
  FileResult F = translateC(R"src(
namespace cfg { constexpr int N = 4; }
enum class Mode : int { A = 1, B = 2 };
constexpr Mode m = Mode::B;
template <int V> int twice() { return 2 * V; }
template <Mode M> int val() { return (int)M; }
int use() {
  constexpr Mode lm = Mode::A;
  const int K = 3;
  int r = 0;
  #pragma omp target map(tofrom: r)
  { int buf[cfg::N]; buf[3] = K; r = twice<cfg::N>() + val<m>() + val<lm>() + buf[3] + K; }
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  // K is also read as a value: the kernel takes it.
  CHECK(contains(F.Output, "__global__ void omp2cuda_use_L11(const int K, int *r)"));
  CHECK(contains(F.Output, "int buf[4];"));
  CHECK(contains(F.Output, "twice<4>()"));
}

TEST_CASE("a variable whose address a constant expression needs keeps the "
          "region on the host",
          "[analysis][constants]") {
  // Brief bq2 point 1: `get<&N>()` of the parameter N did not compile.
  FileResult F = translateC(R"src(
namespace cfg { constexpr int N = 7; }
struct K { static constexpr int W = 3; };
int g = 5;
#pragma omp declare target
constexpr int dN = 8;
#pragma omp end declare target
template <const int *P> int get() { return *P; }
template <int *P> void add() { *P += 1; }
int use() {
  int r = 0;
  #pragma omp target map(tofrom: r)
  r = get<&cfg::N>();
  #pragma omp target map(tofrom: r)
  r = get<&K::W>();
  #pragma omp target map(tofrom: r, g)
  { add<&g>(); r = g; }
  #pragma omp target map(tofrom: r)
  { constexpr const int *p = &cfg::N; r = *p; }
  #pragma omp target map(tofrom: r)
  r = get<&dN>();
  #pragma omp target map(tofrom: r)
  { const int c = g * 2; int a[2] = {c, *&g}; r = a[0] + a[1]; }
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 6);
  for (int I = 0; I < 5; ++I) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostType);
    CHECK(contains(F.Regions[I].R.Reason, "needs the variable itself"));
  }
  // A declare target device copy too: the host fallback's get<&dN>, which
  // nvcc compiles for the device, names the host's variable.
  // A const int's initialiser need not be constant: g is read as a value.
  CHECK(F.Regions[5].R.Translate);
}

TEST_CASE("a template argument of a reference or pointer parameter names the "
          "variable itself, not its value",
          "[analysis][constants]") {
  // Review bq2 a2: `getr<cfg::N>()` of `template <const int &R>` became
  // `getr<7>()`, which does not compile.
  FileResult F = translateC(R"src(
namespace cfg { constexpr int N = 7; constexpr int M[2] = {3, 4}; }
template <const int &R> int getr() { return R; }
template <const int &R> struct Box { static int get() { return R; } };
template <const int *P> int first() { return P[0]; }
template <int V> int val() { return V; }
template <int V, const int &...Rs> int sum() { return V + (Rs + ...); }
int use() {
  int r = 0;
  #pragma omp target map(tofrom: r)
  r = getr<cfg::N>();
  #pragma omp target map(tofrom: r)
  r = Box<cfg::N>::get();
  #pragma omp target map(tofrom: r)
  r = first<cfg::M>();
  #pragma omp target map(tofrom: r)
  r = sum<1, cfg::N, cfg::N>();
  #pragma omp target map(tofrom: r)
  r = val<cfg::N>() + Box<cfg::N>::get() * 0;
  #pragma omp target map(tofrom: r)
  r = val<cfg::N + 1>();
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 6);
  for (int I = 0; I < 5; ++I) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostType);
    CHECK(contains(F.Regions[I].R.Reason, "'" +
                                               std::string(I == 2 ? "M" : "N") +
                                               "' is named"));
  }
  // A value parameter takes the constant's value, which the kernel spells.
  CHECK(F.Regions[5].R.Translate);
  CHECK(contains(F.Output, "val<"));
}

TEST_CASE("a reference template argument of a member template, a dependent "
          "parameter type or a dependent callee names the variable itself",
          "[analysis][constants]") {
  // Review rv40 t03, t08, t11: the kernel spelled 7 for cfg::N.
  FileResult F = translateC(R"src(
#include <type_traits>
namespace cfg { constexpr int N = 7; }
struct O { template <const int &R> int f() const { return R; } };
template <class T, T V> int tv() { return V; }
struct P { template <const int &R> static int sf() { return R; } };
template <class T> int dep() {
  int r = 0;
  #pragma omp target map(tofrom: r)
  r = T::template sf<cfg::N>();
  return r;
}
int use() {
  int r = 0;
  O o;
  #pragma omp target map(tofrom: r)
  r = o.f<cfg::N>();
  #pragma omp target map(tofrom: r)
  r = tv<const int &, cfg::N>();
  #pragma omp target map(tofrom: r)
  r = std::integral_constant<const int &, cfg::N>::value;
  #pragma omp target map(tofrom: r)
  r = tv<int, cfg::N>() + std::integral_constant<int, cfg::N>::value;
  return r + dep<P>();
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 5);
  for (int I = 0; I < 5; ++I) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    // The dependent callee's region comes first in the file.
    bool Object = I != 4;
    CHECK(F.Regions[I].R.Translate == !Object);
    if (Object)
      CHECK(contains(F.Regions[I].R.Reason, "needs the variable itself"));
  }
}

TEST_CASE("a nowait region launches with the box its task holds",
          "[lowering][nowait]") {
  FileResult F = translateC(R"src(
void use(int *out) {
  int c[4] = {1, 2, 3, 4};
  #pragma omp target nowait firstprivate(c) map(tofrom: out[0:4])
  for (int i = 0; i < 4; ++i) out[i] = c[i];
  #pragma omp taskwait
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "auto &c_d = o2c_held_c;"));
  CHECK(!contains(F.Output, "auto c_d = o2c::box(c);"));
}
