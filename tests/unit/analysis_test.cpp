// Analysis: classification, reasons, captures and loop nests of regions.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("vector add is combined-eligible with explicit maps", "[analysis]") {
  FileResult F = translateC(R"src(
void vadd(double *a, const double *b, const double *c, int n) {
  #pragma omp target teams distribute parallel for map(to: b[0:n], c[0:n]) map(from: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = b[i] + c[i];
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  const Region &R = F.Regions[0].R;
  CHECK(R.Translate);
  CHECK(R.Class == RegionClass::Combined);
  CHECK(R.Directive == "target teams distribute parallel for");
  CHECK(R.KernelBase == "omp2cuda_vadd_L3");
  REQUIRE(R.Loops.size() == 1);
  CHECK(R.Loops[0].Var == "i");
  CHECK(R.Loops[0].Lower == "0");
  CHECK(R.Loops[0].Upper == "n");
  CHECK(R.Loops[0].Cmp == LoopCmp::LT);
  const Capture *A = findCapture(R, "a");
  REQUIRE(A);
  CHECK(A->How == Passing::DevicePointer);
  REQUIRE(A->Map);
  CHECK(A->Map->Type == MapType::From);
  CHECK(A->Map->Section);
  CHECK(A->Map->Length == "n");
  const Capture *N = findCapture(R, "n");
  REQUIRE(N);
  CHECK(N->How == Passing::Value);
  CHECK_FALSE(findCapture(R, "i")); // loop variables are private
  // Parameters follow the declaration order.
  CHECK(R.Captures[0].Name == "a");
  CHECK(R.Captures[3].Name == "n");
}

TEST_CASE("implicit data-mapping rules of OpenMP 5.x", "[analysis]") {
  FileResult F = translateC(R"src(
struct S { int k; };
void f(double *p, int n) {
  double arr[16]; double s = 1.0; struct S st = {2};
  #pragma omp target teams distribute parallel for
  for (int i = 0; i < 16; i++)
    arr[i] = p[i] * s + st.k + n;
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  CHECK(findCapture(R, "p")->How == Passing::DevicePointer);
  CHECK_FALSE(findCapture(R, "p")->Map); // zero-length section: translate
  CHECK(findCapture(R, "arr")->How == Passing::MappedObject);
  CHECK(findCapture(R, "arr")->Map->Type == MapType::ToFrom);
  CHECK(findCapture(R, "arr")->Map->Implicit);
  CHECK(findCapture(R, "s")->How == Passing::Value); // scalars: firstprivate
  CHECK(findCapture(R, "st")->How == Passing::MappedObject); // aggregates: tofrom
}

TEST_CASE("reductions, privates and firstprivates", "[analysis]") {
  FileResult F = translateC(R"src(
void f(const double *x, int n, double *out) {
  double s = 0, mx = -1e300, mn = 1e300, t; int c = 3;
  #pragma omp target teams distribute parallel for reduction(+:s) reduction(max:mx) reduction(min:mn) private(t) firstprivate(c) map(to: x[0:n])
  for (int i = 0; i < n; i++) { t = x[i] * c; s += t; mx = t > mx ? t : mx; mn = t < mn ? t : mn; }
  out[0] = s; out[1] = mx; out[2] = mn;
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  CHECK(findCapture(R, "s")->How == Passing::Reduction);
  CHECK(findCapture(R, "s")->ReductionOp == "o2c_dev::RedPlus");
  CHECK(findCapture(R, "mx")->ReductionOp == "o2c_dev::RedMax");
  CHECK(findCapture(R, "mn")->ReductionOp == "o2c_dev::RedMin");
  CHECK(findCapture(R, "t")->How == Passing::Private);
  CHECK(findCapture(R, "c")->How == Passing::Value);
}

TEST_CASE("collapse(2) gives two loop levels when rectangular", "[analysis]") {
  FileResult F = translateC(R"src(
void f(double *a, int n, int m) {
  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j += 2)
      a[i * m + j] = i + j;
  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i * m + j] = i + j;
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  REQUIRE(R.Loops.size() == 2);
  CHECK(R.Loops[1].Step == "2");
  CHECK_FALSE(R.Loops[1].UnitStep);
  // Not rectangular: only the outer loop is distributed.
  const Region &T = F.Regions.at(1).R;
  CHECK(T.Translate);
  CHECK(T.Loops.size() == 1);
  CHECK(F.LeftOnHost == 0);
}

TEST_CASE("general regions stay on the host with a reason", "[analysis]") {
  FileResult F = translateC(R"src(
void ext(double *);
void f(double *a, int n, double *p) {
  #pragma omp target teams map(tofrom: a[0:n])
  {
    a[0] = 1;
    #pragma omp parallel
    {
      #pragma omp parallel
      {
        #pragma omp sections
        {
          a[1] = a[0];
        }
      }
    }
  }
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) ext(&a[i]);
  double r[2] = {0, 0};
  #pragma omp target teams distribute parallel for map(tofrom: p[0:n]) reduction(min: r[0:2])
  for (int i = 0; i < n; i++) { r[i % 2] = p[i] < r[i % 2] ? p[i] : r[i % 2]; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  CHECK(F.Regions[0].R.Why == DiagId::HostGeneral);
  CHECK(F.Regions[1].R.Why == DiagId::HostCall);
  CHECK(contains(F.Regions[1].R.Reason, "'ext'"));
  CHECK(F.Regions[2].R.Why == DiagId::HostClause);
  CHECK(contains(F.Regions[2].R.Reason, "array reductions with min"));
  CHECK(F.LeftOnHost == 3);
  // The output keeps each region and names the diagnostic at the spot.
  CHECK(contains(F.Output, "[omp2cuda-host-general]"));
  CHECK(contains(F.Output, "[omp2cuda-host-call]"));
}

TEST_CASE("split form: target teams around distribute parallel for", "[analysis]") {
  FileResult F = translateC(R"src(
void bc(double *xdd, const int *symm, int num) {
  #pragma omp target teams map(tofrom: xdd[0:100]) map(to: symm[0:num])
  {
    #pragma omp distribute parallel for
    for (int i = 0; i < num; ++i)
      xdd[symm[i]] = 0.0;
  }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  CHECK(R.Translate);
  CHECK(R.Class == RegionClass::Combined);
}

TEST_CASE("sequential target region and the device OpenMP API", "[analysis]") {
  FileResult F = translateC(R"src(
#include <omp.h>
int f(void) {
  int on = 0;
  #pragma omp target map(tofrom: on)
  { on = !omp_is_initial_device(); }
  return on;
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  CHECK(R.Class == RegionClass::Sequential);
  CHECK(R.SingleThread);
  CHECK(contains(R.Body, "(*on) = !o2c_dev::omp_is_initial_device()"));
}

TEST_CASE("functions defined in the file become __host__ __device__", "[analysis]") {
  FileResult F = translateC(R"src(
static double sq(double x) { return x * x; }
void f(double *a, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) a[i] = sq(a[i]);
})src");
  REQUIRE(F.Ok);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "__host__ __device__ static double sq"));
}

TEST_CASE("C++: member functions and function templates", "[analysis]") {
  FileResult F = translateC(R"src(
struct Mesh {
  double *x; int n;
  void zero() {
    double *p = x;
    #pragma omp target teams distribute parallel for map(from: p[0:n])
    for (int i = 0; i < this->n; ++i) p[i] = 0;
  }
};
template <typename T> void axpy(T a, const T *x, T *y, int n) {
  #pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i) y[i] += a * x[i];
}
void g(float *x, float *y) { axpy(2.0f, x, y, 4); }
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  const Region &M = F.Regions[0].R;
  REQUIRE(M.Translate);
  CHECK(findCapture(M, "n")->IsMember);
  CHECK(findCapture(M, "n")->CallArg == "this->n, &this->n");
  const Region &T = F.Regions[1].R;
  REQUIRE(T.Translate);
  CHECK(T.TemplateHeader == "template <typename T>");
  CHECK(T.TemplateArgs == "<T>");
  CHECK(contains(F.Output, "omp2cuda_axpy_L11_launch<T>(a, x, y, n)"));
}

TEST_CASE("regions in members of class templates take the class's "
          "template parameters (issue 10)",
          "[analysis][templates]") {
  FileResult F = translateC(R"src(
template <typename T, int N = 2>
struct Buf {
  T *data;
  int n;
  void fill(T v) {
#pragma omp target teams distribute parallel for map(from: data[0:n])
    for (int i = 0; i < n; ++i) data[i] = v * N;
  }
  void scale(T s);
  struct Inner {
    T *p;
    void zero(int m) {
#pragma omp target teams distribute parallel for map(from: p[0:m])
      for (int i = 0; i < m; ++i) p[i] = 0;
    }
  };
  template <typename U> void add(U u) {
#pragma omp target teams distribute parallel for map(tofrom: data[0:n])
    for (int i = 0; i < n; ++i) data[i] += u;
  }
};
template <typename U, int M>
void Buf<U, M>::scale(U s) {
#pragma omp target teams distribute parallel for map(tofrom: data[0:n])
  for (int i = 0; i < n; ++i) data[i] *= s * M;
}
template struct Buf<float>;
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  const Region &Fill = F.Regions[0].R;
  REQUIRE(Fill.Translate);
  // Default arguments stay with the class.
  CHECK(Fill.TemplateHeader == "template <typename T, int N>");
  CHECK(Fill.TemplateArgs == "<T, N>");
  CHECK(findCapture(Fill, "data")->StubParam == "T *data");
  const Region &Zero = F.Regions[1].R;
  REQUIRE(Zero.Translate);
  CHECK(Zero.TemplateHeader == "template <typename T, int N>");
  CHECK(findCapture(Zero, "p")->CallArg == "this->p");
  const Region &Add = F.Regions[2].R;
  REQUIRE(Add.Translate);
  CHECK(Add.TemplateHeader == "template <typename T, int N, typename U>");
  CHECK(Add.TemplateArgs == "<T, N, U>");
  // Out of the class, the definition's own names, also in the members'
  // types, which the class wrote with T.
  const Region &Scale = F.Regions[3].R;
  REQUIRE(Scale.Translate);
  CHECK(Scale.TemplateHeader == "template <typename U, int M>");
  CHECK(Scale.TemplateArgs == "<U, M>");
  CHECK(findCapture(Scale, "data")->StubParam == "U *data");
  CHECK(findCapture(Scale, "data")->KernelParam == "U *data");
  CHECK(contains(F.Output, "omp2cuda_Buf_scale_L25_launch<U, M>(s, this->data, "
                           "this->n, &this->n)"));
}

TEST_CASE("class-scope typedefs are spelled as what they stand for; member "
          "classes and partial specializations stay on the host",
          "[analysis][templates]") {
  FileResult F = translateC(R"src(
template <typename T> struct V {
  using value_type = T;
  typedef value_type *pointer;
  pointer data;
  int n;
  void fill(T v) {
#pragma omp target teams distribute parallel for map(from: data[0:n])
    for (int i = 0; i < n; ++i) { value_type w = v; data[i] = w; }
  }
};
template <typename T> struct W {};
template <typename T> struct W<T *> {
  T *data;
  int n;
  void fill(T v) {
#pragma omp target teams distribute parallel for map(from: data[0:n])
    for (int i = 0; i < n; ++i) data[i] = v;
  }
};
template <typename T> struct X {
  struct Node { T v; };
  Node *nodes;
  int n;
  void fill(T v) {
#pragma omp target teams distribute parallel for map(from: nodes[0:n])
    for (int i = 0; i < n; ++i) nodes[i].v = v;
  }
};
struct P {
  typedef double real;
  real *x;
  int n;
  void half();
};
void P::half() {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
  for (int i = 0; i < n; ++i) { real h = x[i] / 2; x[i] = h; }
}
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  // The member typedefs: the kernel's parameter is spelled through them,
  // and the text that names one gets an alias of its own.
  CHECK(F.Regions[0].R.Translate);
  CHECK(findCapture(F.Regions[0].R, "data")->KernelParam == "T *data");
  CHECK(contains(F.Output, "  using value_type = T;\n"));
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(F.Regions[1].R.Why == DiagId::HostContext);
  CHECK(contains(F.Regions[1].R.Reason, "partial specialization"));
  CHECK_FALSE(F.Regions[2].R.Translate);
  CHECK(F.Regions[2].R.Why == DiagId::HostType);
  CHECK(contains(F.Regions[2].R.Reason, "names 'Node' of the class"));
  // Not a template: the typedef was printed as `real`, which means nothing
  // outside the class (nvcc rejected it).
  CHECK(F.Regions[3].R.Translate);
  CHECK(findCapture(F.Regions[3].R, "x")->KernelParam == "double *x");
  CHECK(contains(F.Output, "  using real = double;\n"));
}

TEST_CASE("mapped objects are copied bitwise; kernel parameters must copy "
          "trivially",
          "[analysis]") {
  FileResult F = translateC(R"src(
struct A {
  int *p; int n; int sum;
  A(int *p, int n) : p(p), n(n), sum(0) {}
  A(const A &o) : p(o.p), n(o.n), sum(o.sum) {} // not trivially copyable
};
struct V { virtual int get() const { return 1; } int x; };
void f(A &a, V &v) {
#pragma omp target map(tofrom: a)
  a.sum = a.n;
#pragma omp target map(tofrom: v)
  v.x = 2;
#pragma omp target defaultmap(firstprivate: aggregate)
  { int s = a.n; (void)s; }
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  CHECK(F.Regions[0].R.Translate);
  CHECK(findCapture(F.Regions[0].R, "a")->How == Passing::MappedObject);
  // A polymorphic object's copy keeps the host's table pointer, which
  // this region never reads (class_members_test.cpp, [virtual]).
  INFO(F.Regions[1].R.Reason);
  CHECK(F.Regions[1].R.Translate);
  CHECK_FALSE(F.Regions[2].R.Translate);
  CHECK(contains(F.Regions[2].R.Reason, "'a' is not trivially copyable"));
}

TEST_CASE("a data construct in a member defined in its class may map the "
          "class's own type",
          "[analysis]") {
  // Its runtime calls stay in the member's body, where the class is
  // complete; a kernel that names the class follows it (ClassAhead.h).
  FileResult F = translateC(R"src(
struct S {
  int v[4];
  S() {
    S *self = this;
#pragma omp target enter data map(to: self[0:1])
  }
  void bump() {
    S *self = this;
#pragma omp target map(tofrom: self[0:1])
    self->v[0] += 1;
  }
};
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.ClassAhead.empty());
  CHECK(F.Regions[1].R.Translate);
  CHECK(F.Regions[1].R.ClassAhead == "struct S;");
}

TEST_CASE("regions in lambdas are translated (issue 10)",
          "[analysis][templates]") {
  FileResult F = translateC(R"src(
void f(double *a, int n) {
  double s = 2;
  auto scale = [&](double k) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (int i = 0; i < n; ++i) a[i] *= k * s;
  };
  scale(3);
}
template <typename T> void g(T *a, int n) {
  auto go = [=]() {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (int i = 0; i < n; ++i) a[i] += 1;
  };
  go();
}
template <typename T> struct Box {
  T *a; int n;
  void inc();
  void read(T *out) const {
    auto go = [&] {
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(from: out[0:n])
      for (int i = 0; i < n; ++i) out[i] = a[i];
    };
    go();
  }
};
template <typename U> void Box<U>::inc() {
  auto go = [this](U d) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (int i = 0; i < n; ++i) a[i] += d;
  };
  go(U(1));
}
void h(double *a, int n) {
  auto gen = [&](auto k) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (int i = 0; i < n; ++i) a[i] += k;
  };
  gen(1);
}
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 5);
  const Region &Scale = F.Regions[0].R;
  REQUIRE(Scale.Translate);
  CHECK(Scale.KernelBase == "omp2cuda_f_lambda_L5");
  CHECK(Scale.Function == "the lambda at line 4 in f(double *, int)");
  CHECK(findCapture(Scale, "k"));
  CHECK(findCapture(Scale, "s"));
  // In a function template: the template's parameters.
  const Region &G = F.Regions[1].R;
  REQUIRE(G.Translate);
  CHECK(G.TemplateHeader == "template <typename T>");
  // In a const member: the members are const, as `this` is.
  const Region &Read = F.Regions[2].R;
  REQUIRE(Read.Translate);
  CHECK(findCapture(Read, "a")->StubParam == "T *const a");
  // In an out-of-line member: its names, and the members not const though
  // the lambda's call operator is.
  const Region &Inc = F.Regions[3].R;
  REQUIRE(Inc.Translate);
  CHECK(Inc.TemplateHeader == "template <typename U>");
  CHECK(findCapture(Inc, "a")->StubParam == "U *a");
  CHECK(contains(F.Output, "omp2cuda_Box_inc_lambda_L30_launch<U>(d, this->a, "
                           "this->n, &this->n)"));
  // In a generic lambda: its `auto` parameter, named through decltype.
  const Region &Gen = F.Regions[4].R;
  CHECK(Gen.Translate);
  CHECK(Gen.TemplateHeader == "template <typename O2cAuto0>");
  CHECK(Gen.TemplateArgs == "<decltype(k)>");
}

TEST_CASE("uses_allocators and allocate are hints the kernel takes as such",
          "[analysis]") {
  FileResult F = translateC(R"src(
#include <omp.h>
void f(int *out, int n) {
  int x = 0;
  omp_alloctrait_t traits[1] = {{omp_atk_alignment, 64}};
  omp_allocator_handle_t mine = omp_null_allocator;
#pragma omp target teams distribute parallel for uses_allocators(omp_low_lat_mem_alloc) allocate(omp_low_lat_mem_alloc: x) private(x) map(from: out[0:n])
  for (int i = 0; i < n; ++i) { x = 2 * i; out[i] = x + 1; }
#pragma omp target uses_allocators(mine(traits)) allocate(mine: x) firstprivate(x) map(from: out[0:1])
  out[0] = x;
}
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  for (const RegionReport &Rep : F.Regions) {
    CHECK(Rep.R.Translate);
    // The allocator handles and traits are never the kernel's.
    CHECK_FALSE(findCapture(Rep.R, "mine"));
    CHECK_FALSE(findCapture(Rep.R, "traits"));
  }
}

TEST_CASE("a nested reduction over a mapped scalar or a team variable "
          "combines each team's result atomically (issue 9)",
          "[analysis]") {
  FileResult F = translateC(R"src(
void f(int *a, int *seen, int n) {
  int total = 0;
#pragma omp target parallel map(tofrom: total) map(to: a[0:n]) map(from: seen[0:n])
  {
#pragma omp for reduction(+: total)
    for (int x = 0; x < n; ++x) total += a[x];
#pragma omp for
    for (int x = 0; x < n; ++x) seen[x] = total;
  }
#pragma omp target teams map(to: a[0:n]) map(from: seen[0:n])
  {
    int m = 0;
#pragma omp parallel
    {
#pragma omp for reduction(max: m)
      for (int x = 0; x < n; ++x) if (a[x] > m) m = a[x];
    }
    seen[0] = m;
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Regions[1].R.Translate);
  // The mapped scalar: the body's (*total) reaches the thread's partial.
  CHECK(contains(F.Output, "int *total = &o2c_part_total;"));
  // An int: each warp folds its partial in atomically (any order gives the
  // same sum), with no scratch.
  CHECK(contains(F.Output, "o2c_dev::warpsCombine<o2c_dev::RedPlus>(o2c_red_total,"));
  // A team-master scalar is each thread's own copy in the SPMD form: every
  // thread gets the team's result, with no atomic.
  CHECK(contains(F.Output, "const int o2c_red_m = m;"));
  CHECK_FALSE(contains(F.Output, "o2c_part_m"));
}

TEST_CASE("a region from a macro is rewritten at the expansion site", "[analysis]") {
  FileResult F = translateC(R"src(
#define ZERO(p, n) _Pragma("omp target teams distribute parallel for map(from: q[0:m])") \
  for (int i = 0; i < n; ++i) p[i] = 0;
void f(double *q, int m) { ZERO(q, m) }
)src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  CHECK(R.BodyFromMacro);
  CHECK(contains(R.Body, "q[i] = 0"));
  // The invocation is replaced by its expansion, with the stub call around
  // the region and the original invocation named in a comment.
  CHECK(contains(F.Output, "macro expansion rewritten (ZERO(q, m))"));
  CHECK(contains(F.Output, "if (!omp2cuda_f_L4_launch(q, m)) {"));
}

TEST_CASE("a region in a macro argument stays on the host", "[analysis]") {
  FileResult F = translateC(R"src(
#define WRAP(x) x
void f(double *q, int m) {
  WRAP(_Pragma("omp target teams distribute parallel for map(from: q[0:m])")
  for (int i = 0; i < m; ++i) q[i] = 0;)
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostMacro);
  // No HostFallback scope fits in a macro argument: the program runs on the
  // host (issue 8), and the unit says so at start-up.
  CHECK(contains(F.HostProgram, ":4:3: the construct is written in a macro "
                                "argument [omp2cuda-host-macro]"));
  CHECK(contains(F.Output, "static const o2c::HostProgram o2c_host_program("));
  CHECK(contains(F.Output, ", 4, 3, \"target teams distribute parallel for\"}"));
}

TEST_CASE("a data construct left on the host makes the program run on the "
          "host",
          "[analysis]") {
  // The host OpenMP runtime would not map what translated constructs then
  // expect on the device.
  FileResult F = translateC(R"src(
namespace ns { double *p; }
void f(int m) {
#pragma omp target data map(tofrom: ns::p[0:m]) use_device_ptr(ns::p)
  {
#pragma omp target teams distribute parallel for is_device_ptr(ns::p)
    for (int i = 0; i < m; ++i) ns::p[i] = 0;
  }
})src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[1].R.Translate);
  CHECK(contains(F.HostProgram, "input.cpp:4:1: use_device_ptr/use_device_addr "
                                "of 'ns::p'"));
}

TEST_CASE("a program whose constructs are all guarded keeps its device",
          "[analysis]") {
  FileResult F = translateC(R"src(
void ext(double *);
void f(double *q, int m) {
#pragma omp target data map(tofrom: q[0:m])
  {
#pragma omp target
    ext(q);
#pragma omp target teams distribute parallel for
    for (int i = 0; i < m; ++i) q[i] = 0;
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  CHECK_FALSE(F.Regions[1].R.Translate); // in a HostFallback
  CHECK(F.HostProgram.empty());
  CHECK_FALSE(contains(F.Output, "HostProgram"));
}

TEST_CASE("code that does not parse fails with no output", "[analysis]") {
  FileResult F = translateC("void f( { #pragma omp target\n }");
  CHECK_FALSE(F.Ok);
  CHECK(F.Output.empty());
}

TEST_CASE("every form of atomic update becomes one device atomic",
          "[analysis][atomic]") {
  FileResult F = translateC(R"(
void f(double *s, int n, unsigned *m) {
  int c = 0;
#pragma omp target teams distribute parallel for map(tofrom: c, s[0:1], m[0:1])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    c = 2 + c;
#pragma omp atomic update
    s[0] = s[0] - i;
#pragma omp atomic
    --c;
#pragma omp atomic
    m[0] ^= i;
#pragma omp atomic
    c *= 3;
  }
}
void g(int *c, int n) {
#pragma omp target teams distribute parallel for map(tofrom: c[0:1])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    c[0] = i - c[0];
  }
})");
  REQUIRE(F.Ok);
  const std::string &O = F.Output;
  // Device: x = e op x, x = x - e, --x, x ^= e, x *= e.
  CHECK(contains(O, "atomicCombine<o2c_dev::RedPlus>(&((*c)), (int)((2)));"));
  CHECK(contains(O, "atomicCombine<o2c_dev::RedPlus>(&(s[0]), (double)(-(i)));"));
  CHECK(contains(O, "atomicCombine<o2c_dev::RedPlus>(&((*c)), (int)(-1));"));
  CHECK(contains(O, "atomicCombine<o2c_dev::RedBitXor>(&(m[0]), (unsigned int)((i)));"));
  CHECK(contains(O, "atomicCombine<o2c_dev::RedTimes>(&((*c)), (int)((3)));"));
  // Host fallback: the assignment forms are spelled x op= e for nvcc's
  // host pass; the compound forms are left as written.
  CHECK(contains(O, "    c += 2;\n"));
  CHECK(contains(O, "    s[0] -= i;\n"));
  CHECK(contains(O, "    c *= 3;\n"));
  // x = e - x has no single atomic: the region stays on the host, as is.
  CHECK(F.LeftOnHost == 1);
  CHECK(contains(O, "'#pragma omp atomic' in the form 'x = e - x' is not "
                    "supported yet"));
  CHECK(contains(O, "    c[0] = i - c[0];\n"));
}

TEST_CASE("use_device_ptr/addr name the device copies inside target data",
          "[analysis][data]") {
  FileResult F = translateC(R"(
void f(double *p, int n) {
  double x[4];
  double *q;
#pragma omp target data map(to: p[0:n], x) use_device_ptr(p) use_device_addr(x)
  { q = p + (x - x); }
#pragma omp target data map(to: p[0:n]) use_device_addr(p[0:n])
  q = p;
#pragma omp target data map(to: x) use_device_addr(x[1])
  q = x;
})");
  REQUIRE(F.Ok);
  const std::string &O = F.Output;
  CHECK(contains(O, "auto o2c_dev_p = o2c_data_L5.deviceAddress(p); auto p = o2c_dev_p;"));
  CHECK(contains(O, "auto *o2c_dev_x = o2c_data_L5.deviceAddress(&x); auto &x = *o2c_dev_x;"));
  // A section of a pointer: the pointer is translated, as use_device_ptr.
  CHECK(contains(O, "auto o2c_dev_p = o2c_data_L7.deviceAddress(p); auto p = o2c_dev_p;"));
  // An element is not supported: that construct stays on the host.
  CHECK(F.LeftOnHost == 1);
  CHECK(contains(O, "'use_device_addr' of 'x[1]' is not supported yet"));
  REQUIRE(F.Regions.size() == 3);
  CHECK(F.Regions[0].R.DeviceAliases.size() == 2);
  CHECK(F.Regions[0].R.DeviceAliases[1].Reference);
  CHECK_FALSE(F.Regions[1].R.DeviceAliases[0].Reference);
}

TEST_CASE("types declared in the function move to file scope for kernels",
          "[analysis][types]") {
  FileResult F = translateC(R"(
int Taken;
void f(int n) {
  typedef double real;
  struct S { int a; double b[4]; } s = {1, {0}};
  struct S *ps = &s;
  enum { K = 3 };
  real x[4] = {0};
  real *px = x;
  struct { int v; } anon;
  double d = 0;
  struct W { char c[sizeof(d)]; } w;
  struct Taken { int t; } tk;
#pragma omp target teams distribute parallel for map(tofrom: px[0:4])
  for (int i = 0; i < 4; ++i) px[i] *= 2;
#pragma omp target map(tofrom: ps[0:1], anon)
  { ps->a = 2; anon.v = K; }
#pragma omp target teams distribute parallel for map(tofrom: x)
  for (int i = 0; i < 4; ++i) { real t = x[i]; x[i] = t + K; }
#pragma omp target map(tofrom: w)
  w.c[0] = 1;
#pragma omp target map(tofrom: tk)
  tk.t = 1;
#pragma omp target enter data map(to: s)
}
void g(void) {
  struct S { int other; } s2;
#pragma omp target map(tofrom: s2)
  s2.other = 1;
})");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 7);
  const std::string &O = F.Output;
  // A local typedef of a file-scope type is spelled through, not moved.
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(O, "omp2cuda_f_L14(double *px)"));
  // A named struct moves apart from its variables; an unnamed one gets a
  // name; an enum moves whole. The function keeps what declares variables.
  CHECK(F.Regions[1].R.Translate);
  CHECK(contains(O, "// omp2cuda: moved here from 'f' (input.c:5) so that kernels "
                    "can name it\nstruct S { int a; double b[4]; };\n"));
  CHECK(contains(O, "struct S s = {1, {0}};"));
  CHECK(contains(O, "struct o2c_local_L10 { int v; };"));
  CHECK(contains(O, "struct o2c_local_L10 anon;"));
  CHECK(contains(O, "enum { K = 3 };\n"));
  CHECK(contains(O, "struct o2c_local_L10 *anon"));
  // A typedef the body names moves too, once.
  CHECK(F.Regions[2].R.Translate);
  CHECK(contains(O, "typedef double real;\n// omp2cuda: kernel"));
  // What cannot move: a type that uses a local variable, a name that file
  // scope has, a name another moved type took.
  CHECK_FALSE(F.Regions[3].R.Translate);
  CHECK(contains(F.Regions[3].R.Reason, "uses 'd', a variable of the function"));
  CHECK_FALSE(F.Regions[4].R.Translate);
  CHECK(contains(F.Regions[4].R.Reason, "'Taken' is also declared at file scope"));
  CHECK(F.Regions[5].R.Translate); // data constructs name no type
  CHECK_FALSE(F.Regions[6].R.Translate);
  CHECK(contains(F.Regions[6].R.Reason, "'S' is also declared at file scope"));
}

TEST_CASE("firstprivate arrays go by value in a box, up to the parameter space",
          "[analysis][firstprivate]") {
  FileResult F = translateC(R"(
void f(int n) {
  int small[4] = {0};
  double big[8000];
#pragma omp target firstprivate(small)
  small[0] = n;
#pragma omp target firstprivate(big)
  big[0] = n;
})");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  REQUIRE(F.Regions[0].R.Translate);
  const Capture *Small = findCapture(F.Regions[0].R, "small");
  REQUIRE(Small);
  CHECK(Small->BoxedArray);
  CHECK(Small->KernelParam == "o2c::Box<int[4]> o2c_fp_small");
  CHECK(Small->StubParam == "int (&small)[4]");
  CHECK(contains(F.Output, "auto small_d = o2c::box(small);"));
  CHECK(contains(F.Output, "auto &small = o2c_fp_small.v;"));
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(F.Regions[1].R.Reason ==
        "the firstprivate array 'big' is larger than a kernel's parameters can be");
}

TEST_CASE("non-rectangular collapse distributes the rectangular outer loops",
          "[analysis][collapse]") {
  FileResult F = translateC(R"(
void f(double *a, int n) {
  int i, j;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*n])
  for (i = 0; i < n; i++)
    for (j = i; j < n; j++)
      a[i * n + j] = i + j;
#pragma omp target teams distribute parallel for collapse(2) lastprivate(j) map(tofrom: a[0:n*n])
  for (i = 0; i < n; i++)
    for (j = i; j < n; j++)
      a[i * n + j] = i + j;
})");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  const Region &R = F.Regions[0].R;
  REQUIRE(R.Translate);
  CHECK(R.Collapse == 1);
  CHECK(R.Loops.size() == 1);
  REQUIRE(R.Remarks.size() == 1);
  CHECK(R.Remarks[0].first == DiagId::CollapsePartial);
  const Capture *J = findCapture(R, "j");
  REQUIRE(J);
  CHECK(J->How == Passing::Private); // predetermined private, in the kernel
  CHECK_FALSE(findCapture(R, "i")); // the distributed loop's own variable
  // lastprivate(j): the thread of the last distributed iteration runs its
  // j loop to the end, as the sequential nest does last.
  const Region &L = F.Regions[1].R;
  CHECK(L.Translate);
  REQUIRE(findCapture(L, "j"));
  CHECK(findCapture(L, "j")->How == Passing::LastPrivate);
}

TEST_CASE("multi-dimensional sections: whole inner dimensions map as rows",
          "[analysis][sections]") {
  FileResult F = translateC(R"(
void f(int n) {
  int a[8][4][2];
  int *p;
#pragma omp target map(tofrom: a[1:n][0:4][:2])
  a[1][0][0] = n;
#pragma omp target map(tofrom: a[1:1][1:2][:2])
  a[1][1][0] = n;
#pragma omp target update to(a[0:4:2])
})");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  REQUIRE(F.Regions[0].R.Translate);
  const Capture *A = findCapture(F.Regions[0].R, "a");
  REQUIRE(A);
  REQUIRE(A->Map);
  CHECK(A->Map->Section);
  CHECK(A->Map->Lower == "1");
  CHECK(A->Map->Length == "n");
  CHECK(contains(F.Output, "o2c_region.mapSection(a, 1, o2c_len_a, o2c::MapToFrom)"));
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason, "is not contiguous"));
  // Strided sections (OpenMP allows them in target update only, and Clang
  // rejects them elsewhere): each element, here a block of rows, moves on
  // its own.
  CHECK(F.Regions[2].R.Translate);
  CHECK(contains(F.Output, "o2c::updateStrided(o2c_loc, -1, true, (a) + (0), "
                           "sizeof(*(a)), (size_t)(4), (size_t)(2), true);"));
}

TEST_CASE("C++: unnamed local types get a name when they move",
          "[analysis][types]") {
  FileResult F = translateC(R"(
int main() {
  struct { int v; double w[2]; } s = {1, {2, 3}};
  enum { A = 1, B } e = B;
#pragma omp target map(tofrom: s)
  { s.v += 10 + e; s.w[1] *= 2; }
  return s.v;
})",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "(struct o2c_local_L3 *s, enum o2c_local_L4 e)"));
  CHECK_FALSE(contains(F.Output, "anonymous"));
}

TEST_CASE("local types that would change meaning at file scope do not move",
          "[analysis][types]") {
  FileResult F = translateC(R"(
namespace N {
struct Inner { int v; };
int f(int *out) {
  struct L { Inner i; } l{{4}};
#pragma omp target map(from: out[0:1])
  out[0] = l.i.v;
  return out[0];
}
} // namespace N
struct S { struct T { int v; }; int g(int *out); };
int S::g(int *out) {
  struct L { T t; } l{{5}};
#pragma omp target map(from: out[0:1])
  out[0] = l.t.v;
  return out[0];
}
template <class T> T h(T *out) {
  typedef T V;
  V v = 3;
#pragma omp target map(from: out[0:1])
  out[0] = v;
  return out[0];
}
int use(int *o) { return h(o); }
int k(int *out) {
  struct P { char c; int x; } __attribute__((packed)) p = {1, 2};
  struct V;
  struct V { int a; } v = {7};
  struct A { int a; };
  auto a = A{3};
#pragma omp target map(from: out[0:1])
  out[0] = p.x;
#pragma omp target map(from: out[0:1])
  out[0] = v.a;
#pragma omp target map(from: out[0:1])
  out[0] = a.a;
  return out[0];
})",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 6);
  auto Reason = [&](unsigned I) { return F.Regions[I].R.Reason; };
  CHECK(contains(Reason(0), "in a member function or inside a namespace"));
  CHECK(contains(Reason(1), "in a member function or inside a namespace"));
  CHECK(contains(Reason(2), "declared inside a function template"));
  CHECK(contains(Reason(3), "has attributes and is declared together with variables"));
  CHECK(contains(Reason(4), "'V' is also declared earlier in the function"));
  // `auto` names the local type it was deduced as: that type moves.
  CHECK(F.Regions[5].R.Translate);
  CHECK(contains(F.Output, "struct A { int a; };\n"));
  CHECK(contains(F.Output, "(int *out, A *a)"));
}

TEST_CASE("firstprivate: const arrays and the parameter space of all values",
          "[analysis][firstprivate]") {
  FileResult F = translateC(R"(
void f(int n) {
  const int w[3] = {1, 2, 3};
  double a[3000], b[3000];
#pragma omp target firstprivate(w)
  n = w[n];
#pragma omp target firstprivate(a, b)
  a[0] = b[n];
})");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  REQUIRE(F.Regions[0].R.Translate);
  const Capture *W = findCapture(F.Regions[0].R, "w");
  REQUIRE(W);
  CHECK(W->KernelParam == "o2c::Box<int[3]> o2c_fp_w");
  CHECK(W->PrivateDecl == "const auto &w = o2c_fp_w.v;");
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason, "larger than a kernel's parameters can be"));
}

TEST_CASE("use_device aliases: renamed C keywords, sections from element 0",
          "[analysis][data]") {
  FileResult F = translateC(R"(
void f(int *new, int n) {
  int *q;
#pragma omp target data map(to: new[0:n]) use_device_ptr(new)
  q = new;
#pragma omp target data map(to: new[0:n]) use_device_addr(new[2:n])
  q = new;
})");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(contains(F.Output, "auto o2c_dev_new_ = o2c_data_L4.deviceAddress(new_); "
                           "auto new_ = o2c_dev_new_;"));
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason, "sections that do not start at element 0"));
}

TEST_CASE("a dereferenced pointer in a map or motion clause is its first element",
          "[analysis][data]") {
  FileResult F = translateC(R"(
void f(int *p, int **q) {
#pragma omp target enter data map(to: *p)
#pragma omp target map(tofrom: *p)
  *p += 1;
#pragma omp target update from(*p)
#pragma omp target enter data map(to: **q)
#pragma omp target map(tofrom: *(p))
  *p += 1;
})");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 5);
  CHECK(contains(F.Output, "o2c::enterData(o2c_loc, -1, true, (p) + (0), "
                           "(size_t)(1) * sizeof(*(p)), o2c::MapTo);"));
  CHECK(contains(F.Output, "o2c_region.mapSection(p, 0, 1, o2c::MapToFrom)"));
  CHECK(contains(F.Output, "o2c::update(o2c_loc, -1, true, (p) + (0), "
                           "(size_t)(1) * sizeof(*(p)), false);"));
  // Only one level: **q names what *q points to, which is not mapped here.
  CHECK_FALSE(F.Regions[3].R.Translate);
  // The directive kept for the host fallback is spelled for GCC 12.
  CHECK(contains(F.Output, "#pragma omp target map(tofrom: p[0:1])\n  *p += 1;"));
  // Both *p and *(p) regions: the fallback's directive is the same.
  size_t N = 0;
  for (size_t P = 0; (P = F.Output.find("\n#pragma omp target map(tofrom: p[0:1])\n", P)) !=
                     std::string::npos;
       ++P)
    ++N;
  CHECK(N == 2);
}

TEST_CASE("arrays used as a whole and types written with decltype/typeof",
          "[analysis][types]") {
  FileResult F = translateC(R"(
int f(void) {
  int arr[16];
  int out = 0;
  int x = 1;
  __typeof__(x) y = 2;
#pragma omp target map(tofrom: arr, out)
  { out = (int)sizeof(arr) + y; arr[0] = 1; }
#pragma omp target map(tofrom: arr, out)
  { __typeof__(arr) copy; copy[0] = 1; out = copy[0]; }
  return out;
})");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  REQUIRE(F.Regions[0].R.Translate);
  // sizeof needs the array, not its first element's address.
  CHECK(contains(F.Output, "(int *o2c_arr_arr, int *out, int y)"));
  CHECK(contains(F.Output, "int(&arr)[16] = *reinterpret_cast<int(*)[16]>(o2c_arr_arr);"));
  // typeof(arr) would name the kernel's reference.
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason, "'arr' is named in decltype or typeof"));
}

TEST_CASE("namespace variables are qualified at the call; _Pragma items are "
          "printed from the AST",
          "[analysis][data]") {
  FileResult F = translateC(R"src(
namespace ns { namespace { int arr[8]; } }
#define UPD _Pragma("omp target update from(ns::arr[0:4:2])")
void f() {
#pragma omp target enter data map(to: ns::arr)
  UPD
}
int main() { f(); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(contains(F.Output, "o2c::enterData(o2c_loc, -1, true, &(::ns::arr), "
                           "sizeof(::ns::arr), o2c::MapTo);"));
  CHECK(contains(F.Output, "o2c::updateStrided(o2c_loc, -1, true, (::ns::arr) + (0), "
                           "sizeof(*(::ns::arr)), (size_t)(4), (size_t)(2), false);"));
}

TEST_CASE("local types named through packs, enclosing specialisations and "
          "member pointers move; function pointers stay on the host",
          "[analysis][types]") {
  FileResult F = translateC(R"(
template <class... Ts> struct Tup { int v[2]; };
template <class T> struct Wrap { struct Inner { int a; T t; }; };
int g(int x) { return x; }
int main() {
  struct A { int a; };
  struct B { int b; };
  struct C { int a; int c; };
  Tup<A, int> t = {{1, 2}};
  Wrap<B>::Inner x = {1, {2}};
  int C::*mp = &C::c;
  int (*fp)(int) = g;
  int out = 0;
#pragma omp target map(tofrom: out)
  out = t.v[0] + x.t.b + (mp != nullptr);
#pragma omp target map(tofrom: out)
  out = fp != nullptr;
  return out;
})",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  REQUIRE(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "struct A { int a; };\n"));
  CHECK(contains(F.Output, "struct B { int b; };\n"));
  CHECK(contains(F.Output, "struct C { int a; int c; };\n"));
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason, "'fp' is a pointer to a function"));
}

TEST_CASE("firstprivate arrays that cannot be boxed stay on the host",
          "[analysis][firstprivate]") {
  FileResult F = translateC(R"(
struct K { const int k; };
template <class T> T f(T v) {
  T a[5000] = {v};
#pragma omp target firstprivate(a) map(tofrom: v)
  v = a[1];
  return v;
}
int g(int n) {
  struct K ks[2] = {{1}, {2}};
#pragma omp target firstprivate(ks) map(tofrom: n)
  n = ks[1].k;
  return n + f(n);
})",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(contains(F.Regions[0].R.Reason, "depends on template parameters"));
  CHECK(contains(F.Regions[1].R.Reason, "has elements with const members"));
}

TEST_CASE("only directives that add levels join a construct's nest",
          "[analysis]") {
  FileResult F = translateC(R"(
void f(int *c, int n) {
#pragma omp target parallel map(tofrom: c[0:1])
  {
#pragma omp single
    c[0] += 1;
  }
#pragma omp target parallel map(tofrom: c[0:n])
  {
#pragma omp parallel for
    for (int i = 0; i < n; ++i) c[i] += 1;
  }
#pragma omp target parallel map(tofrom: c[0:1])
  {
#pragma omp critical
    c[0] += 1;
  }
#pragma omp target teams map(tofrom: c[0:n])
  {
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i) c[i] += 1;
  }
})");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  // single and critical are constructs of their own (they were once dropped,
  // running the block in every thread): thread 0 and a barrier, a lock.
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Regions[0].R.Body, "if (threadIdx.x == 0) { // #pragma omp "
                                      "single"));
  CHECK(contains(F.Regions[0].R.Body, "__syncthreads(); // the end of single"));
  CHECK(F.Regions[2].R.Translate);
  CHECK(contains(F.Regions[2].R.Body, "o2c_dev::criticalEnter("));
  // A parallel region nested in another runs on its encountering thread
  // alone (docs/nested-parallel.md).
  CHECK(F.Regions[1].R.Translate);
  CHECK(contains(F.Output, "// #pragma omp parallel for: a team "
                          "of one thread"));
  CHECK(F.Regions[3].R.Translate);
  CHECK(F.Regions[3].R.Class == RegionClass::Combined);
}

