// Lambdas and function objects that device code calls: those written in
// the region (device code as they are), and those a function template
// receives and its region calls, which each instantiation resolves
// (DeviceLambdas.h, Instantiations.h).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

const char *Apply = R"src(
template <typename F>
void apply(F f, double *a, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = f(a[i]);
}
)src";

FileResult withApply(const std::string &Main) {
  return translateC(std::string(Apply) + Main, /*Cxx=*/true);
}

} // namespace

TEST_CASE("a lambda written in the region is device code, unmarked",
          "[analysis][lambdas]") {
  FileResult F = translateC(R"src(
void f(double *a, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i) {
    auto h = [](double y) { return y / 2; };
    auto g = [](auto y) { return y + 1; };
    a[i] = h(a[i]) + g(a[i]);
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.Regions.at(0).R.Translate);
  // Before, the host's copy got the mark inside the parameter list.
  CHECK_FALSE(contains(F.Output, "__host__ __device__"));
  CHECK(contains(F.Output, "auto h = [](double y) { return y / 2; };"));
}

TEST_CASE("a lambda passed to a function template is marked after its "
          "captures",
          "[analysis][lambdas]") {
  FileResult F = withApply(R"src(
template <typename G>
void fill(G g, double *a, int n) {
  #pragma omp target teams distribute parallel for map(from: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = g();
}
void g(double *a, int n, double off) {
  apply([=](double x) { return x + off; }, a, n);
  fill([] { return 1.0; }, a, n);
})src");
  REQUIRE(F.Ok);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "[=] __host__ __device__(double x)"));
  // Without a parameter list nvcc needs `()` after the mark.
  CHECK(contains(F.Output, "[] __host__ __device__ () { return 1.0; }"));
}

TEST_CASE("a function object passed to a function template is marked",
          "[analysis][lambdas]") {
  FileResult F = withApply(R"src(
struct Scale {
  double k;
  double operator()(double x) const { return k * x; }
};
void g(double *a, int n) { apply(Scale{3.0}, a, n); }
)src");
  REQUIRE(F.Ok);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "__host__ __device__ double operator()(double x)"));
}

TEST_CASE("a call through a template parameter checks every instantiation",
          "[analysis][lambdas]") {
  FileResult F = withApply(R"src(
double host_only(double);
struct Scale {
  double k;
  double operator()(double x) const { return k * x; }
};
struct Opaque {
  double operator()(double x) const { return host_only(x); }
};
void g(double *a, int n) {
  apply(Scale{3.0}, a, n);
  apply(Opaque{}, a, n);
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  CHECK_FALSE(R.Translate);
  CHECK(R.Why == DiagId::HostCall);
  CHECK(contains(R.Reason, "host_only"));
  // Nothing is marked for a region left on the host.
  CHECK_FALSE(contains(F.Output, "__host__ __device__ double operator()"));
}

TEST_CASE("lambdas nvcc or the device cannot take keep the region on the "
          "host, at the lambda",
          "[analysis][lambdas]") {
  struct Case {
    const char *Lambda, *Why;
  } Cases[] = {
      {"[](auto x) { return x * 2; }", "generic lambda"},
      {"[=](double x) { return x + *p; }", "'p' by copy, which holds an address"},
      {"[&](double x) { return x + off; }", "'off' by reference"},
      {"[k = off](double x) { return x + k; }", "init-capture"},
  };
  for (const Case &C : Cases) {
    INFO(C.Lambda);
    FileResult F = withApply(std::string(R"src(
void g(double *a, int n, double off, double *p) {
  apply()src") + C.Lambda + R"src(, a, n);
})src");
    REQUIRE(F.Ok);
    const Region &R = F.Regions.at(0).R;
    CHECK_FALSE(R.Translate);
    CHECK(R.Why == DiagId::HostCall);
    CHECK(contains(R.Reason, C.Why));
    CHECK(R.WhyPos.Line == 10); // the lambda's line
    CHECK_FALSE(contains(F.Output, "] __host__ __device__"));
  }
}

TEST_CASE("a call that depends on a template parameter resolves per "
          "instantiation",
          "[analysis][lambdas]") {
  FileResult F = translateC(R"src(
static double twice(double x) { return 2 * x; }
static float twice(float x) { return 2 * x; }
template <typename T>
void scale(T *a, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = twice(a[i]);
}
void g(double *a, float *b, int n) { scale(a, n); scale(b, n); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "__host__ __device__ static double twice"));
  CHECK(contains(F.Output, "__host__ __device__ static float twice"));
}

TEST_CASE("a lambda in a function the region calls is that function's",
          "[analysis][lambdas]") {
  FileResult F = translateC(R"src(
static double twice(double x) {
  auto h = [](double y) { return 2 * y; };
  return h(x);
}
void g(double *a, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = twice(a[i]);
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "__host__ __device__ static double twice"));
  CHECK(contains(F.Output, "auto h = [](double y) { return 2 * y; };"));
}

TEST_CASE("a region in a generic lambda gets its auto parameters as the "
          "kernel's template parameters",
          "[analysis][lambdas][templates]") {
  FileResult F = translateC(R"src(
void f(double *a, int n) {
  auto run = [&](auto k, const auto &m) {
    #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (int i = 0; i < n; ++i)
      a[i] = a[i] * k + m;
  };
  run(2, 1.0);
  run(0.5f, 2.0);
  auto fwd = [&](auto &&k) {
    #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (int i = 0; i < n; ++i)
      a[i] = a[i] * k;
  };
  fwd(3);
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  CHECK(R.Translate);
  CHECK(R.TemplateHeader == "template <typename O2cAuto0, typename O2cAuto1>");
  CHECK(contains(F.Output,
                 "<decltype(k), std::remove_const_t<std::remove_reference_t<"
                 "decltype(m)>>>("));
  // A forwarding reference's deduced type cannot be told from decltype.
  CHECK_FALSE(F.Regions.at(1).R.Translate);
  CHECK(F.Regions.at(1).R.Why == DiagId::HostContext);
}

TEST_CASE("a stateful function object or mutable lambda keeps the region on "
          "the host, at the call",
          "[analysis][lambdas]") {
  for (const char *Arg : {"Count{}", "[=](double x) mutable { off += 1; return x + off; }"}) {
    INFO(Arg);
    FileResult F = withApply(std::string(R"src(
struct Count {
  int calls = 0;
  double operator()(double x) { ++calls; return x; }
};
void g(double *a, int n, double off) {
  apply()src") + Arg + R"src(, a, n);
})src");
    REQUIRE(F.Ok);
    const Region &R = F.Regions.at(0).R;
    CHECK_FALSE(R.Translate);
    CHECK(contains(R.Reason, "which is not const"));
    CHECK(R.WhyPos.Line == 6); // the call in the region
  }
}

TEST_CASE("a lambda written in the region that throws keeps it on the host",
          "[analysis][lambdas]") {
  FileResult F = translateC(R"src(
void f(double *a, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i) {
    auto h = [](double y) { if (y < 0) throw 1; return y; };
    a[i] = h(a[i]);
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK_FALSE(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Regions.at(0).R.Reason, "throws"));
}
