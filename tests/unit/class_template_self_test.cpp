// Regions in members defined inside a class template that name the class
// itself (issue 10 point 4): the kernel template stays before the class,
// which is declared ahead of it, and the injected class name is spelled
// with its arguments.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a class template's in-class region may name the class",
          "[analysis][classtemplate]") {
  FileResult F = translateC(R"src(
template <typename T, int W = 4>
struct Grid {
  static constexpr int scale = 3 * W;
  int n;
  T *cells;
  void stamp() {
    #pragma omp target teams distribute parallel for map(tofrom: cells[0:n])
    for (int i = 0; i < this->n; ++i)
      cells[i] += T(sizeof(Grid) % 5);
  }
  void scaled() {
    #pragma omp target teams distribute parallel for map(tofrom: cells[0:n])
    for (int i = 0; i < n; ++i)
      cells[i] = cells[i] * T(Grid::scale) + T(Grid<T, W>::scale % 4);
  }
};
void use() { Grid<double> g{}; g.stamp(); g.scaled(); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  // Declared ahead of each kernel, without the default argument.
  CHECK(contains(F.Output, "template <typename T, int W> struct Grid;"));
  CHECK(contains(F.Output, "T(sizeof(Grid<T, W>) % 5)"));
  // The static member reaches the kernel as a value, both spellings.
  CHECK(contains(F.Output, "T(scale) + T(scale % 4)"));
  CHECK(contains(F.Output, "_launch<T, W>(Grid::scale, this->n, &this->n, this->cells)"));
}

TEST_CASE("a nested class of a class template that names itself stays on "
          "the host",
          "[analysis][classtemplate]") {
  FileResult F = translateC(R"src(
template <typename T>
struct Outer {
  struct Inner {
    T *p;
    int n;
    void run() {
      #pragma omp target map(tofrom: p[0:n])
      for (int i = 0; i < n; ++i)
        p[i] = T(sizeof(Inner));
    }
  };
};
void use() { Outer<float>::Inner in{}; in.run(); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostContext);
}

TEST_CASE("a class template declared ahead keeps its parameters as written",
          "[analysis][classtemplate]") {
  // A non-type parameter of a dependent type with a default argument, and
  // one whose declarator surrounds its name.
  FileResult F = translateC(R"src(
static int twice(int x) { return 2 * x; }
template <typename T, T Scale = T(2), int (*Pick)(int) = twice>
struct Bag {
  T *v;
  int n;
  void run() {
    #pragma omp target teams distribute parallel for map(tofrom: v[0:n])
    for (int i = 0; i < n; ++i)
      v[i] = v[i] * Scale + T(sizeof(Bag) % 3);
  }
};
void use() { Bag<long> b{}; b.run(); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output,
            "template <typename T, T Scale, int (*Pick)(int)> struct Bag;"));
  // The kernel's own header, from the same slicer.
  CHECK(contains(F.Output, "template <typename T, T Scale, int (*Pick)(int)>\n"));
  CHECK(contains(F.Output, "T(sizeof(Bag<T, Scale, Pick>) % 3)"));
}

TEST_CASE("a template template parameter's qualified default is cut at its "
          "'='",
          "[analysis][classtemplate]") {
  // Its default argument's location is past the qualifier: the text was cut
  // after `std::` (found in review).
  FileResult F = translateC(R"src(
#include <vector>
template <typename T, template <typename, typename> class C = std::vector>
struct Box {
  T v[8];
  int run() {
    int s = 0;
    #pragma omp target teams distribute parallel for reduction(+: s) map(to: v)
    for (int i = 0; i < 8; i++)
      s += (int)v[i] + (int)(sizeof(Box) % 2);
    return s;
  }
};
int use() { Box<int> b{}; return b.run(); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK_FALSE(contains(F.Output, "std::>"));
  CHECK(contains(F.Output, "template <typename T, template <typename, typename> "
                      "class C> struct Box;"));
}

TEST_CASE("a class template declared ahead keeps its concepts' qualifiers "
          "and its requires clause",
          "[analysis][classtemplate][classahead]") {
  Options O;
  O.LineDirectives = false;
  FileResult F = translateCode(R"src(
#include <concepts>
namespace ns { template <class T> concept Small = sizeof(T) <= 8; }
template <std::integral T, ::ns::Small U, std::integral auto N>
  requires std::signed_integral<T>
struct S {
  T f() {
    T n = 0;
#pragma omp target map(tofrom: n)
    n = (T)sizeof(S) + (T)sizeof(U) + N;
    return n;
  }
};
int use() { return S<int, char, 3>().f(); }
)src",
                               "input.cpp", {"-xc++", "-std=c++20"}, O);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "template <std::integral T, ::ns::Small U, "
                      "std::integral auto N> requires "
                      "std::signed_integral<T> struct S;"));
  // The kernel's and its launcher's template heads too, and the class's.
  size_t Heads = 0;
  for (size_t At = F.Output.find("<std::integral T, ::ns::Small U,");
       At != std::string::npos;
       At = F.Output.find("<std::integral T, ::ns::Small U,", At + 1))
    ++Heads;
  CHECK(Heads == 4);
}

TEST_CASE("a region in a namespace gets its kernel inside the namespace",
          "[analysis][classtemplate][classahead]") {
  Options O;
  O.LineDirectives = false;
  FileResult F = translateCode(R"src(
#include <concepts>
namespace geo {
struct P { int a; };
inline void f(P *p) {
#pragma omp target teams distribute parallel for map(tofrom: p[0:16])
  for (int i = 0; i < 16; ++i) p[i].a = i;
}
template <class T> concept Small = sizeof(T) <= 8;
template <Small T, std::integral I>
struct Box {
  T v[16];
  void fill(I k) {
    T *p = v;
#pragma omp target teams distribute parallel for map(from: p[0:16])
    for (int i = 0; i < 16; ++i) p[i] = (T)(i * k) + (T)(sizeof(Box) % 3);
  }
};
}
void use() { geo::Box<int, long> b; b.fill(3); }
)src",
                               "input.cpp", {"-xc++", "-std=c++20"}, O);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Regions[1].R.Translate);
  // Each kernel right before its declaration, inside the namespace, where
  // `P` and the concept `Small` are known; before the namespace they were
  // not (build errors).
  size_t Ns = F.Output.find("namespace geo {");
  size_t Struct = F.Output.find("struct P { int a; };");
  size_t K1 = F.Output.find("omp2cuda_f_L6(");
  size_t Concept = F.Output.find("concept Small =");
  size_t Ahead =
      F.Output.find("template <Small T, std::integral I> struct Box;");
  size_t K2 = F.Output.find("omp2cuda_Box_fill_L15(");
  REQUIRE(Ns != std::string::npos);
  REQUIRE(K1 != std::string::npos);
  REQUIRE(Ahead != std::string::npos);
  REQUIRE(K2 != std::string::npos);
  CHECK(Ns < Struct);
  CHECK(Struct < K1);
  CHECK(Concept < Ahead);
  CHECK(Ahead < K2);
  CHECK(contains(F.Output, "sizeof(Box<T, I>)"));
}

