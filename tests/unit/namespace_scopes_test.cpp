// Regions whose function sits in a namespace, a linkage specification or a
// class template's out-of-line member: where the kernel goes and how the
// stub's call names the globals it passes.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

FileResult translateCxx(const std::string &Code, bool Lines = false) {
  Options O;
  O.LineDirectives = Lines;
  return translateCode(Code, "input.cpp", {"-xc++", "-std=c++17"}, O);
}

/// The line of Out that calls the stub (`if (!omp2cuda_..._stub(...)) {`).
std::string stubCallLine(const std::string &Out) {
  std::istringstream In(Out);
  for (std::string L; std::getline(In, L);)
    if (contains(L, "if (!omp2cuda_"))
      return L;
  return "";
}

/// The text of the first kernel whose name starts with Name, from its
/// `__global__` to its end.
std::string kernelText(const std::string &Out, const std::string &Name) {
  size_t B = Out.find("__global__ void " + Name);
  if (B == std::string::npos)
    return "";
  size_t E = Out.find("\n}\n", B);
  return Out.substr(B, E == std::string::npos ? std::string::npos : E - B);
}

} // namespace

TEST_CASE("a global that a namespace's own variable shadows is passed "
          "qualified",
          "[analysis][namespace]") {
  // The call is written in a::run, where a plain `x` is a::x (70 on the
  // emu, 1000 on the host), or, after `using namespace a`, ambiguous.
  FileResult F = translateCxx(GENERATE(R"src(
int x = 100;
namespace a {
int x = 7;
double run(int n) {
  double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += ::x;
  return s;
}
}
)src",
                                       R"src(
int x = 100;
namespace a { int x = 7; }
using namespace a;
double run(int n) {
  double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += ::x;
  return s;
}
)src"));
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  std::string Call = stubCallLine(F.Output);
  INFO(Call);
  CHECK(contains(Call, "::x"));
}

TEST_CASE("a namespace's variable is still passed with its namespace",
          "[analysis][namespace]") {
  FileResult F = translateCxx(R"src(
int x = 100;
namespace a {
int x = 7;
double run(int n) {
  double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += x;
  return s;
}
}
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(stubCallLine(F.Output), "::a::x"));
}

