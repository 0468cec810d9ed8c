// Regions of templates whose types come from the template: loop variables
// of a parameter's type, members of dependent type, `auto` deduced from a
// dependent initialiser (issue 10, point 4; OpenMP_VV's
// lsms_triangular_packing).
#include "ToolTestUtil.h"

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a loop variable of a template parameter's type is an integer "
          "in every instantiation, as wide as the widest",
          "[analysis][templates]") {
  FileResult F = translateC(R"src(
template <typename I> void ramp(I n, float *p) {
#pragma omp target teams distribute parallel for map(from: p[0:n])
  for (I i = 0; i < n; ++i) p[i] = i;
}
template <typename I> void narrow(I n, float *p) {
#pragma omp target teams distribute parallel for map(from: p[0:n])
  for (I i = 0; i < n; ++i) p[i] = i;
}
void g(float *p) { ramp(10, p); ramp(10LL, p); narrow((short)3, p); narrow(3, p); }
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  const Region &Ramp = F.Regions[0].R;
  REQUIRE(Ramp.Translate);
  REQUIRE(Ramp.Loops.size() == 1);
  CHECK(Ramp.Loops[0].VarType == "I");
  CHECK(Ramp.Loops[0].Is64Bit);  // long long
  CHECK(!Ramp.Loops[0].Narrow);
  const Region &Narrow = F.Regions[1].R;
  REQUIRE(Narrow.Translate);
  CHECK(!Narrow.Loops[0].Is64Bit);
  CHECK(Narrow.Loops[0].Narrow); // short
}

TEST_CASE("a loop variable of a template parameter's type that some "
          "instantiation makes a class, or none shows, stays on the host",
          "[analysis][templates]") {
  FileResult F = translateC(R"src(
struct Idx {
  int v;
  Idx(int x) : v(x) {}
  bool operator<(const Idx &o) const { return v < o.v; }
  Idx &operator++() { ++v; return *this; }
  operator int() const { return v; }
};
template <typename I> void ramp(I n, float *p) {
#pragma omp target teams distribute parallel for map(from: p[0:10])
  for (I i = 0; i < n; ++i) p[i] = i;
}
template <typename I> void unused(I n, float *p) {
#pragma omp target teams distribute parallel for map(from: p[0:10])
  for (I i = 0; i < n; ++i) p[i] = i;
}
void g(float *p) { ramp(10, p); ramp(Idx(10), p); }
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  const Region &Ramp = F.Regions[0].R;
  CHECK(!Ramp.Translate);
  CHECK(Ramp.Why == DiagId::HostLoop);
  CHECK(contains(Ramp.Reason, "is of type 'Idx', not an integer type"));
  const Region &Unused = F.Regions[1].R;
  CHECK(!Unused.Translate);
  CHECK(Unused.Why == DiagId::HostLoop);
  CHECK(contains(Unused.Reason, "no instantiation shows"));
}

TEST_CASE("a non-rectangular collapse over template-typed loop variables "
          "distributes its rectangular levels",
          "[analysis][templates]") {
  FileResult F = translateC(R"src(
template <typename I> void tri(I m, double *p) {
#pragma omp target teams distribute parallel for collapse(3) map(from: p[0:m*m*4])
  for (I j = 0; j < m; ++j)
    for (I j0 = 0; j0 < 4; ++j0)
      for (I i = j; i < m; ++i) p[(j * 4 + j0) * m + i] = 1;
}
void g(double *p) { tri(5, p); }
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  const Region &R = F.Regions[0].R;
  REQUIRE(R.Translate);
  CHECK(R.Loops.size() == 2);
  CHECK(contains(F.Output, "I j0 = (I)("));
}

TEST_CASE("a member of a type that depends on the template is written only "
          "if an instantiation writes it",
          "[analysis][templates]") {
  FileResult F = translateC(R"src(
struct Buf { typedef long size_type; };
template <class C> struct View {
  typedef typename C::size_type index;
  double *p;
  index n;
  void zero() {
#pragma omp target teams distribute parallel for map(from: p[0:n])
    for (int i = 0; i < n; ++i) p[i] = 0;
  }
  void count() {
#pragma omp target map(tofrom: p[0:1])
    { n = n + 1; p[0] = n; }
  }
};
void g(View<Buf> &v) { v.zero(); v.count(); }
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  const Region &Zero = F.Regions[0].R;
  REQUIRE(Zero.Translate);
  REQUIRE(findCapture(Zero, "n"));
  CHECK(!findCapture(Zero, "n")->Written);
  // Written in the instantiation: mapped through `this`, as OpenMP does.
  const Region &Count = F.Regions[1].R;
  REQUIRE(Count.Translate);
  REQUIRE(findCapture(Count, "n"));
  CHECK(findCapture(Count, "n")->Written);
}

TEST_CASE("a variable whose 'auto' type a template deduces per "
          "instantiation stays on the host",
          "[analysis][templates]") {
  FileResult F = translateC(R"src(
struct Buf { double *p; int n; };
template <class T> void fill(T &c) {
  auto *p = c.p;
#pragma omp target teams distribute parallel for map(from: p[0:c.n])
  for (int i = 0; i < c.n; ++i) p[i] = i;
}
template <class T> void fill2(T &c) {
  auto *p = (double *)c.p;
#pragma omp target teams distribute parallel for map(from: p[0:c.n])
  for (int i = 0; i < c.n; ++i) p[i] = i;
}
void g(Buf &b) { fill(b); fill2(b); }
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  const Region &R = F.Regions[0].R;
  CHECK(!R.Translate);
  CHECK(R.Why == DiagId::HostType);
  CHECK(contains(R.Reason, "'p' has a type deduced ('auto')"));
  // A non-dependent initialiser deduces in the pattern already.
  CHECK(F.Regions[1].R.Translate);
}

TEST_CASE("a reduction of a template parameter's type nested in a template "
          "region is budgeted without its size",
          "[analysis][templates]") {
  // The scratch budget asked the size of the dependent type 'T': Clang
  // recursed until the stack overflowed (OpenMP_VV gemv_target_reduction).
  FileResult F = translateC(R"src(
template <typename T> void gemv(int n, const T *a, const T *v, T *out) {
#pragma omp target teams distribute map(to: a[:n*n], v[:n]) map(from: out[:n])
  for (int r = 0; r < n; r++) {
    T sum = T(0);
#pragma omp parallel for reduction(+: sum)
    for (int c = 0; c < n; c++) sum += a[r * n + c] * v[c];
    out[r] = sum;
  }
}
void g(const double *a, const double *v, double *o, const float *fa,
       const float *fv, float *fo) {
  gemv(4, a, v, o); gemv(4, fa, fv, fo);
}
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  const Region &R = F.Regions[0].R;
  REQUIRE(R.Translate);
  CHECK(R.Spmd.ScratchBytes == 32 * 16);
  CHECK(R.Spmd.ScratchTypes == "T"); // ScratchWords<T> in the kernel
}

TEST_CASE("a variable template's specialisation used in a region is a "
          "capture of its own, named with its arguments",
          "[analysis][templates][captures]") {
  // The stub was called with `::scale` (no arguments: a build error), and
  // the kernel's parameter `scale` was read as `scale<double>`.
  FileResult F = translateC(R"src(
template <class T> T scale = T(2);
namespace ns { template <class T, int N> T pw = T(N); }
struct K {
  template <class T> static constexpr T factor = T(3);
  template <class T> static T mul;
};
template <class T> T K::mul = T(5);
void f(double *a, float *b, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n])
  for (int i = 0; i < n; i++)
    a[i] = a[i] * scale<double> + b[i] * scale<float> + ns::pw<double, 3>;
#pragma omp target map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) a[i] *= K::mul<double> + K::factor<double>;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  for (const auto &FR : F.Regions)
    REQUIRE(FR.R.Translate);
  const Region &R = F.Regions[0].R;
  const Capture *D = findCapture(R, "scale_double");
  const Capture *Fl = findCapture(R, "scale_float");
  const Capture *P = findCapture(R, "pw_double_3");
  REQUIRE(D);
  REQUIRE(Fl);
  REQUIRE(P);
  CHECK(D->CallArg == "::scale<double>");
  CHECK(Fl->CallArg == "::scale<float>");
  CHECK(P->CallArg == "::ns::pw<double, 3>");
  CHECK(contains(F.Output, "a[i] = a[i] * scale_double + b[i] * scale_float + "
                           "pw_double_3;"));
  const Region &M = F.Regions[1].R;
  const Capture *Mul = findCapture(M, "mul_double");
  const Capture *Fac = findCapture(M, "factor_double");
  REQUIRE(Mul);
  REQUIRE(Fac);
  CHECK(Mul->CallArg == "K::mul<double>");
  CHECK(Fac->CallArg == "K::factor<double>");
  CHECK(contains(F.Output, "a[i] *= mul_double + factor_double;"));
}

TEST_CASE("a template's region that reaches a global through a dependent "
          "name stays on the host",
          "[analysis][templates][captures]") {
  // The kernel, printed from the pattern, named the host's `scale<T>` and
  // `C::f`: nvcc rejects a host variable read in device code.
  FileResult F = translateC(R"src(
template <class T> T scale = T(2);
struct K { static double f; static constexpr double g = 2; };
double K::f = 4;
template <class T, class C> void work(T *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) a[i] *= scale<T>;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) a[i] *= C::f;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) a[i] *= C::g + scale<int> + K::f;
}
void g(double *a) { work<double, K>(a, 8); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  const Region &Var = F.Regions[0].R;
  CHECK(!Var.Translate);
  CHECK(Var.Why == DiagId::HostContext);
  CHECK(contains(Var.Reason, "'scale<double>'"));
  const Region &Member = F.Regions[1].R;
  CHECK(!Member.Translate);
  CHECK(Member.Why == DiagId::HostContext);
  CHECK(contains(Member.Reason, "'K::f'"));
  // A constant through a dependent name, and globals named outright, are
  // what they were.
  const Region &Ok = F.Regions[2].R;
  CHECK(Ok.Translate);
  CHECK(findCapture(Ok, "scale_int"));
  CHECK(findCapture(Ok, "f"));
}

TEST_CASE("a fold expression as a region's whole body has its instantiations "
          "checked",
          "[analysis][pack]") {
  // The instantiated fold loses its parentheses, so its copies, matched by
  // their end too, were not found: twice stayed __host__ (nvcc: calling a
  // __host__ function) and hostonly's region was translated.
  FileResult F = translateC(R"src(
template <class T> int twice(T x) { return 2 * (int)x; }
int hostonly(int x);
template <class... Ts> int f(Ts... xs) {
  int r = 0;
#pragma omp target map(tofrom: r)
  r = (0 + ... + twice(xs));
  return r;
}
template <class... Ts> int h(Ts... xs) {
  int r = 0;
#pragma omp target map(tofrom: r)
  r = (0 + ... + hostonly(xs));
  return r;
}
int use() { return f(1, 2.5) + h(3); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "template <class T> __host__ __device__ int twice"));
  INFO(F.Regions[1].R.Reason);
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(F.Regions[1].R.Why == DiagId::HostCall);
}

TEST_CASE("a pack whose elements are of a type declared inside a function "
          "stays on the host",
          "[analysis][pack]") {
  // The element types are the kernel's template arguments, where nvcc
  // refuses a local type ("A type defined inside a __host__ function"):
  // translated before.
  FileResult F = translateC(R"src(
template <class... Ts> double f(Ts... xs) {
  double r = 0;
#pragma omp target map(tofrom: r)
  { r = (0.0 + ... + (double)xs); }
  return r;
}
template <class... Ts> int g(Ts... ps) {
  int r = 0;
#pragma omp target map(tofrom: r)
  { r = sizeof...(ps); }
  return r;
}
double use() {
  enum E { A = 3 };
  struct S { int v; };
  S s{4};
  S *sp = &s;
  return f(1, A) + f(2.0) + g(sp) + g(&s.v);
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  for (int I : {0, 1}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostType);
  }
  CHECK(contains(F.Regions[0].R.Reason, "'E' is of a type declared inside"));
  CHECK(contains(F.Regions[1].R.Reason, "'S *' is of a type declared inside"));
}