TEST_CASE("a class template's pack is the kernel's last parameter",
          "[analysis][classtemplate][classahead]") {
  FileResult F = translateC(R"src(
template <class... Ts>
struct Pack {
  int v[16];
  template <class U> void fill(U k) {
    int *p = v;
#pragma omp target teams distribute parallel for map(from: p[0:16])
    for (int i = 0; i < 16; ++i)
      p[i] = (int)(i * k) + (int)sizeof...(Ts) + (int)(sizeof(Pack) % 3);
  }
  template <class... Us> void all(Us... us) {
    int *p = v;
#pragma omp target map(from: p[0:16])
    p[0] = (int)sizeof...(Us) + (int)sizeof...(Ts);
  }
};
void use() { Pack<int, char> b; b.fill(3); b.all(1, 2); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Translate);
  // Before U, the pack took every explicit argument and left U to be
  // deduced, which naming the kernel cannot do (a build error).
  CHECK(contains(F.Output, "template <bool O2cOnePass, class U, class... Ts>"));
  CHECK(contains(F.Output, "omp2cuda_Pack_fill_L7<false, U, Ts...>"));
  CHECK(contains(F.Output, "_launch<U, Ts...>(k, p)"));
  // Two packs cannot both come last: on the host, said why.
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(F.Regions[1].R.Why == DiagId::HostContext);
  CHECK(contains(F.Regions[1].R.Reason, "two template parameter packs"));
}

TEST_CASE("an in-class member with `auto` parameters gets a kernel",
          "[analysis][classtemplate][classahead]") {
  Options O;
  O.LineDirectives = false;
  FileResult F = translateCode(R"src(
template <class T>
struct Abb {
  T v[16];
  void fill(auto k, const auto &s) {
    T *p = v;
#pragma omp target teams distribute parallel for map(from: p[0:16])
    for (int i = 0; i < 16; ++i) p[i] = (T)(i * k + s) + (T)(sizeof(Abb) % 3);
  }
  void many(auto... ks) {
    T *p = v;
#pragma omp target map(from: p[0:16])
    p[0] = (T)sizeof...(ks);
  }
  void skip(auto k) {
    T *p = v;
#pragma omp target map(from: p[0:16])
    p[0] = 1;
  }
};
void use() {
  Abb<int> b;
  b.fill(3, 1L);
  b.fill(2.5, 'a');
  b.many(1, 2);
  b.skip(1);
  int q = 0;
  auto l = [&](auto x, auto y) {
#pragma omp target map(tofrom: q)
    q = y;
  };
  l(1.5, 2);
}
)src",
                               "input.cpp", {"-xc++", "-std=c++20"}, O);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  CHECK(F.Regions[0].R.Translate);
  // The invented parameters had no name: the kernel's header wrote `auto k`
  // as a template parameter (a build error).
  CHECK(contains(F.Output, "template <bool O2cOnePass, class T, typename O2cAuto0, "
                      "typename O2cAuto1>"));
  CHECK(contains(F.Output, "(O2cAuto0 k, const O2cAuto1 s, T *p)"));
  CHECK(contains(F.Output, "_launch<T, decltype(k), std::remove_const_t<"
                      "std::remove_reference_t<decltype(s)>>>(k, s, p)"));
  // The stub names the kernel with `decltype(k)` too, which it can say
  // only when the region uses k (a generic lambda's as well: a build
  // error before).
  for (unsigned I : {2u, 3u}) {
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostContext);
  }
  // `sizeof...(ks)` uses the pack: the kernel takes it.
  INFO(F.Regions[1].R.Reason);
  CHECK(F.Regions[1].R.Translate);
  CHECK(contains(F.Output, "O2cAuto0... ks) {"));
  CHECK(contains(F.Regions[2].R.Reason, "the `auto` parameter 'k'"));
  CHECK(contains(F.Regions[3].R.Reason, "the `auto` parameter 'x'"));
}