TEST_CASE("a variable of an anonymous namespace that a global's name hides "
          "from qualified names is passed by its plain name",
          "[analysis][namespace]") {
  // `::x` is the global: 1000 on the emu, 70 on the host.
  FileResult F = translateCxx(R"src(
int x = 100;
namespace {
int x = 7;
double run(int n) {
  double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += x;
  return s;
}
}
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  std::string Call = stubCallLine(F.Output);
  INFO(Call);
  CHECK(contains(Call, "(x, ") + contains(Call, ", x, ") +
            contains(Call, ", x)") ==
        1);
  CHECK(!contains(Call, "::x"));
}

TEST_CASE("kernels of a function with C linkage get C++ linkage",
          "[analysis][namespace]") {
  // Kernel templates and stubs with C linkage were build errors.
  FileResult F = translateCxx(R"src(
extern "C" {
namespace b {
double f(int n) {
  auto l = [&](auto k) {
    double s = 0;
#pragma omp target map(tofrom: s)
    for (int i = 0; i < n; ++i) s += k;
    return s;
  };
  return l(2) + l(0.5);
}
}
}
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  size_t Cxx = F.Output.find("extern \"C++\" {");
  size_t Kernel = F.Output.find("__global__");
  size_t Fn = F.Output.find("double f(int n)");
  REQUIRE(Cxx != std::string::npos);
  REQUIRE(Kernel != std::string::npos);
  CHECK(Cxx < Kernel);
  CHECK(Kernel < Fn);
  // Once: the function's own linkage is the user's.
  CHECK(F.Output.find("extern \"C++\"", Cxx + 1) == std::string::npos);
}

TEST_CASE("a function in an extern \"C++\" block inside extern \"C\" gets "
          "no second linkage block",
          "[analysis][namespace]") {
  FileResult F = translateCxx(R"src(
extern "C" {
extern "C++" {
template <class T> T sum(T v, int n) {
  T s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += v;
  return s;
}
}
}
int use() { return sum(2, 10); }
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  size_t First = F.Output.find("extern \"C++\"");
  REQUIRE(First != std::string::npos);
  CHECK(F.Output.find("extern \"C++\"", First + 1) == std::string::npos);
}

TEST_CASE("a function that starts on another declaration's line gets the "
          "generated code's #line on a line of its own",
          "[analysis][namespace]") {
  FileResult F = translateCxx(
      GENERATE(R"src(namespace c { double run(int n) { double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += 3;
  return s; } }
)src",
               R"src(static int q = 3; double run(int n) { double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += q;
  return s; }
)src"),
      /*Lines=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  std::istringstream In(F.Output);
  for (std::string L; std::getline(In, L);) {
    INFO(L);
    size_t At = L.find("#line");
    CHECK((At == std::string::npos || L.find_first_not_of(" \t") == At));
  }
}

TEST_CASE("an out-of-line member template of a class template gets its "
          "kernel before both template headers",
          "[analysis][classtemplate][namespace]") {
  FileResult F = translateCxx(R"src(
template <class T> struct Box {
  T base;
  template <class U> double fill(U u, int n);
};
template <class T>
template <class U>
double Box<T>::fill(U u, int n) {
  double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i) s += u + base;
  return s;
}
double use() { Box<int> p{2}; return p.fill(1.5, 10); }
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  // The kernel went between the two headers: a build error.
  CHECK(contains(F.Output, "template <class T>\ntemplate <class U>\ndouble "
                           "Box<T>::fill(U u, int n)"));
  CHECK(F.Output.find("__global__") <
        F.Output.find("template <class T>\ntemplate <class U>"));
}

TEST_CASE("declarations the translation generates name a namespace's types "
          "with their namespaces",
          "[analysis][namespace][types]") {
  // The kernel and the stub are at file scope, where the `V` of a
  // variable declared in namespace lk was "unknown type name 'V'".
  FileResult F = translateCxx(R"src(
namespace lk {
struct V { double a, b; };
typedef double real;
V vv = {1, 2};
V arr[4];
real rr = 0.5;
namespace in { struct W { int k; }; W ww = {3}; }
template <class T> struct Box { T v; };
Box<V> bx;
}
namespace {
struct A { int x; };
A aa = {11};
namespace lk2 { struct B { int y; }; B bb = {12}; }
}
struct V { int c; };
namespace app {
struct V { int d; };
int run() {
  ::V loc = {4};
#pragma omp target map(tofrom: loc, lk::vv, lk::arr, lk::rr, lk::in::ww, lk::bx, aa, lk2::bb)
  { loc.c += 1; lk::vv.b += 5; lk::arr[2].a += 1; lk::rr *= 3;
    lk::in::ww.k += 1; lk::bx.v.a += 1; aa.x += 1; lk2::bb.y += 2; }
  return loc.c;
}
}
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  std::string K = kernelText(F.Output, "omp2cuda_run_L");
  INFO(F.Output);
  CHECK(contains(K, "lk::V *vv"));
  CHECK(contains(K, "lk::V *arr"));
  CHECK(contains(K, "lk::real *rr"));
  CHECK(contains(K, "lk::in::W *ww"));
  CHECK(contains(K, "lk::Box<lk::V> *bx"));
  // An anonymous namespace is no part of a name; its members are seen
  // from the scope around it.
  CHECK(contains(K, "(A *aa") + contains(K, " A *aa") == 1);
  CHECK(contains(K, "lk2::B *bb"));
  CHECK(!contains(F.Output, "anonymous"));
  // Written from the global scope, which app::V would hide otherwise.
  CHECK(contains(K, "::V *loc"));
  CHECK(contains(F.Output, "lk::V (&arr)[4]"));
}

TEST_CASE("a type that a namespace holding a kernel hides is spelled from "
          "the global scope",
          "[analysis][namespace][types]") {
  // The kernel is in namespace a, where `V` is a::V and `lk::W` is no type:
  // both were build errors (and `V` a wrong type had it compiled).
  FileResult F = translateCxx(R"src(
struct V { int a; };
V gv = {1};
namespace { struct A { int x; }; A aa = {3}; }
namespace lk { struct W { int w; }; W ww = {5}; }
struct U { int u; };
U gu = {6};
namespace a {
struct V { double x; };
int A = 0;
namespace lk { int unrelated; }
int run() {
#pragma omp target map(tofrom: gv, aa, ::lk::ww, gu)
  { gv.a += 1; aa.x += 1; ::lk::ww.w += 1; gu.u += 1; }
  return gv.a;
}
}
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  std::string K = kernelText(F.Output, "omp2cuda_run_L");
  INFO(F.Output);
  CHECK(contains(K, "::V *gv"));
  CHECK(contains(K, "::A *aa"));
  CHECK(contains(K, "::lk::W *ww"));
  // Nothing hides U: it keeps its plain name.
  CHECK(contains(K, " U *gu"));
}

TEST_CASE("the using-directives and -declarations of the blocks around a "
          "region are declared in its kernel",
          "[analysis][namespace][using]") {
  // The kernel at file scope saw none of them: `twice` was undeclared.
  FileResult F = translateCxx(R"src(
namespace cfg {
inline int twice(int k) { return 2 * k; }
namespace deep { inline int thrice(int k) { return 3 * k; } }
}
namespace app {
namespace inner { inline int plus1(int k) { return k + 1; } }
struct S { int v = 5; int run(); };
int S::run() {
  using namespace inner;
  int r = 0;
#pragma omp target map(tofrom: r) map(to: v)
  { r = plus1(v); }
  return r;
}
}
int main() {
  int r = 0, q = 0;
  { using namespace cfg::deep; }
  {
    using cfg::twice;
    namespace d = cfg::deep;
    {
      using namespace d;
#pragma omp target map(from: r, q)
      { r = twice(21); q = thrice(2); }
      using namespace app;
    }
  }
  return r + q;
}
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Regions[1].R.Translate);
  INFO(F.Output);
  // The directive names the namespace from the global scope: the kernel
  // may be outside app.
  std::string Member = kernelText(F.Output, "omp2cuda_S_run_L");
  CHECK(contains(Member, "using namespace ::app::inner;"));
  // Outermost first, as the blocks declare them; not a sibling block's
  // directive nor one after the region.
  std::string Main = kernelText(F.Output, "omp2cuda_main_L");
  CHECK(contains(Main, "using ::cfg::twice;\n  namespace d = ::cfg::deep;\n"
                       "  using namespace ::cfg::deep;\n"));
  CHECK(!contains(Main, "using namespace app"));
  size_t First = Main.find("using namespace ::cfg::deep;");
  CHECK(Main.find("using namespace ::cfg::deep;", First + 1) ==
        std::string::npos);
}

TEST_CASE("a block's using-declaration of a variable or a name a parameter "
          "takes is not re-declared in the kernel",
          "[analysis][namespace][using]") {
  // The variable is passed under its own name: `using cfg::counter;` next
  // to the parameter `counter` was "target of using declaration conflicts
  // with declaration already in scope"; so was the alias `d` beside a
  // variable d of an inner block.
  FileResult F = translateCxx(R"src(
namespace cfg { int counter = 5; inline int twice(int k) { return 2 * k; } }
int main() {
  namespace d = cfg;
  using cfg::counter;
  using cfg::twice;
  {
    int d = 4;
#pragma omp target map(tofrom: counter) firstprivate(d)
    { counter += twice(d); }
  }
  return counter;
}
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  std::string K = kernelText(F.Output, "omp2cuda_main_L");
  INFO(F.Output);
  CHECK(contains(K, "using ::cfg::twice;"));
  CHECK(!contains(K, "cfg::counter;"));
  CHECK(!contains(K, "namespace d"));
}

TEST_CASE("a variable of a type nested in the class being defined keeps an "
          "in-class member's region on the host",
          "[analysis][namespace][types]") {
  // The stub, declared before the class, had a parameter
  // `geo::Outer::Inner &` of the incomplete Outer: a build error. Out of
  // the class the same region is offloaded.
  FileResult F = translateCxx(R"src(
namespace geo {
struct Outer {
  struct Inner { int q; };
  int run();
  int inl() {
    Inner loc = {5};
#pragma omp target map(tofrom: loc)
    { loc.q += 1; }
    return loc.q;
  }
};
int Outer::run() {
  Inner loc = {2};
#pragma omp target map(tofrom: loc)
  { loc.q += 3; }
  return loc.q;
}
}
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  INFO(F.Output);
  CHECK(!F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostContext);
  CHECK(!contains(F.Output, "launch(geo::Outer::Inner &loc);"));
  CHECK(F.Regions[1].R.Translate);
  CHECK(contains(kernelText(F.Output, "omp2cuda_Outer_run_L"),
                 "geo::Outer::Inner *loc"));
}

TEST_CASE("a variable whose template argument is nested in the class being "
          "defined keeps an in-class member's region on the host",
          "[analysis][namespace][types]") {
  // Review rQ of q20, t21.cpp: the stub, declared before C, named
  // `W<C::In>`: "use of undeclared identifier 'C'".
  FileResult F = translateCxx(R"src(
template <class T> struct W { T v; };
struct C {
  struct In { int a; };
  int run() {
    W<In> w{{3}}; int r = 0;
#pragma omp target map(tofrom: r) firstprivate(w)
    { r = w.v.a; }
    return r;
  }
};
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  INFO(F.Output);
  CHECK(!F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostContext);
  CHECK(!contains(F.Output, "W<C::In>"));
}

TEST_CASE("a block's using that would mean something else at the top of the "
          "kernel keeps the region on the host",
          "[analysis][namespace][using]") {
  // Review rQ of q20: each of these regions printed another answer than
  // the host build (t7, t19, t10, t1) with the usings re-declared as-is.
  FileResult F = translateCxx(R"src(
namespace cfg { struct G { double g; }; }
struct G { int g; };
namespace a { inline int f(int) { return 1; } }
namespace b { inline int f(long) { return 2; } }
namespace d { inline int thrice(int) { return 300; } }
namespace deep { inline int thrice(int k) { return 3 * k; } }
enum class Color { red = 1 };
int main() {
  G p = {0};
  int out = 0, r1 = 0, r3 = 0, x = 0;
  {
    using cfg::G;
#pragma omp target map(from: out) private(p)
    { p.g = 7; out = p.g; }
  }
  {
    using a::f;
    {
      using b::f;
#pragma omp target map(tofrom: r1)
      { r1 = f(1); }
    }
  }
  {
    namespace d = deep;
    {
      int d = 5;
#pragma omp target map(tofrom: r3)
      { r3 = d + d::thrice(1); }
    }
  }
  {
    using Color::red;
#pragma omp target map(tofrom: x)
    { x = (int)red; }
  }
  return out + r1 + r3 + x;
}
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  const char *Names[] = {"'G'", "'f'", "'d'", "'red'"};
  const unsigned Lines[] = {13, 18, 26, 34};
  for (int I = 0; I < 4; ++I) {
    INFO("region " << I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostContext);
    CHECK(contains(F.Regions[I].R.Reason, Names[I]));
    // At the using, not at the region.
    CHECK(F.Regions[I].R.WhyPos.Line == Lines[I]);
  }
}

TEST_CASE("re-declared usings name their namespaces from the global scope, "
          "and deduced types print once qualified",
          "[analysis][namespace][using]") {
  // Review rQ t30.cpp (a kernel inside namespace other, which has its own
  // orig) and t23.cpp (`auto au = s;` came out `a::a::S`).
  FileResult F = translateCxx(R"src(
namespace orig { namespace inner { inline int h() { return 1; } } }
namespace other {
namespace orig { namespace inner { inline int h() { return 2; } } }
int run() {
  int r = 0;
  {
    using namespace ::orig::inner;
#pragma omp target map(tofrom: r)
    { r = h(); }
  }
  return r;
}
}
namespace a { struct S { int x; }; }
int main() {
  a::S s{1};
  auto au = s;
  int r = 0;
#pragma omp target map(tofrom: r) firstprivate(au)
  { r = au.x; }
  return r + other::run();
}
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  INFO(F.Output);
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Regions[1].R.Translate);
  CHECK(contains(F.Output, "using namespace ::orig::inner;"));
  CHECK(contains(F.Output, "a::S au"));
  CHECK_FALSE(contains(F.Output, "a::a::S"));
}