TEST_CASE("const data is never copied back to the host", "[analysis]") {
  FileResult F = translateC(R"(
const int tbl[4] = {1, 2, 3, 4};
void f(const double *p, int *s, int n) {
#pragma omp target map(tofrom: s[0:1], p[0:n])
  s[0] = tbl[1] + (int)p[0];
})");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  // tbl may be in read-only memory: implicit tofrom becomes to.
  CHECK(contains(F.Output, "o2c_region.mapArray(tbl, o2c::MapTo | o2c::MapImplicit)"));
  // Data behind a pointer to const may be writable (and written through a
  // cast): it is copied back as mapped.
  CHECK(contains(F.Output, "o2c_region.mapSection(p, 0, o2c_len_p, o2c::MapToFrom)"));
  CHECK(contains(F.Output, "o2c_region.mapSection(s, 0, 1, o2c::MapToFrom)"));
}

TEST_CASE("_Pragma(\"omp atomic\") on the line of its loop is rewritten",
          "[analysis][atomic]") {
  FileResult F = translateC(R"src(
int cnt;
void f(void) {
#pragma omp target parallel for map(tofrom: cnt)
  for (int i = 0; i < 100; i++) { _Pragma("omp atomic") cnt++; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  REQUIRE(F.Regions[0].R.Translate);
  // It used to be dropped, leaving cnt++ on the kernel's pointer.
  CHECK(contains(F.Output, "{ /* omp atomic */ o2c_dev::atomicCombine<o2c_dev::RedPlus>(&((*cnt)), (int)(1)); }"));
}

TEST_CASE("data constructs from macros that produce more than the construct",
          "[analysis][data]") {
  SECTION("a _Pragma literal in a #define is rewritten there, once") {
    FileResult F = translateC(R"src(
#define PUSH _Pragma("omp target update to(a[0:n])")
#define DEF(name) void name(double *a, int n) { PUSH }
#define DATA(name) void name(double *a, int n) { \
  _Pragma("omp target data map(tofrom: a[0:n])") { PUSH } }
DEF(push_it)
DEF(push_again)
DATA(with_data)
void g(double *a, int n) {
  PUSH a[0] = 1;
}
)src");
    REQUIRE(F.Ok);
    const std::string Call =
        "{ static const o2c::SourceLoc o2c_loc = {\"input.c\", 2, 14, \"target update\"}; "
        "o2c::update(o2c_loc, -1, true, (a) + (0), (size_t)(n) * sizeof(*(a)), true); } "
        "/* _Pragma(\"omp target update to(a[0:n])\") */";
    CHECK(contains(F.Output, "#define PUSH " + Call + "\n"));
    // The expansions, and the function they define, stay as written.
    CHECK(contains(F.Output, "\nDEF(push_it)\nDEF(push_again)\nDATA(with_data)\n"));
    CHECK(contains(F.Output, "o2c::TargetRegion o2c_data_L5(o2c_loc, -1, true, false); "
                             "o2c_data_L5.map((a) + (0), (size_t)(n) * sizeof(*(a)), "
                             "o2c::MapToFrom); /* _Pragma(\"omp target data "
                             "map(tofrom: a[0:n])\") */ { PUSH } } }"));
    // A statement of its own: the invocation alone is replaced, not its
    // line, and what follows it goes on under a #line of its own line.
    CHECK(contains(F.Output, "{ /* PUSH */\n"));
    CHECK(contains(F.Output, "}\n a[0] = 1;"));
  }
  SECTION("a stringified _Pragma is fine as a statement of its own") {
    FileResult F = translateC(R"src(
#define DO_PRAGMA(x) _Pragma(#x)
#define PUSH2(v, m) DO_PRAGMA(omp target update to(v[0:m]))
void g(double *a, int n) {
  PUSH2(a, n)
}
)src");
    REQUIRE(F.Ok);
    CHECK(contains(F.Output, "{ /* PUSH2(a, n) */\n"));
    CHECK(contains(F.Output, "\n    o2c::update(o2c_loc, -1, true, (a) + (0), "
                             "(size_t)(n) * sizeof(*(a)), true);\n  }"));
  }
  SECTION("one that cannot be rewritten is an error, never left to the host") {
    FileResult F = translateC(R"src(
#define DO_PRAGMA(x) _Pragma(#x)
#define PUSH2(v, m) DO_PRAGMA(omp target update to(v[0:m]))
#define DEF2(name) void name(double *a, int n) { PUSH2(a, n) }
DEF2(push_it)
)src");
    CHECK_FALSE(F.Ok);
  }
  SECTION("expansions that give the names different types are an error") {
    FileResult F = translateC(R"src(
#define PUSH _Pragma("omp target enter data map(to: a)")
#define DEF(name, T) void name(T a) { PUSH }
DEF(f1, double *)
DEF(f2, double)
)src");
    CHECK_FALSE(F.Ok);
  }
}

TEST_CASE("a distribute loop without parallel runs on one thread per team",
          "[analysis][datasharing]") {
  // firstprivate(x) is one copy per team: a team must be one CUDA thread,
  // with or without num_teams, or each thread would start from x again.
  FileResult F = translateC(R"src(
void f(int *A, int n) {
  int x = 5;
  #pragma omp target teams distribute firstprivate(x) map(from: A[0:n])
  for (int i = 0; i < n; i++) { A[i] = x; x += 3; }
  #pragma omp target teams distribute parallel for firstprivate(x) map(from: A[0:n])
  for (int i = 0; i < n; i++) A[i] = x;
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  CHECK(R.ThreadLimit == "1");
  CHECK(findCapture(R, "x")->How == Passing::Value);
  CHECK(F.Regions.at(1).R.ThreadLimit.empty()); // threads of a team share it out
}

TEST_CASE("OpenMP API calls no edit re-spells use the device's",
          "[analysis][device-api]") {
  FileResult F = translateC(R"src(
#include <omp.h>
#define ME omp_get_thread_num()
int who(void) { return omp_get_team_num(); }
void f(int *A, int n) {
  #pragma omp target teams distribute num_teams(4) map(tofrom: A[0:n])
  for (int i = 0; i < omp_get_num_teams(); i++) A[i] = omp_get_team_num();
  #pragma omp target parallel map(tofrom: A[0:n])
  { A[ME] = omp_get_num_threads(); }
  #pragma omp target teams distribute parallel for map(tofrom: A[0:n])
  for (int i = 0; i < n; i++) A[i] = who();
})src");
  REQUIRE(F.Ok);
  const Region &Bound = F.Regions.at(0).R;
  REQUIRE(Bound.Translate);
  CHECK(Bound.TripOnDevice);
  CHECK(Bound.DeviceApiUsings == std::vector<std::string>{"omp_get_num_teams"});
  const Region &Macro = F.Regions.at(1).R;
  REQUIRE(Macro.Translate);
  CHECK_FALSE(Macro.TripOnDevice);
  // The call written in the region is edited; the macro's is not.
  CHECK(Macro.DeviceApiUsings == std::vector<std::string>{"omp_get_thread_num"});
  CHECK(F.Regions.at(2).R.DeviceApiUsings.empty());
  CHECK(contains(F.Output, "using o2c_dev::omp_get_num_teams;\n  for (int i ="));
  CHECK(contains(F.Output, "~(unsigned int)0; // counted by the kernel"));
  CHECK(contains(F.Output, "int who(void) { using o2c_dev::omp_get_team_num;"));
  CHECK(contains(F.Output, "o2c_dev::omp_get_num_threads()"));
}

TEST_CASE("a function with OpenMP API calls from a macro body stays off the device",
          "[analysis][device-api]") {
  FileResult F = translateC(R"src(
#include <omp.h>
#define DEF(name) int name(void) { return omp_get_thread_num(); }
DEF(who)
void f(int *A, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: A[0:n])
  for (int i = 0; i < n; i++) A[i] = who();
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  CHECK_FALSE(R.Translate);
  CHECK(R.Why == DiagId::HostMacro);
}

TEST_CASE("members written through the implicitly mapped this are mapped tofrom",
          "[analysis][datasharing]") {
  FileResult F = translateC(R"src(
struct S {
  int v[4];
  int total;
  long count;
  double scale;
  void run();
};
void S::run() {
  #pragma omp target
  {
    total = v[1] + v[2] + 3;
    long &c = count;
    c += (long)scale;
  }
})src", true);
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  for (const char *Written : {"total", "count"}) {
    const Capture *C = findCapture(R, Written);
    REQUIRE(C);
    CHECK(C->How == Passing::MappedObject);
    REQUIRE(C->Map);
    CHECK(C->Map->Type == MapType::ToFrom);
  }
  CHECK(findCapture(R, "scale")->How == Passing::Value); // only read
  CHECK(findCapture(R, "v")->How == Passing::MappedObject);
}

TEST_CASE("data members in data-sharing clauses of member functions",
          "[analysis][datasharing]") {
  // Clang refers to such a member through an implicit capture declaration;
  // the kernel still gets its copy under the member's name.
  FileResult F = translateC(R"src(
struct S {
  int m = 7, p, l;
  int A[64];
  void run() {
    #pragma omp target teams distribute firstprivate(m) map(from: A)
    for (int i = 0; i < 64; i++) { A[i] = m; m += 1; }
    #pragma omp target teams distribute parallel for private(p) map(from: A)
    for (int i = 0; i < 64; i++) { p = i; A[i] = p; }
    #pragma omp target teams distribute parallel for lastprivate(l)
    for (int i = 0; i < 64; i++) l = i;
  }
};)src", true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  for (const RegionReport &Rep : F.Regions)
    REQUIRE(Rep.R.Translate);
  const Capture *M = findCapture(F.Regions[0].R, "m");
  REQUIRE(M);
  CHECK(M->How == Passing::Value);
  CHECK(M->IsMember);
  CHECK(M->CallArg == "this->m");
  REQUIRE(findCapture(F.Regions[1].R, "p"));
  CHECK(findCapture(F.Regions[1].R, "p")->How == Passing::Private);
  REQUIRE(findCapture(F.Regions[2].R, "l"));
  CHECK(findCapture(F.Regions[2].R, "l")->How == Passing::LastPrivate);
  CHECK(contains(F.Output, "(int m, int *A)"));
}

TEST_CASE("thread-level OpenMP API calls in the bounds of a parallel loop stay "
          "on the host", "[analysis][device-api]") {
  // The bounds are evaluated before the parallel level: one thread answers.
  FileResult F = translateC(R"src(
#include <omp.h>
void f(int *A) {
  #pragma omp target teams distribute parallel for map(tofrom: A[0:64])
  for (int i = 0; i < 64 / omp_get_num_threads(); i++) A[i] = 1;
  #pragma omp target teams distribute map(tofrom: A[0:64])
  for (int i = 0; i < omp_get_num_threads(); i++) A[i] = 1;
})src");
  REQUIRE(F.Ok);
  CHECK_FALSE(F.Regions.at(0).R.Translate);
  CHECK(F.Regions.at(0).R.Why == DiagId::HostCall);
  CHECK(F.Regions.at(1).R.Translate); // one-thread teams: 1, as on the host
}

TEST_CASE("dist_schedule chunks of a distribute loop without parallel",
          "[analysis][datasharing]") {
  // One-thread teams: the kernel's round-robin chunks are the teams'.
  FileResult F = translateC(R"src(
void f(int *A, int n, int c) {
  #pragma omp target teams distribute dist_schedule(static, c) map(from: A[0:n])
  for (int i = 0; i < n; i++) A[i] = i;
  #pragma omp target teams distribute parallel for dist_schedule(static, 8) map(from: A[0:n])
  for (int i = 0; i < n; i++) A[i] = i;
})src");
  REQUIRE(F.Ok);
  CHECK(F.Regions.at(0).R.ScheduleChunk == "c");
  CHECK(contains(F.Output, "long long o2c_chunk"));
  CHECK(F.Regions.at(1).R.ScheduleChunk.empty());
}

TEST_CASE("a region in an in-class member that names its class's members "
          "through the class stays on the host, located",
          "[analysis][templates]") {
  FileResult F = translateC(R"src(
struct Plain {
  typedef double real;
  real *v;
  int n;
  void scale(real f) {
    #pragma omp target teams distribute parallel for map(tofrom: v[0:n])
    for (int i = 0; i < n; ++i) {
      Plain::real t = v[i] * f;
      v[i] = t;
    }
  }
  void plain(real f) {
    #pragma omp target teams distribute parallel for map(tofrom: v[0:n])
    for (int i = 0; i < n; ++i) {
      real t = v[i] * f;
      v[i] = t;
    }
  }
};
template <class T> struct Vec {
  using value_type = T;
  T *v;
  int n;
  void scale(T f) {
    #pragma omp target teams distribute parallel for map(tofrom: v[0:n])
    for (int i = 0; i < n; ++i)
      v[i] = typename Vec<T>::value_type(v[i] * f);
  }
};
void use(double *a) {
  Plain p{a, 4};
  p.scale(2);
  p.plain(2);
  Vec<double> q{a, 4};
  q.scale(3);
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  // nvcc rejected the kernel, placed before the class: 'Plain' is not yet
  // a class there.
  const Region &Q = F.Regions[0].R;
  CHECK(!Q.Translate);
  CHECK(Q.Why == DiagId::HostType);
  CHECK(Q.WhyPos.Line == 9);
  CHECK(Q.WhyPos.Col == 7);
  // The unqualified name is an alias the kernel declares.
  CHECK(F.Regions[1].R.Translate);
  const Region &V = F.Regions[2].R;
  CHECK(!V.Translate);
  CHECK(V.WhyPos.Line == 28);
  CHECK(contains(V.Reason, "names a member of its own class by the class's name"));
}

TEST_CASE("lastprivate of an inner loop's variable in a non-rectangular "
          "collapse, and of a fixed-size array, translates",
          "[analysis]") {
  FileResult F = translateC(R"src(
void f(int a[8][10], int *out) {
  int i, j, k;
  #pragma omp target teams distribute parallel for collapse(2) lastprivate(i, j) map(tofrom: a[0:8])
  for (i = 0; i < 8; i++)
    for (j = i; j < 10; j++)
      a[i][j] += j;
  int pair[2];
  #pragma omp target teams distribute lastprivate(pair) map(tofrom: a[0:8])
  for (i = 0; i < 8; i++) {
    pair[0] = a[i][0];
    pair[1] = i;
  }
  out[0] = i + j + k + pair[0];
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  const Region &L = F.Regions[0].R;
  CHECK(L.Translate);
  REQUIRE(findCapture(L, "j"));
  CHECK(findCapture(L, "j")->How == Passing::LastPrivate);
  const Region &P = F.Regions[1].R;
  CHECK(P.Translate);
  REQUIRE(findCapture(P, "pair"));
  CHECK(findCapture(P, "pair")->How == Passing::LastPrivate);
  CHECK(contains(F.Output, "< sizeof(pair); ++o2c_k)"));
}

TEST_CASE("a local typedef's struct moves alone when file scope has the "
          "typedef's name",
          "[analysis][types]") {
  // OpenMP_VV 4.5 target_enter_data_struct: `test_struct` is a function
  // and, in another function, the typedef of an unnamed struct.
  FileResult F = translateC(R"(
int rec(void) { return 0; }
void g(void) {
  typedef struct { int a; int b[2]; } rec;
  rec one, many[2];
#pragma omp target map(tofrom: one, many)
  { one.a = 1; many[1].b[0] = 2; }
#pragma omp target map(tofrom: one)
  one.a = (int)sizeof(rec);
})");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  const std::string &O = F.Output;
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(O, "struct o2c_local_L4 { int a; int b[2]; };\n"));
  CHECK(contains(O, "  typedef struct o2c_local_L4 rec;\n"));
  CHECK(contains(O, "(o2c_local_L4 *one, o2c_local_L4 *many)"));
  // A region that names the typedef itself cannot have it at file scope.
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(F.Regions[1].R.Why == DiagId::HostType);
  CHECK(contains(F.Regions[1].R.Reason, "'rec' is also declared at file scope"));
}

TEST_CASE("the same local definition in two functions moves once",
          "[analysis][types]") {
  // OpenMP_VV's defaultmap tests declare one enum and one struct in each
  // test function.
  FileResult F = translateC(R"(
void f(void) {
  enum { A1 = 1, A2 } e = A1;
  struct pt { int x; } p;
#pragma omp target map(tofrom: e, p)
  { e = A2; p.x = 1; }
}
void g(void) {
  enum { A1 = 1, A2 } e = A1;
  struct pt { int x; } p;
#pragma omp target map(tofrom: e, p)
  { e = A2; p.x = 2; }
}
void h(void) {
  struct pt { long x; } p;
#pragma omp target map(tofrom: p)
  p.x = 3;
})");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  const std::string &O = F.Output;
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Regions[1].R.Translate);
  CHECK(contains(O, "  enum o2c_local_L3 e = A1;\n  struct pt p;\n"));
  CHECK(contains(O, "omp2cuda_g_L11(enum o2c_local_L3 *e, struct pt *p)"));
  // g's copies are taken out, and name f's.
  CHECK(O.find("enum o2c_local_L3 { A1 = 1, A2 };") ==
        O.rfind("enum o2c_local_L3 { A1 = 1, A2 };"));
  CHECK(O.find("enum o2c_local_L3 e = A1;") !=
        O.rfind("enum o2c_local_L3 e = A1;"));
  // A different definition of the name still cannot move.
  CHECK_FALSE(F.Regions[2].R.Translate);
  CHECK(contains(F.Regions[2].R.Reason, "'pt' is also declared at file scope"));
}

TEST_CASE("a template region that assigns a variable of dependent type it "
          "does not map stays on the host",
          "[analysis][templates]") {
  // setit<P> maps `loc` tofrom (a class), setit<int> makes it firstprivate:
  // one kernel by value lost the class instantiation's assignment.
  FileResult F = translateC(R"src(
struct P { int a, b; };
template <class T> void setit(T &out, T v) {
  T loc = out;
  #pragma omp target
  { loc = v; }
  #pragma omp target defaultmap(firstprivate: aggregate)
  { loc = v; }
  #pragma omp target map(tofrom: loc)
  { loc = v; }
  T r = v;
  #pragma omp target map(tofrom: out)
  { out = r; }
}
void g(P &p, int &i) { setit(p, P{1, 2}); setit(i, 7); }
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  const Region &Assigns = F.Regions[0].R;
  CHECK_FALSE(Assigns.Translate);
  CHECK(Assigns.Why == DiagId::HostType);
  CHECK(contains(Assigns.Reason, "'loc' has a type that depends on the "
                                 "template and the region assigns it"));
  CHECK(F.Regions[1].R.Translate); // both instantiations firstprivate
  CHECK(F.Regions[2].R.Translate); // both mapped
  CHECK(F.Regions[3].R.Translate); // `r` is only read
}

TEST_CASE("loop variables step to their bound only where the bound is of "
          "their type",
          "[analysis][loops]") {
  // int to an int bound: the variable strides and its step stops at n.
  FileResult F = translateC(R"src(
void f(int *a, int lo, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = lo; i < n; i++)
    a[i - lo] = i;
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "o2c_dev::strideStart<int>("));
  CHECK(contains(F.Output, "i = o2c_dev::strideNext(i, n,"));
  // A wider bound may not fit the variable, and an inclusive one may be its
  // type's maximum: no step can stop there, so iterations are counted.
  for (const char *Cond : {"i < n", "i <= m"}) {
    FileResult G = translateC(std::string(R"src(
void f(int *a, int lo, long long n, int m) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:8])
  for (int i = lo; )src") + Cond + R"src(; i++)
    a[i - lo] = i;
})src");
    INFO(Cond);
    REQUIRE(G.Ok);
    REQUIRE(G.Regions.at(0).R.Translate);
    CHECK_FALSE(contains(G.Output, "strideNext(i,"));
    CHECK(contains(G.Output, "o2c_iv < o2c_trip"));
  }
}

/// Whether Code contains Text, whatever the whitespace (the output is
/// formatted).
static bool containsCode(const std::string &Code, const std::string &Text) {
  auto Flat = [](const std::string &S) {
    std::string F;
    for (char C : S)
      if (!isspace(static_cast<unsigned char>(C)))
        F += C;
    return F;
  };
  return contains(Flat(Code), Flat(Text));
}

TEST_CASE("a written static schedule the region can observe deals blocks",
          "[analysis][schedule]") {
  // Review rOG: emu gave team 0 32 of 40 iterations (or alternated them),
  // where OpenMP gives each of the 2 teams a block of 20; then such regions
  // stayed on the host. Now the kernel deals the blocks.
  for (const char *Clause : {"dist_schedule(static)", "schedule(static)",
                             "dist_schedule(static) schedule(static)"}) {
    FileResult F = translateC(std::string(R"src(#include <omp.h>
void f(int *a) {
  #pragma omp target teams distribute parallel for num_teams(2) )src") +
                              Clause + R"src( map(tofrom: a[0:40])
  for (int i = 0; i < 40; ++i)
    a[i] = omp_get_team_num() * 100 + omp_get_thread_num();
  #pragma omp target teams distribute parallel for num_teams(2) )src" +
                              Clause + R"src( map(tofrom: a[0:40])
  for (int i = 0; i < 40; ++i)
    a[i] = 2 * i;
})src");
    INFO(Clause);
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 2);
    const Region &R = F.Regions[0].R;
    INFO(R.Reason);
    CHECK(R.Translate);
    CHECK(R.TeamBlocks);
    CHECK(R.ThreadBlocks);
    CHECK(containsCode(F.Output,
                       "const o2c_dev::Block<unsigned int> o2c_blk_0 = "
                       "o2c_dev::staticBlock<unsigned int>(0, o2c_trip, "
                       "blockIdx.x, gridDim.x);"));
    CHECK(containsCode(F.Output,
                       "const o2c_dev::Block<unsigned int> o2c_blk = "
                       "o2c_dev::staticBlock<unsigned int>(o2c_blk_0.Lo, "
                       "o2c_blk_0.End, threadIdx.x, blockDim.x);"));
    CHECK(containsCode(F.Output,
                       "for (unsigned int o2c_iv = o2c_blk.Lo; o2c_iv < "
                       "o2c_blk.End; ++o2c_iv) {"));
    // Nothing tells the two divisions apart: the grid-stride loop.
    CHECK(F.Regions[1].R.Translate);
    CHECK_FALSE(F.Regions[1].R.TeamBlocks);
    CHECK_FALSE(F.Regions[1].R.ThreadBlocks);
  }
}

TEST_CASE("static blocks of teams alone, of threads alone, and in turn",
          "[analysis][schedule]") {
  FileResult F = translateC(R"src(#include <omp.h>
void f(int *a, int n) {
  #pragma omp target teams distribute num_teams(3) dist_schedule(static) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_team_num();
  #pragma omp target parallel for num_threads(5) schedule(static) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_thread_num();
  #pragma omp target teams distribute parallel for dist_schedule(static) schedule(static, 1) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_thread_num();
  #pragma omp target teams distribute parallel for dist_schedule(static) schedule(static, 4) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_thread_num();
  #pragma omp target teams distribute parallel for dist_schedule(static, 8) schedule(static) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_thread_num();
  #pragma omp target teams distribute parallel for num_teams(2) thread_limit(4) \
      dist_schedule(static, 8) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_team_num();
  #pragma omp target teams distribute parallel for num_teams(2) thread_limit(4) \
      dist_schedule(static, 4) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_team_num();
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 7);
  // Chunks of the block's threads: what the grid-stride kernel deals.
  CHECK(F.Regions[6].R.Translate);
  CHECK_FALSE(F.Regions[6].R.TeamBlocks);
  // One thread per team: the team's block, no thread level.
  const Region &Teams = F.Regions[0].R;
  CHECK(Teams.Translate);
  CHECK(Teams.TeamBlocks);
  CHECK(containsCode(F.Output,
                     "const o2c_dev::Block<unsigned int> o2c_blk = "
                     "o2c_dev::staticBlock<unsigned int>(0, o2c_trip, "
                     "blockIdx.x, gridDim.x);"));
  // One team: the thread's block of the loop.
  const Region &Threads = F.Regions[1].R;
  CHECK(Threads.Translate);
  CHECK_FALSE(Threads.TeamBlocks);
  CHECK(Threads.ThreadBlocks);
  CHECK(containsCode(F.Output,
                     "const o2c_dev::Block<unsigned int> o2c_blk = "
                     "o2c_dev::staticBlock<unsigned int>(0, o2c_trip, "
                     "threadIdx.x, blockDim.x);"));
  // schedule(static, 1): the team's block, its iterations in turn.
  const Region &Turn = F.Regions[2].R;
  CHECK(Turn.Translate);
  CHECK(Turn.TeamBlocks);
  CHECK_FALSE(Turn.ThreadBlocks);
  CHECK(containsCode(F.Output,
                     "for (unsigned int o2c_iv = o2c_dev::strideStart<unsigned "
                     "int>(o2c_blk.Lo, threadIdx.x, o2c_blk.End); o2c_iv < "
                     "o2c_blk.End; o2c_iv = o2c_dev::strideNext(o2c_iv, "
                     "o2c_blk.End, blockDim.x)) {"));
  // Chunks of 4 in turn inside the team's block (issue 9: stayed on the
  // host).
  const Region &Chunks = F.Regions[3].R;
  INFO(Chunks.Reason);
  CHECK(Chunks.Translate);
  CHECK(Chunks.TeamBlocks);
  CHECK_FALSE(Chunks.ThreadBlocks);
  CHECK(containsCode(
      F.Output, "for (unsigned int o2c_cbase = o2c_dev::strideStart<unsigned "
                "int>(o2c_blk.Lo, (unsigned long long)(threadIdx.x) * (4), "
                "o2c_blk.End); o2c_cbase < o2c_blk.End; o2c_cbase = "
                "o2c_dev::strideNext(o2c_cbase, o2c_blk.End, (unsigned long "
                "long)(blockDim.x) * (4)))"));
  CHECK(containsCode(F.Output,
                     "for (unsigned int o2c_iv = o2c_cbase, o2c_cend = "
                     "o2c_dev::strideNext(o2c_cbase, o2c_blk.End, 4); o2c_iv "
                     "< o2c_cend; ++o2c_iv) {"));
  // The teams' chunks of dist_schedule(static, C), each divided by the
  // for's schedule (the grid-stride kernel dealt a block's worth of
  // threads' iterations to each team in turn: 0000111100001111 where the
  // hosts give 0000000011111111; then they stayed on the host).
  for (unsigned I : {4u, 5u}) {
    const Region &R = F.Regions[I].R;
    INFO(R.Reason);
    CHECK(R.Translate);
    CHECK_FALSE(R.TeamBlocks);
    CHECK(R.TeamChunk == "8");
    CHECK(R.ThreadBlocks);
  }
  CHECK(containsCode(
      F.Output,
      "for (unsigned int o2c_dc = o2c_dev::strideStart<unsigned int>(0, "
      "(unsigned long long)blockIdx.x * (8), o2c_trip); o2c_dc < o2c_trip; "
      "o2c_dc = o2c_dev::strideNext(o2c_dc, o2c_trip, (unsigned long "
      "long)gridDim.x * (8))) {"));
  CHECK(containsCode(F.Output, "const unsigned int o2c_dce = "
                               "o2c_dev::strideNext(o2c_dc, o2c_trip, 8);"));
  CHECK(containsCode(F.Output,
                     "const o2c_dev::Block<unsigned int> o2c_blk = "
                     "o2c_dev::staticBlock<unsigned int>(o2c_dc, o2c_dce, "
                     "threadIdx.x, blockDim.x);"));
}

TEST_CASE("device queries that cannot tell who ran an iteration keep the "
          "grid-stride kernel of a chunked combined loop",
          "[analysis][schedule]") {
  // g18's team blocks are for regions that can tell which team or thread
  // ran an iteration: omp_is_initial_device() forced them on
  // chunked_collapse.c:25 (14 -> 30 registers on sm_90), though it answers
  // the same in every thread of every team.
  FileResult F = translateC(R"src(#include <omp.h>
int helper(void) { return omp_get_device_num(); }
void f(int *a, int *on, int n) {
  #pragma omp target teams distribute parallel for schedule(static, 4) map(tofrom: a[0:n], on[0:1])
  for (int i = 0; i < n; ++i) {
    a[i] += 1;
    if (i == 0)
      on[0] = !omp_is_initial_device();
  }
  #pragma omp target teams distribute parallel for schedule(static, 4) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_device_num() + helper();
  #pragma omp target teams distribute parallel for schedule(static, 4) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_team_num();
  #pragma omp target teams distribute parallel for schedule(static, 4) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_is_initial_device() + omp_get_thread_num();
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  for (unsigned I = 0; I < 4; ++I) {
    const Region &R = F.Regions[I].R;
    INFO(I << ": " << R.Reason);
    CHECK(R.Translate);
    CHECK(R.ScheduleChunk == "4");
    CHECK_FALSE(R.ThreadBlocks);
    // The team and thread numbers tell; the device queries do not.
    CHECK(R.TeamBlocks == (I >= 2));
  }
}

TEST_CASE("dist_schedule(static, C) deals the teams' chunks, each divided "
          "by the for's schedule",
          "[analysis][schedule]") {
  // Issue 9: these stayed on the host where the region can tell who ran an
  // iteration.
  FileResult F = translateC(R"src(#include <omp.h>
void f(int *a, int n, int c, int s) {
  #pragma omp target teams distribute parallel for num_teams(2) \
      dist_schedule(static, c) schedule(static, s) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_thread_num();
  #pragma omp target teams distribute parallel for thread_limit(1) \
      dist_schedule(static, 3) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_team_num();
  #pragma omp target teams distribute parallel for dist_schedule(static, 3) \
      schedule(static, 1) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_thread_num();
  #pragma omp target teams distribute parallel for dist_schedule(static, 3) \
      map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = 2 * i;
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  for (unsigned I : {0u, 1u, 2u}) {
    const Region &R = F.Regions[I].R;
    INFO(I << ": " << R.Reason);
    CHECK(R.Translate);
    CHECK(R.TeamChunk == (I == 0 ? "c" : "3"));
    CHECK_FALSE(R.TeamBlocks);
  }
  // Run-time chunks: evaluated by the stub, kernel parameters.
  CHECK(containsCode(F.Output, "long long o2c_dchunk"));
  CHECK(containsCode(F.Output, "(long long)(c)"));
  CHECK(containsCode(F.Output, "(long long)(s)"));
  CHECK(containsCode(
      F.Output, "for (unsigned int o2c_cbase = o2c_dev::strideStart<unsigned "
                "int>(o2c_dc, (unsigned long long)(threadIdx.x) * "
                "(o2c_chunk), o2c_dce);"));
  // One thread per team: the team's chunks, no thread level.
  CHECK(containsCode(F.Output, "for (unsigned int o2c_iv = o2c_dc; o2c_iv < "
                               "o2c_dce; ++o2c_iv) {"));
  // schedule(static, 1): each chunk's iterations in turn.
  CHECK(containsCode(F.Output,
                     "for (unsigned int o2c_iv = o2c_dev::strideStart<unsigned "
                     "int>(o2c_dc, threadIdx.x, o2c_dce); o2c_iv < o2c_dce; "
                     "o2c_iv = o2c_dev::strideNext(o2c_iv, o2c_dce, "
                     "blockDim.x)) {"));
  // Nothing tells the divisions apart: the grid-stride loop.
  CHECK(F.Regions[3].R.Translate);
  CHECK(F.Regions[3].R.TeamChunk.empty());
}

TEST_CASE("each dist_schedule chunk's threads start from the firstprivate "
          "values on entry",
          "[analysis][schedule]") {
  // gcc and libomp run each distribute chunk as a parallel region of its
  // own, whose threads start from the original value (prev = -1 at every
  // chunk's start); the grid-stride kernel of the thread_limit-literal
  // chunk carried it from the thread's previous chunk (emu -1 -1 -1 -1 0 1
  // 2 ..., gcc -1 everywhere).
  FileResult F = translateC(R"src(#include <omp.h>
void f(int *prev, int n) {
  int last = -1, keep[2] = {0, 0};
  #pragma omp target teams distribute parallel for num_teams(2) thread_limit(2) \
      dist_schedule(static, 2) firstprivate(last) map(tofrom: prev[0:n])
  for (int i = 0; i < n; ++i) {
    prev[i] = last;
    last = i;
  }
  #pragma omp target teams distribute parallel for num_teams(2) \
      dist_schedule(static, 8) firstprivate(last) map(tofrom: prev[0:n])
  for (int i = 0; i < n; ++i) {
    prev[i] = last;
    last = i;
  }
  #pragma omp target teams distribute parallel for num_teams(2) \
      dist_schedule(static, 8) firstprivate(last) map(tofrom: prev[0:n])
  for (int i = 0; i < n; ++i)
    prev[i] = last + omp_get_team_num();
  #pragma omp target teams distribute parallel for num_teams(2) \
      dist_schedule(static, 8) firstprivate(keep) map(tofrom: prev[0:n])
  for (int i = 0; i < n; ++i) {
    prev[i] = keep[0];
    keep[0] = i;
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  for (unsigned I : {0u, 1u}) {
    const Region &R = F.Regions[I].R;
    INFO(I << ": " << R.Reason);
    CHECK(R.Translate);
    CHECK(R.TeamChunk == (I == 0 ? "2" : "8"));
    CHECK(R.ChunkResets == std::vector<std::string>{"last"});
  }
  CHECK(containsCode(F.Output, "const auto o2c_first_last = last;"));
  CHECK(containsCode(F.Output, "const unsigned int o2c_dce = "
                               "o2c_dev::strideNext(o2c_dc, o2c_trip, 2);\n"
                               "last = o2c_first_last;"));
  // Read only: nothing to reset.
  CHECK(F.Regions[2].R.Translate);
  CHECK(F.Regions[2].R.TeamChunk == "8");
  CHECK(F.Regions[2].R.ChunkResets.empty());
  // An array by value: not yet, located at the clause.
  const Region &Box = F.Regions[3].R;
  INFO(Box.Reason);
  CHECK_FALSE(Box.Translate);
  CHECK(Box.Why == DiagId::HostClause);
  CHECK(contains(Box.Reason, "may assign 'keep'"));
  CHECK(Box.WhyPos.Line == 21u);
}

TEST_CASE("a nested for with schedule(static) deals blocks",
          "[analysis][schedule]") {
  FileResult F = translateC(R"src(#include <omp.h>
void f(int *a, int n) {
  #pragma omp target teams num_teams(2) thread_limit(64) map(tofrom: a[0:n])
  {
    #pragma omp parallel
    {
      #pragma omp for schedule(static)
      for (int i = 0; i < n; ++i)
        a[i] = omp_get_thread_num();
      #pragma omp for
      for (int i = 0; i < n; ++i)
        a[i] += 1;
    }
  }
  #pragma omp target teams num_teams(2) thread_limit(64) map(tofrom: a[0:n])
  {
    int t = omp_get_team_num();
    #pragma omp distribute parallel for dist_schedule(static)
    for (int i = 0; i < n; ++i)
      a[i] = omp_get_thread_num() + t;
  }
  #pragma omp target teams num_teams(2) thread_limit(64) map(tofrom: a[0:n])
  {
    int t = omp_get_team_num();
    #pragma omp distribute parallel for dist_schedule(static) schedule(static, 1)
    for (int i = 0; i < n; ++i)
      a[i] = omp_get_thread_num() + t;
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Regions[1].R.Translate);
  // The thread's block of the loop; the loop without a clause keeps its
  // turns (the default schedule is the implementation's).
  CHECK(containsCode(F.Output,
                     "o2c_dev::staticBlock<unsigned int>(0, o2c_trip1, "
                     "threadIdx.x, blockDim.x);"));
  CHECK(containsCode(F.Output, "for (int i = threadIdx.x; i < n; i = "
                               "o2c_dev::strideNext(i, n, blockDim.x)) {"));
  // The team's block, then the thread's of it.
  CHECK(containsCode(F.Output,
                     "o2c_dev::staticBlock<unsigned int>(0, o2c_trip1, "
                     "blockIdx.x, gridDim.x);"));
  CHECK(containsCode(F.Output,
                     "o2c_dev::staticBlock<unsigned int>(o2c_blk1_0.Lo, "
                     "o2c_blk1_0.End, threadIdx.x, blockDim.x);"));
  const Region &Turn = F.Regions[2].R;
  CHECK_FALSE(Turn.Translate);
  CHECK(Turn.Why == DiagId::HostClause);
  CHECK(Turn.WhyPos.Line == 25);
}

TEST_CASE("the thread_limit-literal chunk is the block only with a literal "
          "num_teams and no schedule chunk above 1; thread_limit after "
          "num_threads keeps the smaller",
          "[analysis][schedule]") {
  // Review rSV: with schedule(static, 2) the grid-stride kernel dealt
  // 2-iteration chunks over the whole grid (emu 0000000011111111, hosts
  // 0000111100001111); without a literal num_teams cappedShape may shrink
  // the block below the chunk; num_threads(2) thread_limit(4) gave 4.
  FileResult F = translateC(R"src(#include <omp.h>
void f(int *a, int n, int t) {
  #pragma omp target teams distribute parallel for num_teams(2) thread_limit(4) \
      dist_schedule(static, 4) schedule(static, 2) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_team_num();
  #pragma omp target teams distribute parallel for num_teams(t) thread_limit(4) \
      dist_schedule(static, 4) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_team_num();
  #pragma omp target teams distribute parallel for num_teams(3000000) \
      thread_limit(1024) dist_schedule(static, 1024) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_team_num();
  #pragma omp target teams distribute parallel for num_teams(2) thread_limit(4) \
      dist_schedule(static, 4) schedule(static, 1) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_team_num();
  #pragma omp target teams distribute parallel for num_teams(2) num_threads(2) \
      thread_limit(4) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_thread_num();
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 5);
  // Not the grid-stride kernel: the teams' chunks (issue 9; they stayed on
  // the host before).
  for (int I : {0, 1, 2}) {
    INFO(I);
    CHECK(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.TeamChunk == (I == 2 ? "1024" : "4"));
  }
  CHECK(F.Regions[3].R.Translate);
  CHECK(F.Regions[3].R.TeamChunk.empty());
  CHECK(F.Regions[4].R.Translate);
  CHECK(F.Regions[4].R.ThreadLimit == "o2c::minLimit(2, 4)");
}

TEST_CASE("a chunk size the stub cannot evaluate as the region would keeps "
          "the region on the host",
          "[analysis][schedule]") {
  // Review rG t22/t25/t23: OpenMP evaluates a chunk in the target region,
  // on the device's data; the stub read the host's cfg[0] (2) where an
  // earlier region had set the device's to 5.
  FileResult F = translateC(R"src(#include <omp.h>
#pragma omp declare target
int gchunk = 2;
#pragma omp end declare target
void f(int *a, int n, int c, int *cfg) {
  #pragma omp target teams distribute parallel for \
      dist_schedule(static, cfg[0]) map(tofrom: a[0:n], cfg[0:1])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_team_num();
  #pragma omp target teams distribute parallel for \
      dist_schedule(static, gchunk) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_team_num();
  #pragma omp target teams distribute parallel for dist_schedule(static) \
      schedule(static, cfg[0]) map(tofrom: a[0:n], cfg[0:1])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_thread_num();
  #pragma omp target teams distribute parallel for \
      dist_schedule(static, c) map(tofrom: a[0:n], c)
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_team_num();
  #pragma omp target teams distribute parallel for \
      dist_schedule(static, c + 1) schedule(static, 2 * c) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_thread_num();
  #pragma omp target map(tofrom: a[0:n], cfg[0:1])
  #pragma omp teams distribute num_teams(2) dist_schedule(static, cfg[0])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_team_num();
  #pragma omp target map(tofrom: a[0:n], c)
  #pragma omp parallel for num_threads(2) schedule(static, c)
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_thread_num();
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 7);
  // The target construct's body is a construct whose chunk the stub would
  // evaluate as well (rG t22.c split in two).
  for (unsigned I : {0u, 1u, 2u, 3u, 5u, 6u}) {
    const Region &R = F.Regions[I].R;
    INFO(I << ": " << R.Reason);
    CHECK_FALSE(R.Translate);
    CHECK(R.Why == DiagId::HostClause);
    CHECK(R.Reason.find("chunk size") != std::string::npos);
  }
  // A local scalar taken by value: the stub's value is the region's. A
  // chunk below 1 is 1, as libomp takes it (rG t8.c looped forever).
  INFO(F.Regions[4].R.Reason);
  CHECK(F.Regions[4].R.Translate);
  CHECK(containsCode(F.Output,
                     "((long long)(c + 1) > 0 ? (long long)(c + 1) : 1LL)"));
  CHECK(containsCode(F.Output,
                     "((long long)(2 * c) > 0 ? (long long)(2 * c) : 1LL)"));
}

TEST_CASE("chunked schedules on loops nested in SPMD and control-loop "
          "regions deal their chunks in turn",
          "[analysis][schedule]") {
  // Issue 9: these regions stayed on the host ('a schedule chunk other
  // than 1 on the nested ...', 'dist_schedule with a chunk on a distribute
  // loop with nested constructs'). A worksharing loop's chunks go to the
  // team's threads in turn, a distribute loop's to the teams; a chunk
  // below 1 is 1.
  FileResult F = translateC(R"src(#include <omp.h>
void f(int *a, int n, int c) {
  #pragma omp target teams num_teams(2) map(tofrom: a[0:n])
  {
    #pragma omp distribute
    for (int r = 0; r < 4; ++r) {
      #pragma omp parallel for schedule(static, 4)
      for (int i = 0; i < n; ++i)
        a[i] = omp_get_thread_num();
    }
  }
  #pragma omp target parallel num_threads(4) map(tofrom: a[0:n])
  {
    #pragma omp for schedule(static, 2)
    for (int i = 0; i < n; ++i)
      a[i] = omp_get_thread_num();
    #pragma omp for schedule(static, c)
    for (int i = 0; i < n; ++i)
      a[i] += omp_get_thread_num();
  }
  #pragma omp target teams distribute num_teams(2) dist_schedule(static, c) map(tofrom: a[0:n])
  for (int j = 0; j < n; ++j) {
    #pragma omp parallel for
    for (int r = 0; r < 4; ++r)
      a[j] += omp_get_team_num();
  }
  #pragma omp target teams num_teams(2) map(tofrom: a[0:n])
  {
    while (a[omp_get_team_num()] < 2) {
    a[omp_get_team_num()] += 1;
    #pragma omp parallel
    {
      #pragma omp for schedule(static, 3)
      for (int i = 0; i < n; ++i)
        a[i] = omp_get_thread_num();
    }
    }
    a[omp_get_team_num()] += a[n - 1];
    #pragma omp distribute dist_schedule(static, 2)
    for (int j = 0; j < n; ++j)
      a[j] = omp_get_team_num();
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  for (unsigned I = 0; I < 4; ++I) {
    const Region &R = F.Regions[I].R;
    INFO(I << ": " << R.Reason);
    CHECK(R.Translate);
    CHECK(R.Class == RegionClass::Spmd);
  }
  CHECK(F.Regions[3].R.Spmd.ControlLoop);
  // The threads' chunks of 4: thread t starts at chunk t, steps by the
  // block's threads.
  CHECK(containsCode(F.Output, "const unsigned int o2c_chunk3 = 4;"));
  CHECK(containsCode(F.Output, "o2c_dev::strideStart<unsigned int>(0, "
                               "(unsigned long long)(threadIdx.x) * "
                               "o2c_chunk3, o2c_trip3)"));
  CHECK(containsCode(F.Output, "const unsigned int o2c_chunk1 = 2;"));
  CHECK(containsCode(F.Output, "const long long o2c_chunk2_ = c;"));
  CHECK(containsCode(F.Output, "o2c_chunk2_ > 0 ? (unsigned int)o2c_chunk2_ "
                               ": 1;"));
  // The control loop's parallel state and its team master's distribute.
  CHECK(containsCode(F.Output, "const unsigned int o2c_chunk3 = 2;"));
  CHECK(containsCode(F.Output, "const unsigned int o2c_chunk2 = 3;"));
  // The root distribute loop's chunk: evaluated by the stub, a parameter.
  CHECK(containsCode(F.Output, "long long o2c_dchunk"));
  CHECK(containsCode(F.Output, "const long long o2c_chunk1_ = o2c_dchunk;"));
  CHECK(containsCode(F.Output,
                     "((long long)(c) > 0 ? (long long)(c) : 1LL)"));
  CHECK(containsCode(F.Output, "(unsigned long long)(blockIdx.x) * "
                               "o2c_chunk1"));
}

TEST_CASE("a nested chunk that is a constant above 0 is printed as its "
          "value, without the run-time clamp",
          "[analysis][schedule]") {
  // A run-time chunk below 1 is 1 (libomp); a constant above 0 needs no
  // test, nor an integer constant expression that is no literal (g19).
  FileResult F = translateC(R"src(#include <omp.h>
#define CHUNK (2 * 3)
enum { Four = 4 };
void f(int *a, int n, int c) {
  #pragma omp target parallel num_threads(4) map(tofrom: a[0:n])
  {
    #pragma omp for schedule(static, CHUNK)
    for (int i = 0; i < n; ++i)
      a[i] = omp_get_thread_num();
    #pragma omp for schedule(static, Four + (int)sizeof(char))
    for (int i = 0; i < n; ++i)
      a[i] += omp_get_thread_num();
    #pragma omp for schedule(static, c)
    for (int i = 0; i < n; ++i)
      a[i] += omp_get_thread_num();
  }
  #pragma omp target teams distribute parallel for schedule(static, CHUNK) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = omp_get_thread_num();
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Regions[1].R.Translate);
  CHECK(containsCode(F.Output, "const unsigned int o2c_chunk1 = 6;"));
  CHECK(containsCode(F.Output, "const unsigned int o2c_chunk2 = 5;"));
  CHECK(containsCode(F.Output, "const long long o2c_chunk3_ = c;"));
  CHECK(containsCode(F.Output, "const unsigned int o2c_chunk3 = o2c_chunk3_ > "
                               "0 ? (unsigned int)o2c_chunk3_ : 1;"));
  // Constants past INT_MAX keep the region on the host ("a constant chunk
  // above INT_MAX ...").
  // The combined kernel takes the value as a literal: no stub parameter.
  CHECK(F.Regions[1].R.ScheduleChunk == "6");
  CHECK_FALSE(contains(F.Output, "long long o2c_chunk)"));
}

TEST_CASE("chunked schedules nested where the kernel cannot deal them stay "
          "on the host",
          "[analysis][schedule]") {
  FileResult F = translateC(R"src(#include <omp.h>
void f(int *a, int n, int c) {
  #pragma omp target parallel num_threads(4) map(tofrom: a[0:n], c)
  {
    #pragma omp for schedule(static, c)
    for (int i = 0; i < n; ++i)
      a[i] = omp_get_thread_num();
    #pragma omp for
    for (int i = 0; i < n; ++i)
      a[i] += 1;
  }
  #pragma omp target parallel num_threads(4) map(tofrom: a[0:n])
  {
    #pragma omp for ordered schedule(static, 2)
    for (int i = 0; i < n; ++i) {
      #pragma omp ordered
      a[i] = omp_get_thread_num();
    }
  }
  #pragma omp target teams num_teams(2) map(tofrom: a[0:n])
  {
    #pragma omp distribute parallel for dist_schedule(static, 2)
    for (int i = 0; i < n; ++i)
      a[i] = omp_get_thread_num();
    #pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      a[i] += 1;
  }
  #pragma omp target teams num_teams(2) map(tofrom: a[0:n])
  {
    #pragma omp distribute parallel for schedule(static, 2)
    for (int i = 0; i < n; ++i)
      a[i] = omp_get_thread_num();
    #pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      a[i] += 1;
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  const char *Why[] = {"reads 'c'", "'ordered' clause with a schedule chunk",
                       "dist_schedule with a chunk",
                       "a schedule chunk other than 1"};
  for (unsigned I = 0; I < 4; ++I) {
    const Region &R = F.Regions[I].R;
    INFO(I << ": " << R.Reason);
    CHECK_FALSE(R.Translate);
    CHECK(R.Why == DiagId::HostClause);
    CHECK(R.Reason.find(Why[I]) != std::string::npos);
  }
}

TEST_CASE("schedule(static, c) without dist_schedule gives each team a "
          "block, as gcc and libomp do",
          "[analysis][schedule]") {
  // Review rG finding 2: the grid-stride kernel dealt the chunks over the
  // whole grid (37 iterations, 3 teams of 4, chunks of 2: emu 00 00 01 01
  // 02 02 03 03 10 10 ..., gcc and clang-19 00 00 01 01 02 02 03 03 00 00
  // 01 01 02 10 ..., team 0 taking the first 13).
  for (const char *Chunk : {"2", "1", "c"}) {
    FileResult F = translateC(std::string(R"src(#include <omp.h>
void f(int *a, int c) {
  #pragma omp target teams distribute parallel for num_teams(3) thread_limit(4) schedule(static, )src") +
                              Chunk + R"src() map(tofrom: a[0:37])
  for (int i = 0; i < 37; ++i)
    a[i] = omp_get_team_num() * 10 + omp_get_thread_num();
  #pragma omp target teams distribute parallel for num_teams(3) schedule(static, )src" +
                              Chunk + R"src() map(tofrom: a[0:37])
  for (int i = 0; i < 37; ++i)
    a[i] = 2 * i;
})src");
    INFO(Chunk);
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 2);
    const Region &R = F.Regions[0].R;
    INFO(R.Reason);
    CHECK(R.Translate);
    CHECK(R.TeamBlocks);
    CHECK_FALSE(R.ThreadBlocks);
    CHECK(containsCode(F.Output,
                       "const o2c_dev::Block<unsigned int> o2c_blk = "
                       "o2c_dev::staticBlock<unsigned int>(0, o2c_trip, "
                       "blockIdx.x, gridDim.x);"));
    // Chunks of the team's block in turn (of 1: its threads in turn).
    if (std::string(Chunk) != "1")
      CHECK(containsCode(F.Output, "o2c_dev::strideStart<unsigned int>("
                                   "o2c_blk.Lo, (unsigned long long)"
                                   "(threadIdx.x) *"));
    // Nothing tells the divisions apart: the grid-stride loop.
    CHECK(F.Regions[1].R.Translate);
    CHECK_FALSE(F.Regions[1].R.TeamBlocks);
  }
}

TEST_CASE("a nested chunk that calls a function keeps its region on the "
          "host",
          "[analysis][schedule]") {
  // Review rG of g18: device functions come from the region's body, so a
  // declare target function called in a nested chunk ran the host's copy
  // under emu (calls=0, gcc 8) and nvcc refused the __host__ call.
  FileResult F = translateC(R"src(#include <omp.h>
#pragma omp declare target
int calls;
int next(void) { calls++; return 2; }
#pragma omp end declare target
void f(int *a, int n, int c) {
  #pragma omp target teams num_teams(2) map(tofrom: a[0:n], calls)
  {
    #pragma omp distribute
    for (int r = 0; r < 4; ++r) {
      #pragma omp parallel for schedule(static, next())
      for (int i = 0; i < n; ++i)
        a[i] = omp_get_thread_num();
    }
  }
  #pragma omp target teams num_teams(2) map(tofrom: a[0:n])
  {
    #pragma omp distribute
    for (int r = 0; r < 4; ++r) {
      #pragma omp parallel for schedule(static, c)
      for (int i = 0; i < n; ++i)
        a[i] = omp_get_thread_num() + 0 * c;
    }
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostClause);
  CHECK(contains(F.Regions[0].R.Reason, "calls a function"));
  CHECK(F.Regions[1].R.Translate);
}

TEST_CASE("a capture that is or holds a long double keeps its region on the "
          "host",
          "[analysis][types]") {
  // Review rF of f18: CUDA device code takes long double as double (nvcc
  // #20208-D), so a by-value parameter is .param .f64 where the host
  // passes x87's 16 bytes, and mapped arrays have the wrong stride.
  FileResult F = translateC(R"src(
struct S { long double v; int k; };
double f(void) {
  long double x = 1.0L / 3.0L, a[4] = {1, 2, 3, 4};
  struct S s = {2.0L, 1};
  double r = 0, d = 2.0;
#pragma omp target map(tofrom: r)
  r = (double)(x * 3.0L);
#pragma omp target map(tofrom: r, a)
  r = (double)a[1];
#pragma omp target map(tofrom: r, s)
  r = s.k;
#pragma omp target map(tofrom: r)
  r = d * 2;
  return r;
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  for (int I : {0, 1, 2}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostType);
    CHECK(contains(F.Regions[I].R.Reason, "long double"));
  }
  CHECK(F.Regions[3].R.Translate);
}

TEST_CASE("a variable only a nested construct's clause names is a kernel "
          "parameter",
          "[analysis][schedule][chunk]") {
  // Task b19: clang hides a nested construct's clause expression behind an
  // implicit `.capture_expr.` variable whose initialiser (the clause's
  // pre-init statement) the capture scan never read, so a chunk size
  // named nowhere else was no kernel parameter (nvcc: identifier "c" is
  // undefined), in the SPMD form (a distribute loop in team-master code, a
  // target teams distribute whose loop holds the construct) and in the
  // control loop alike. A chunk computed from several variables takes each.
  FileResult F = translateC(R"src(#include <omp.h>
void f(int *a, int n, int c, int d, int e, int g) {
  #pragma omp target teams num_teams(2) map(tofrom: a[0:n])
  {
    #pragma omp distribute
    for (int r = 0; r < 4; ++r) {
      #pragma omp parallel for schedule(static, c)
      for (int i = 0; i < n; ++i)
        a[i] = r;
    }
  }
  #pragma omp target teams distribute num_teams(2) map(tofrom: a[0:n])
  for (int r = 0; r < 4; ++r) {
    #pragma omp parallel for schedule(static, d + 2 * e)
    for (int i = 0; i < n; ++i)
      a[i] = r;
  }
  int trace[2] = {0, 0};
  #pragma omp target teams num_teams(2) map(tofrom: a[0:n], trace)
  {
    int t = omp_get_team_num();
    while (trace[t] < 2) {
      trace[t] += 1;
      #pragma omp parallel for schedule(static, g)
      for (int i = 0; i < n; ++i)
        a[i] = trace[t];
    }
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  auto Param = [&](int I, const std::string &Name) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    REQUIRE(F.Regions[I].R.Translate);
    const Capture *C = findCapture(F.Regions[I].R, Name);
    REQUIRE(C);
    CHECK(C->InBody);
    CHECK(C->KernelParam == "int " + Name);
  };
  Param(0, "c");
  Param(1, "d");
  Param(1, "e");
  Param(2, "g");
  CHECK(contains(F.Output, "omp2cuda_f_L3(int *a, int n, int c)"));
}

TEST_CASE("a nested chunk size that names a C++ keyword variable is "
          "re-spelled as the file is",
          "[analysis][schedule][chunk]") {
  // Task b19: C's `new` and `class` are `new_` and `class_` in the whole
  // .cu, but the kernel's chunk text kept the user's spelling (nvcc:
  // "expected a type specifier").
  FileResult F = translateC(R"src(
void f(int *a, int n) {
  int new = 3, class = 2;
  #pragma omp target teams num_teams(2) map(tofrom: a[0:n])
  {
    #pragma omp distribute
    for (int r = 0; r < 4; ++r) {
      #pragma omp parallel for schedule(static, new + class)
      for (int i = 0; i < n; ++i)
        a[i] = r;
    }
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  REQUIRE(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "o2c_chunk3_ = new_ + class_;"));
  CHECK_FALSE(contains(F.Output, "= new + class"));
}

TEST_CASE("a region or device function that computes a long double keeps "
          "its region on the host, at the first such expression",
          "[analysis][types]") {
  // CUDA device code computes long double as double (nvcc #20208-D),
  // where the host build computes x87's 80-bit format: 1.0L / 3 * 3 - 1 is
  // -5.4e-20 on the host and 0 on a GPU.
  FileResult F = translateC(R"src(
#include <math.h>
#pragma omp declare target
static long double third(long double x) { return x / 3; }
static double viaLong(double x) {
  return (double)((long double)x / 3); }
static double twice(double x) { return x * 2; }
#pragma omp end declare target
static long double onHost(void) { long double h = 1.0L / 3; return h; }
double f(double d) {
  double r = 0;
  int n = 0;
#pragma omp target map(tofrom: r)
  { double e = d;
    long double x = e; r = (double)(x / 3); }
#pragma omp target map(tofrom: r)
  { r = d +
        1.0L; }
#pragma omp target map(tofrom: r)
  { r = (double)
        sqrtl(d); }
#pragma omp target map(tofrom: r)
  { r = (double)
        third(d); }
#pragma omp target map(tofrom: r)
  { r = viaLong(d); }
#pragma omp target map(tofrom: r, n)
  { n = (int)sizeof(long double) + (int)sizeof(1.0L); r = twice(d); }
  return r + (double)onHost() + n;
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 6);
  const std::pair<int, unsigned> At[] = {
      {0, 15}, {1, 17}, {2, 21}, {3, 24}, {4, 6}};
  for (auto [I, Line] : At) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostType);
    CHECK(contains(F.Regions[I].R.Reason, "long double"));
    CHECK(F.Regions[I].R.WhyPos.Line == Line);
  }
  // sizeof computes nothing (16 bytes on the device too), and host code
  // outside regions may use long double.
  CHECK(F.Regions[5].R.Translate);
}

TEST_CASE("a constant chunk above INT_MAX keeps the region on the host",
          "[analysis][schedule][chunk]") {
  // Review rG (g19): libomp takes a 32-bit loop's chunk as a kmp_int32, so
  // schedule(static, 4294967297ULL) is a chunk of 1 on the host and
  // 3000000000u a negative one (iterations in turn); the kernels used the
  // value itself (emu: every iteration on thread 0).
  FileResult F = translateC(R"src(
void f(int *t) {
  #pragma omp target parallel for schedule(static, 4294967297ULL) map(tofrom: t[0:64])
  for (unsigned i = 0; i < 64; i++) t[i] = 1;
  #pragma omp target teams distribute parallel for dist_schedule(static, 3000000000u) map(tofrom: t[0:64])
  for (int i = 0; i < 64; i++) t[i] = 2;
  #pragma omp target teams num_teams(1) map(tofrom: t[0:64])
  {
    #pragma omp parallel for schedule(static, 2147483648u)
    for (int i = 0; i < 64; i++) t[i] = 3;
  }
  #pragma omp target parallel for schedule(static, 2147483647) map(tofrom: t[0:64])
  for (int i = 0; i < 64; i++) t[i] = 4;
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  for (int I : {0, 1, 2}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(contains(F.Regions[I].R.Reason, "above INT_MAX"));
  }
  CHECK(F.Regions[3].R.Translate);
}