TEST_CASE("a region that uses a function parameter pack takes it as a pack",
          "[analysis][classtemplate][pack]") {
  FileResult F = translateCode(R"src(
template <class... A> int cnt(A... a) { return (0 + ... + (int)a); }
template <class T> struct P {
  T v[4];
  void f(auto... more) {
    T *p = v;
#pragma omp target map(from: p[0:4])
    for (int i = 0; i < 4; ++i) p[i] = (T)cnt(more...) + (T)(sizeof(P) % 2);
  }
  template <class... M> void g(int k, M... more) {
    T *p = v;
#pragma omp target map(from: p[0:4])
    for (int i = 0; i < 4; ++i) p[i] = (T)(k + (int)sizeof(P) % 2);
  }
};
void use() { P<int> a; a.f(1, 2, 3); a.g(1, 2.0, 'c'); }
)src",
                               "input.cpp", {"-xc++", "-std=c++20"}, Options());
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  // Left on the host before (a kernel parameter is one variable); now a
  // pack of the kernel, last, each element passed as OpenMP passes it.
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "(T *p, O2cAuto0... more) {"));
  CHECK(contains(F.Output, "<T, decltype(more)...>)(p_d, o2c_pack(more)...);"));
  CHECK(contains(F.Output, "_launch<T, decltype(more)...>(p, more...))"));
  // A pack the region does not use is a template parameter pack of the
  // kernel, last.
  CHECK(F.Regions[1].R.Translate);
  CHECK(contains(F.Output, "template <class T, class... M>"));
}

