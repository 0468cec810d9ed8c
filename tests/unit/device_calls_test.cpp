// Calls that device code may make: the C library's math, the <cmath>
// overloads in std, which CUDA's headers give device versions, and the parts
// of the C++ standard library StdDevice.cpp allows.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("std math overloads and sincos run on the device",
          "[analysis][devicecalls]") {
  FileResult F = translateC(R"src(
#include <cmath>
void f(float *a, double *b, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n])
  for (int i = 0; i < n; ++i) {
    float s, c;
    sincosf(a[i], &s, &c);
    a[i] = std::cos(a[i]) + std::sqrt(s) + std::fabs(c);
    b[i] = std::abs(b[i]) + (std::isnan(b[i]) ? 1 : 0);
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.Regions.at(0).R.Translate);
}

TEST_CASE("the rest of <cmath>, std::min/max/swap/clamp, numeric_limits, "
          "array and pair run on the device",
          "[analysis][devicecalls][std]") {
  FileResult F = translateC(R"src(
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <utility>
void f(float *a, double *b, int *c, long *l, std::array<float, 4> *arr, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n], c[0:n], l[0:n], arr[0:1])
  for (int i = 0; i < n; ++i) {
    float s, co;
    sincosf(a[i], &s, &co);
    b[i] = std::sqrt(c[i]) + std::pow(c[i], 2) + exp10(b[i]) + std::fmin(a[i], 2.0f);
    c[i] = std::isnan(b[i]) + std::isinf(a[i]) + std::isfinite(b[i]) +
           std::signbit(a[i]) + std::abs(c[i]);
    l[i] = std::abs(l[i]) + std::lround(b[i]);
    a[i] = std::min(a[i], 1.0f) + std::max(s, co) + std::clamp(a[i], 0.0f, 2.0f) +
           std::numeric_limits<float>::epsilon() + (*arr)[1] + arr->size();
    std::swap(s, co);
    std::pair<int, double> q = std::make_pair(c[i], b[i]);
    b[i] += q.second + std::get<0>(q);
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
}

TEST_CASE("std::complex arithmetic and math functions run on the device",
          "[analysis][devicecalls][std]") {
  FileResult F = translateC(R"src(#include <complex>
#include <cstdio>
void f(std::complex<double> *z, double *r, std::complex<float> *w, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: z[0:n], r[0:n], w[0:n])
  for (int i = 0; i < n; ++i) {
    std::complex<double> u(1.0, 2.0);
    z[i] = z[i] * u + z[i] / u - 2.0 * z[i] + std::exp(z[i]) + std::sqrt(u) +
           std::conj(u) + std::polar(1.0, 0.5) + std::pow(u, 2.0);
    z[i] += u;
    r[i] = std::abs(z[i]) + std::arg(z[i]) + z[i].real() + std::imag(u);
    w[i] = w[i] * std::complex<float>(1.0f, 2.0f);
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  // The device versions come right after the program's own #include.
  CHECK(contains(F.Output, "#include <complex>\n#include \"omp2cuda/std_complex.h\"\n"));
}

TEST_CASE("what the standard library has no device version of stays on the host",
          "[analysis][devicecalls][std]") {
  const char *Bodies[] = {
      // A comparison function runs inside std::max, unseen.
      "a[i] = std::max(a[i], 1.0f, [](float x, float y) { return x < y; });",
      // Throws on the host.
      "a[i] = arr->at(1);",
      // Not constexpr in C++17, and no overload could replace it.
      "z[i] *= 2.0;",
      "std::pair<int, double> q, r(i, 1.0); q = r; a[i] = q.first;",
      "std::div_t d = std::div(i, 3); a[i] = d.quot;",
      // std_device.h swaps numbers and pointers, not long double.
      "long double x = a[i], y = 1; std::swap(x, y); a[i] = (float)x;",
      // std::complex<long double> has no device version.
      "a[i] = std::abs(std::complex<long double>(a[i], 1.0L));",
      // Algorithms other than min/max/clamp.
      "std::sort(a, a + 1);",
      // nvcc's device code classified every value as FP_NAN (an H100).
      "a[i] = std::fpclassify(a[i]) == FP_NORMAL;",
      "a[i] = std::isnormal(a[i]);",
      "a[i] = std::isgreater(a[i], 1.0f);",
  };
  for (const char *Body : Bodies) {
    FileResult F = translateC(std::string(R"src(#include <algorithm>
#include <array>
#include <complex>
#include <cstdlib>
#include <utility>
void f(float *a, std::array<float, 4> *arr, std::complex<double> *z, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n], arr[0:1], z[0:n])
  for (int i = 0; i < n; ++i) {
    )src") + Body + "\n  }\n}",
                              /*Cxx=*/true);
    INFO(Body);
    REQUIRE(F.Ok);
    CHECK_FALSE(F.Regions.at(0).R.Translate);
    // A long double computed on the device is refused first.
    CHECK(
        F.Regions.at(0).R.Why ==
        (contains(Body, "long double") ? DiagId::HostType : DiagId::HostCall));
  }
}

TEST_CASE("without <complex> in the file itself no std_complex.h is included",
          "[analysis][devicecalls][std]") {
  FileResult F = translateC(R"src(#include <cmath>
void f(float *a, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i) a[i] = std::cos(a[i]);
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK_FALSE(contains(F.Output, "std_complex.h"));
}

TEST_CASE("a region left on the host marks none of its callees for the device",
          "[analysis][devicecalls]") {
  // The region calls helper() and then fails for another reason (a
  // multi-dimensional VLA): helper must stay a plain host function.
  FileResult F = translateC(R"src(
static double helper(double x) { return 2 * x; }
void f(int n, int m) {
  double v[n][m];
  #pragma omp target teams distribute parallel for map(tofrom: v)
  for (int i = 0; i < n; ++i) v[i][0] = helper(1.0);
})src");
  REQUIRE(F.Ok);
  CHECK_FALSE(F.Regions.at(0).R.Translate);
  CHECK_FALSE(contains(F.Output, "__host__ __device__"));
}

TEST_CASE("constructors reached through implicit ones, and destructors, are "
          "marked for the device",
          "[analysis][devicecalls]") {
  // S's implicit default constructor calls V's template constructor, which
  // nvcc would only warn about and skip on the device; W's destructor runs
  // where the object dies, in the kernel; a default member initialiser and
  // a default argument are evaluated there too.
  FileResult F = translateC(R"src(
static int seven() { return 7; }
static int eight() { return 8; }
template <int D> struct V {
  int called;
  template <bool B = (D == 0)> V() { called = 1; }
};
template <int D> struct S { V<D> v; int extra = seven(); };
struct W { int *p; ~W() { *p = 3; } };
static int twice(int x = eight()) { return 2 * x; }
void f(int *out) {
  #pragma omp target map(from: out[0:4])
  {
    S<0> s;
    out[0] = s.v.called;
    out[1] = s.extra;
    out[2] = twice();
    W w{out + 3};
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "__host__ __device__ V()"));
  CHECK(contains(F.Output, "__host__ __device__ ~W()"));
  CHECK(contains(F.Output, "__host__ __device__ static int seven()"));
  CHECK(contains(F.Output, "__host__ __device__ static int eight()"));
}

TEST_CASE("C's fpclassify and isnormal keep the region on the host",
          "[analysis][devicecalls]") {
  // The macro becomes __builtin_fpclassify, which nvcc's device code
  // answered with 0 (FP_NAN) for every value on an H100.
  FileResult F = translateC(R"src(#include <math.h>
void f(double *a, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = (fpclassify(a[i]) == FP_ZERO) + isnormal(a[i]);
})src");
  REQUIRE(F.Ok);
  CHECK_FALSE(F.Regions.at(0).R.Translate);
  CHECK(F.Regions.at(0).R.Why == DiagId::HostCall);
  CHECK(contains(F.Regions.at(0).R.Reason, "fpclassify"));
}

TEST_CASE("omp_get_max_teams and omp_get_teams_thread_limit run on the device",
          "[analysis][devicecalls]") {
  // The device's nteams-var and teams-thread-limit-var (0: omp_device.h).
  FileResult F = translateC(R"src(#include <omp.h>
void f(int *m, int *t) {
  #pragma omp target map(tofrom: m[0:1], t[0:1])
  {
    m[0] = omp_get_max_teams();
    t[0] = omp_get_teams_thread_limit();
  }
})src");
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "o2c_dev::omp_get_max_teams()"));
  CHECK(contains(F.Output, "o2c_dev::omp_get_teams_thread_limit()"));
}

TEST_CASE("an OpenMP routine device code lacks keeps the region on the host, "
          "the warning at the call",
          "[analysis][devicecalls]") {
  // The 5.1 host routines (omp_get_mapped_ptr, omp_target_is_accessible,
  // the interop queries) have no device version.
  FileResult F = translateC(R"src(#include <omp.h>
void f(int *a, int *r) {
  #pragma omp target map(tofrom: a[0:8], r[0:1])
  {
    r[0] = 1;
    r[0] += omp_get_mapped_ptr(a, 0) != 0;
  }
  #pragma omp target map(tofrom: r[0:1])
  {
    int rc;
    r[0] = (int)omp_get_interop_int(omp_interop_none, omp_ipr_fr_id, &rc);
  }
})src");
  REQUIRE(F.Ok);
  const Region &M = F.Regions.at(0).R;
  CHECK_FALSE(M.Translate);
  CHECK(M.Why == DiagId::HostCall);
  CHECK(contains(M.Reason, "omp_get_mapped_ptr"));
  CHECK(M.WhyPos.Line == 6);
  CHECK(M.WhyPos.Col == 13);
  const Region &I = F.Regions.at(1).R;
  CHECK_FALSE(I.Translate);
  CHECK(contains(I.Reason, "omp_get_interop_int"));
  CHECK(I.WhyPos.Line == 11);
  CHECK(I.WhyPos.Col == 17);
}

TEST_CASE("data-sharing copies run their class's constructor and destructor "
          "on the device",
          "[analysis][devicecalls][private][class]") {
  // Task b19: a private copy of a class with a user-written constructor
  // and destructor called them from the kernel unmarked (nvcc: calling a
  // __host__ function("Acc::Acc()") from a __global__ function), on the
  // region's own construct, the lastprivate copy, a class template, a
  // nested construct's copy and a plain target's private alike; an
  // implicit constructor that runs a user-written one of a member was
  // compiled by nvcc with the call skipped (warning #20011-D).
  FileResult F = translateC(R"src(
struct Acc { int v; Acc() : v(1) {} ~Acc() { v = 0; } };
struct Plain { int v; Plain() : v(2) {} };
struct W { Acc a; int k = 4; };
template <class T> struct Box { T v; Box() : v(T(3)) {} ~Box() { v = T(0); } };
void f(int *a, int n) {
  Acc x; Plain p; W w; Box<int> b;
  #pragma omp target teams distribute parallel for private(x) map(from: a[0:n])
  for (int i = 0; i < n; ++i) a[i] = x.v + i;
  #pragma omp target teams distribute parallel for lastprivate(p) map(from: a[0:n])
  for (int i = 0; i < n; ++i) { p.v = i; a[i] = p.v; }
  #pragma omp target teams distribute parallel for private(w, b) map(from: a[0:n])
  for (int i = 0; i < n; ++i) a[i] = w.a.v + w.k + b.v + i;
  #pragma omp target map(from: a[0:n])
  {
    #pragma omp parallel for private(x)
    for (int i = 0; i < n; ++i) a[i] = x.v + i;
  }
  #pragma omp target private(x) map(from: a[0:n])
  a[0] = x.v;
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 5);
  for (int I = 0; I < 5; ++I) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK(F.Regions[I].R.Translate);
  }
  CHECK(contains(F.Output, "__host__ __device__ Acc() : v(1) {}"));
  CHECK(contains(F.Output, "__host__ __device__ ~Acc() { v = 0; }"));
  CHECK(contains(F.Output, "__host__ __device__ Plain() : v(2) {}"));
  CHECK(contains(F.Output, "__host__ __device__ Box() : v(T(3)) {}"));
  CHECK(contains(F.Output, "__host__ __device__ ~Box()"));
}

TEST_CASE("data-sharing copies by a user-written copy constructor or copy "
          "assignment, or of a class without a device version, stay on the "
          "host",
          "[analysis][devicecalls][private][class]") {
  // Task b19: the kernel takes a firstprivate object bitwise and sends a
  // lastprivate one back bitwise, where the host build runs the class's
  // copy constructor (`v(o.v + 10)`: emu printed 4128, the host 1968) or
  // copy assignment (`v = o.v + 100`: 107 against 207) once per copy
  // clang makes; a class of the standard library has no device
  // constructor.
  const char *Cases[][2] = {
      {"struct Acc { int v; Acc() : v(1) {} Acc(const Acc &o) : v(o.v + 10) "
       "{} };",
       "firstprivate(x)"},
      {"struct In { int v; In() : v(1) {} In(const In &o) : v(o.v + 10) {} "
       "}; struct Acc { In i; int v = 0; };",
       "firstprivate(x)"},
      {"struct Acc { int v; Acc() : v(1) {} Acc &operator=(const Acc &o) { "
       "v = o.v + 100; return *this; } };",
       "lastprivate(x)"},
      {"#include <vector>\nstruct Acc { std::vector<int> q; int v = 0; };",
       "private(x)"},
  };
  for (const auto &C : Cases) {
    FileResult F = translateC(std::string(C[0]) + R"src(
void f(int *a, int n) {
  Acc x;
  #pragma omp target teams distribute parallel for )src" +
                                  C[1] + R"src( map(from: a[0:n])
  for (int i = 0; i < n; ++i) { x.v = i; a[i] = x.v; }
})src",
                              /*Cxx=*/true);
    INFO(C[0] << " " << C[1]);
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 1);
    CHECK_FALSE(F.Regions[0].R.Translate);
    if (std::string(C[1]) != "private(x)") {
      CHECK(F.Regions[0].R.Why == DiagId::HostClause);
      CHECK(contains(F.Regions[0].R.Reason, "by a user-written copy"));
    } else {
      CHECK(F.Regions[0].R.Why == DiagId::HostCall);
    }
  }
}

TEST_CASE("a template region that an instantiation makes compute a long "
          "double stays on the host",
          "[analysis][devicecalls][longdouble]") {
  // Review rC of c20: run(1.0L) was translated (the pattern's types are
  // dependent); nvcc warned #20208-D and a GPU computes in double.
  FileResult F = translateC(R"src(
template <class T> T run(T x) {
  T r = 0;
#pragma omp target map(tofrom: r)
  r = x / 3;
  return r;
}
template <class T> T twice(T x) {
  T r = 0;
#pragma omp target map(tofrom: r)
  r = x * 2;
  return r;
}
double use() { return (double)run(1.0L) + run(1.0) + twice(1.5); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostType);
  CHECK(contains(F.Regions[0].R.Reason, "long double"));
  CHECK(F.Regions[0].R.WhyPos.Line == 5);
  CHECK(F.Regions[1].R.Translate);
}