TEST_CASE("a member defined outside its class or its namespace gets its "
          "kernel where its names mean what they mean to it",
          "[analysis][classtemplate]") {
  Options O;
  O.LineDirectives = false;
  FileResult F = translateCode(R"src(
#include <concepts>
namespace geo {
template <class T> concept Small = sizeof(T) <= 8;
struct P { int a; };
inline int helper(int x) { return x * 3; }
template <Small T> struct Box { T v[16]; void fill(int k); };
template <Small T> struct Box2 { T v[4]; void fill(); };
template <Small T> void Box2<T>::fill() {
  T *p = v;
#pragma omp target map(from: p[0:4])
  for (int i = 0; i < 4; ++i) p[i] = (T)(helper(i) + (int)sizeof(Box2));
}
}
template <geo::Small T> void geo::Box<T>::fill(int k) {
  T *p = v;
  P q{2};
#pragma omp target teams distribute parallel for map(from: p[0:16])
  for (int i = 0; i < 16; ++i) p[i] = (T)(helper(i) * k + q.a);
}
void use() { geo::Box<int> b; b.fill(2); geo::Box2<long> c; c.fill(); }
)src",
                               "input.cpp", {"-xc++", "-std=c++20"}, O);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Regions[1].R.Translate);
  // The injected name of an out-of-line member, with its arguments (it
  // meant nothing before the definition: a build error).
  CHECK(contains(F.Output, "(int)sizeof(Box2<T>)"));
  // The member defined at file scope: its kernel in the namespace again,
  // where `P` and `helper` are known.
  size_t Reopen = F.Output.rfind("namespace geo {");
  size_t Kernel = F.Output.find("omp2cuda_Box_fill_L");
  size_t Close = F.Output.find("} // namespace geo");
  size_t Def = F.Output.find("void geo::Box<T>::fill(int k)");
  REQUIRE(Reopen != std::string::npos);
  REQUIRE(Close != std::string::npos);
  CHECK(Reopen < Kernel);
  CHECK(Kernel < Close);
  CHECK(Close < Def);
}

TEST_CASE("a function parameter pack reaches the kernel element by element "
          "as OpenMP passes each; other packs stay on the host",
          "[analysis][pack]") {
  Options O;
  O.LineDirectives = false;
  FileResult F = translateCode(R"src(
struct S { int v; };
template <typename... Ts> int sum(Ts... xs) {
  int r = 0;
#pragma omp target map(tofrom: r)
  r = (xs + ... + 0);
  return r;
}
template <typename... Ps> void zero(int n, Ps... ps) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    ((ps[i] = i), ...);
}
template <typename... Ts> int objs(Ts... xs) {
  int r = 0;
#pragma omp target map(tofrom: r)
  r = (0 + ... + xs.v);
  return r;
}
template <typename... Ts> int refs(Ts &...xs) {
  int r = 0;
#pragma omp target map(tofrom: r)
  r = (0 + ... + xs);
  return r;
}
void use(int *a, double *b) {
  int x = 1;
  sum(1, 2.5, 'c');
  sum();
  zero(4, a, b);
  objs(S{1});
  refs(x, x);
}
)src",
                               "input.cpp", {"-xc++", "-std=c++20"}, O);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  for (int I : {0, 1}) {
    INFO(F.Regions[I].R.Reason);
    CHECK(F.Regions[I].R.Translate);
  }
  // The pack is the kernel's and the stub's last parameter (nvcc cannot
  // name `k<>` of a kernel whose pack other parameters follow).
  CHECK(contains(F.Output, "__global__ void omp2cuda_sum_L5(int *r, Ts... xs) {"));
  CHECK(
      contains(F.Output, "static bool omp2cuda_sum_L5_launch(int &r, Ts... xs) {"));
  CHECK(contains(F.Output, "omp2cuda_sum_L5<Ts...>)(r_d, o2c_pack(xs)...);"));
  CHECK(contains(F.Output, "omp2cuda_sum_L5_launch<Ts...>(r, xs...)"));
  // A pointer element is a zero-length section: its device address.
  CHECK(contains(F.Output, "      return o2c_region.translate(v);"));
  CHECK(contains(F.Output, "(int n, Ps... ps)"));
  CHECK_FALSE(F.Regions[2].R.Translate);
  CHECK(F.Regions[2].R.Why == DiagId::HostType);
  CHECK(contains(F.Regions[2].R.Reason, "element of type 'S' is neither a scalar "
                                   "nor a pointer"));
  CHECK_FALSE(F.Regions[3].R.Translate);
  CHECK(contains(F.Regions[3].R.Reason, "its elements are references"));
}

TEST_CASE("a template's variable that an instantiation makes a pointer stays "
          "on the host",
          "[analysis][pack]") {
  // The kernel template took the host's address by value, where OpenMP
  // passes the device's (a zero-length section): emu printed 7 where the
  // host build prints 5.
  FileResult F = translateCode(R"src(
template <typename T> void put(T x) {
#pragma omp target
  *x = 5;
}
template <typename T> void keep(T x, int *out) {
#pragma omp target firstprivate(x) map(from: out[0:1])
  out[0] = x != 0;
}
template <typename T> T twice(T x) {
  T r = 0;
#pragma omp target map(tofrom: r)
  r = x * 2;
  return r;
}
int main() {
  int q = 7, o = 0;
#pragma omp target data map(tofrom: q)
  put(&q);
  keep(&q, &o);
  return twice(q) + twice(1.5) + o;
}
)src",
                               "input.cpp", {"-xc++"}, Options());
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostType);
  CHECK(contains(F.Regions[0].R.Reason, "which an instantiation makes a pointer"));
  // firstprivate(x) keeps the host's address, as the kernel does.
  for (int I : {1, 2, 3}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK(F.Regions[I].R.Translate);
  }
}

TEST_CASE("a region in a generic lambda that uses its parameter pack takes "
          "it as a pack",
          "[analysis][pack][lambda]") {
  // Left on the host before ("generic lambdas with a parameter pack").
  Options O;
  O.LineDirectives = false;
  FileResult F = translateCode(R"src(
struct S { int v; };
int use(int *a, double *b) {
  auto sum = [](int k, auto y, auto... xs) {
    double r = 0;
#pragma omp target map(tofrom: r)
    r = k * y + (0.0 + ... + xs);
    return r;
  };
  auto zero = [](int n, auto... ps) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i)
      ((ps[i] = i), ...);
  };
  auto prod = []<typename... Ts>(Ts... xs) {
    double r = 0;
#pragma omp target map(tofrom: r)
    r = (1.0 * ... * xs);
    return r;
  };
  auto refs = [](auto &...xs) {
    int r = 0;
#pragma omp target map(tofrom: r)
    r = (0 + ... + xs);
    return r;
  };
  auto objs = [](auto... xs) {
    int r = 0;
#pragma omp target map(tofrom: r)
    r = (0 + ... + xs.v);
    return r;
  };
  int x = 1;
  zero(4, a, b);
  return sum(1, 2.0f, 3, 'c') + sum(1, 2) + prod(2, 3L) + refs(x, x) +
         objs(S{1});
}
)src",
                               "input.cpp", {"-xc++", "-std=c++20"}, O);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 5);
  for (int I : {0, 1, 2}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK(F.Regions[I].R.Translate);
  }
  // The pack last, filled from decltype(xs)... (or the lambda's own Ts...).
  CHECK(contains(F.Output, "template <typename O2cAuto0, typename... O2cAuto1>"));
  CHECK(contains(F.Output, "O2cAuto0 y, double *r,"));
  CHECK(contains(F.Output, "O2cAuto1... xs) {"));
  CHECK(contains(F.Output, "<decltype(y), decltype(xs)...>(k, y, r, xs...)"));
  CHECK(contains(F.Output, "template <typename... Ts>"));
  CHECK(contains(F.Output, "<Ts...>(r, xs...)"));
  // A pointer element is a zero-length section: its device address.
  CHECK(contains(F.Output, "      return o2c_region.translate(v);"));
  for (int I : {3, 4}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostType);
  }
  CHECK(contains(F.Regions[3].R.Reason, "its elements are references"));
  CHECK(contains(F.Regions[4].R.Reason, "neither a scalar nor a pointer"));
}

TEST_CASE("a region that names a parameter pack only in sizeof... takes the "
          "pack",
          "[analysis][pack]") {
  // The function template's kernel lacked xs before, and its
  // `sizeof...(xs)` did not compile; the lambda's stayed on the host.
  FileResult F = translateCode(R"src(
template <class... Ts> int g(Ts... xs) {
  int r = 0;
#pragma omp target map(tofrom: r)
  r = sizeof...(xs);
  return r;
}
int use() {
  auto l = [](auto... xs) {
    int r = 0;
#pragma omp target map(tofrom: r)
    r = sizeof...(xs);
    return r;
  };
  return g(1, 2) + l(1.0, 'c');
}
)src",
                               "input.cpp", {"-xc++", "-std=c++20"}, Options());
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  for (int I : {0, 1}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK(F.Regions[I].R.Translate);
  }
  CHECK(contains(F.Output, "__global__ void omp2cuda_g_L4(int *r, Ts... xs)"));
  CHECK(contains(F.Output, "(int *r, O2cAuto0... xs)"));
}
