// Regions in member functions defined in their class that name the class
// (kernels after the class), virtual calls on the device, and std::string
// reads on the device.
#include "FlatText.h"
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a region in a member defined in its class that names the class "
          "gets its kernel after the class",
          "[analysis][classahead]") {
  FileResult F = translateC(R"src(
struct S {
  int v = 3;
  S *clone() {
    S *p = nullptr;
#pragma omp target map(tofrom: p)
    { p = new S(); p->v = 5; }
    return p;
  }
  int size() {
    int n = 0;
#pragma omp target map(tofrom: n)
    n = (int)sizeof(S);
    return n;
  }
};
int main() { S s; return s.size() == 0; }
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  for (const auto &Reg : F.Regions) {
    INFO(Reg.R.Reason);
    CHECK(Reg.R.Translate);
    CHECK(Reg.R.ClassAhead == "struct S;");
  }
  // Declared ahead of the class; kernel and stub defined after it.
  size_t Fwd = F.Output.find("struct S;\nstatic bool omp2cuda_S_clone_L6_launch(");
  size_t Class = F.Output.find("struct S {");
  size_t Kernel = F.Output.find("__global__ void omp2cuda_S_clone_L6(");
  size_t End = F.Output.find("};", Class);
  CHECK(Fwd < Class);
  CHECK(Kernel != std::string::npos);
  CHECK(End < Kernel);
  CHECK(F.Output.find("__global__ void omp2cuda_S_size_L12(") > End);
}

TEST_CASE("a class template's such region keeps its kernel before the class; "
          "a class closed by '} x;' keeps it on the host",
          "[analysis][classahead]") {
  FileResult F = translateC(R"src(
template <class T> struct S {
  int f() {
    int n = 0;
#pragma omp target map(tofrom: n)
    n = (int)sizeof(S);
    return n;
  }
};
struct U {
  int f() {
    int n = 0;
#pragma omp target map(tofrom: n)
    n = (int)sizeof(U);
    return n;
  }
} u;
template struct S<int>;
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  // The kernel template names S<T>, looked up when it is instantiated
  // (class_template_self_test.cpp).
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "template <class T> struct S;"));
  CHECK(contains(F.Output, " = (int)sizeof(S<T>);"));
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason, "not alone at the end of its line"));
}

TEST_CASE("a virtual call runs on the device only on an object the device "
          "constructed",
          "[analysis][virtual]") {
  FileResult F = translateC(R"src(
struct B { virtual int get() = 0; };
struct D : B { int x = 1; int get() override { return x; } };
struct E : B { int get() override { return 2; } };
int run(B *devp, B *hostp) {
  int r = 0;
#pragma omp target map(tofrom: r) is_device_ptr(devp)
  r = devp->get();
#pragma omp target map(tofrom: r)
  { B *p = new D(); r += p->get(); }
#pragma omp target map(tofrom: r) map(tofrom: hostp[0:1])
  r += hostp->get();
#pragma omp target map(tofrom: r)
  { D d; r += d.get(); }
  return r;
}
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  INFO(F.Regions[1].R.Reason);
  CHECK(F.Regions[1].R.Translate);
  CHECK_FALSE(F.Regions[2].R.Translate);
  CHECK(contains(F.Regions[2].R.Reason,
                 "virtual function 'B::get' on an object that the device "
                 "may not have constructed"));
  CHECK(F.Regions[3].R.Translate);
  // Every function of the override family, the pure one included.
  CHECK(contains(F.Output, "__host__ __device__ virtual int get() = 0;"));
  CHECK(contains(F.Output, "__host__ __device__ int get() override { return x; }"));
  CHECK(contains(F.Output, "__host__ __device__ int get() override { return 2; }"));
}

TEST_CASE("a pointer the region reassigns is no proof of a device object",
          "[analysis][virtual]") {
  FileResult F = translateC(R"src(
struct B { virtual int get() { return 0; } };
int run(B *hostp) {
  int r = 0;
#pragma omp target map(tofrom: r) map(to: hostp[0:1])
  { B *p = new B(); p = hostp; r = p->get(); }
  return r;
}
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK_FALSE(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Regions[0].R.Reason, "may not have constructed"));
}

TEST_CASE("an object the device constructs needs its virtual functions there",
          "[analysis][virtual]") {
  FileResult F = translateC(R"src(
int host_only(int);
struct B { virtual int get() { return host_only(1); } int v = 0; };
int run() {
  int r = 0;
#pragma omp target map(tofrom: r)
  { B b; r = b.v; }
  return r;
}
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK_FALSE(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Regions[0].R.Reason, "host_only"));
}

TEST_CASE("std::string reads run on the device only under requires "
          "unified_shared_memory",
          "[analysis][devicecalls][string]") {
  const char *Body = R"src(
#include <string>
struct P { std::string name; int id; };
int count(std::string &s, P &p, int n) {
  int e = 0;
#pragma omp target map(to: s) map(tofrom: e, p)
  for (int i = 0; i <= n; ++i)
    if (s[i] != p.name[i])
      e++;
#pragma omp target map(tofrom: s)
  s[0] = 'x';
  return e;
}
)src";
  FileResult Plain = translateC(Body, /*Cxx=*/true);
  REQUIRE(Plain.Ok);
  CHECK_FALSE(Plain.Regions.at(0).R.Translate);
  CHECK(contains(Plain.Regions[0].R.Reason, "requires unified_shared_memory"));

  FileResult Usm = translateC(
      std::string("#pragma omp requires unified_shared_memory\n") + Body,
      /*Cxx=*/true);
  REQUIRE(Usm.Ok);
  INFO(Usm.Regions.at(0).R.Reason);
  CHECK(Usm.Regions.at(0).R.Translate);
  CHECK(contains(Usm.Output,
                 "o2c_dev::stringAt((*s), i) != o2c_dev::stringAt((*p).name, i)"));
  // A write stays on the host.
  CHECK_FALSE(Usm.Regions.at(1).R.Translate);
  CHECK(contains(Usm.Regions[1].R.Reason, "only reads"));
}

TEST_CASE("delete through a virtual destructor dispatches like a virtual call",
          "[analysis][virtual]") {
  FileResult F = translateC(R"src(
struct B { virtual ~B() {} int v = 0; };
struct D : B { ~D() override {} };
int run(B *hp) {
  int r = 0;
#pragma omp target map(tofrom: r)
  { B *p = new D(); r = p->v; delete p; }
#pragma omp target map(tofrom: r) map(to: hp[0:1])
  { delete hp; }
  return r;
}
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "__host__ __device__ virtual ~B() {}"));
  CHECK(contains(F.Output, "__host__ __device__ ~D() override {}"));
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason,
                 "deletes, through its virtual destructor, an object that "
                 "the device may not have constructed"));
}

TEST_CASE("a pointer initialised from a device-built one is one too",
          "[analysis][virtual]") {
  FileResult F = translateC(R"src(
struct B { virtual ~B() = 0; int v = 0; };
B::~B() {}
struct D : B { ~D() {} };
int run() {
  int r = 0;
#pragma omp target map(tofrom: r)
  { D *d = new D(); B *b = d; r = b->v; delete b; }
  return r;
}
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "__host__ __device__ B::~B() {}"));
}

TEST_CASE("a virtual call on an object the host built calls its overrider "
          "directly where the function shows the object's class",
          "[analysis][virtual]") {
  FileResult F = translateC(R"src(
struct B { virtual int get() const { return 0; } virtual ~B() {} };
struct D : B { int get() const override { return 1; } };
struct E : D { };
int run() {
  D d;
  const B *p = nullptr;
  p = &d;
  B *q = new E();
  B *r = q;
  int s = 0;
#pragma omp target map(tofrom: s) map(to: p[0:1], r[0:1])
  s = p->get() + (*r).get();
#pragma omp target map(tofrom: s)
  { E e; const B *own = &e; s += own->get(); }
  delete q;
  return s;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  // E's overrider is D's; the pointer's const stays.
  CHECK(contains(F.Output, "(*s) = static_cast<const D *>(p)->D::get() + "
                           "(*static_cast<E *>(r)).D::get();"));
  // The host fallback dispatches as written.
  CHECK(contains(F.Output, "  s = p->get() + (*r).get();"));
  // A pointer the region declares (in its captured declaration, which
  // the walk took for the function before).
  INFO(F.Regions.at(1).R.Reason);
  CHECK(F.Regions.at(1).R.Translate);
  CHECK(contains(F.Output, "(*s) += static_cast<const E *>(own)->D::get();"));
  CHECK(contains(F.Output, "__host__ __device__ virtual int get() const"));
}

TEST_CASE("a direct call needs the whole object in the storage mapped "
          "through the pointer",
          "[analysis][virtual]") {
  // p[0:1] maps sizeof(B) bytes: D's k lies past them, and MI's B is not
  // at its start (review rF2: emu 29 where the host prints 39).
  FileResult F = translateC(R"src(
struct B { virtual int f(int x) const { return x + 1; } };
struct D : B { int k = 5; int f(int x) const override { return x * 10 + k; } };
struct M { virtual int g() const { return 0; } int pad = 1; };
struct MI : M, B { int f(int x) const override { return x - 7; } };
int larger() {
  int r = 0; D d; d.k = 9; B *p = &d;
#pragma omp target map(tofrom: r) map(to: p[0:1])
  r = p->f(3);
  return r;
}
int offset() {
  int r = 0; MI mi; B *p = &mi;
#pragma omp target map(tofrom: r) map(to: p[0:1])
  r = p->f(4);
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  for (const auto &Reg : F.Regions) {
    INFO(Reg.R.Reason);
    CHECK_FALSE(Reg.R.Translate);
    CHECK(contains(Reg.R.Reason, "does not hold the whole object"));
  }
}

TEST_CASE("a virtual call on a host-built object of unknown class stays on "
          "the host",
          "[analysis][virtual]") {
  FileResult F = translateC(R"src(
struct B { virtual int get() { return 0; } };
struct D : B { int get() override { return 1; } };
struct P : B { private: int get() override { return 2; } };
struct O : B { int get() override { return 3; } int get(int) { return 4; } };
struct A { virtual int f(int k = 1) { return k; } };
struct AD : A { int f(int k = 2) override { return k; } };
struct C { virtual C *self() { return this; } };
struct CD : C { CD *self() override { return this; } };
struct Out { struct In : B { int get() override { return 5; } }; };
void set(B **pp);
int two(bool c) {
  D d; B b; B *p = &b; if (c) p = &d; int s = 0;
#pragma omp target map(tofrom: s)
  s = p->get();
  return s;
}
int escapes() {
  D d; B *p = &d; set(&p); int s = 0;
#pragma omp target map(tofrom: s)
  s = p->get();
  return s;
}
int param(B *p) {
  int s = 0;
#pragma omp target map(tofrom: s)
  s = p->get();
  return s;
}
int hidden() {
  P x; B *p = &x; int s = 0;
#pragma omp target map(tofrom: s)
  s = p->get();
  return s;
}
int overloads() {
  O x; B *p = &x; int s = 0;
#pragma omp target map(tofrom: s)
  s = p->get();
  return s;
}
int defaults() {
  AD x; A *p = &x; int s = 0;
#pragma omp target map(tofrom: s)
  s = p->f();
  return s;
}
int covariant() {
  CD x; C *p = &x; int s = 0;
#pragma omp target map(tofrom: s)
  { auto q = p->self(); s = q != 0; }
  return s;
}
int nested() {
  Out::In x; B *p = &x; int s = 0;
#pragma omp target map(tofrom: s)
  s = p->get();
  return s;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 8);
  const char *Why[] = {"does not show which class",
                       "does not show which class",
                       "does not show which class",
                       "does not name its overrider publicly",
                       "declares other functions of its name",
                       "takes a default argument",
                       "return type is covariant",
                       "is a member of a class"};
  for (size_t I = 0; I < 8; ++I) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostCall);
    CHECK(contains(F.Regions[I].R.Reason, "may not have constructed"));
    CHECK(contains(F.Regions[I].R.Reason, Why[I]));
  }
}

TEST_CASE("a virtual operator written as an operator dispatches too",
          "[analysis][virtual]") {
  // Translated before: the kernel dispatched through the host's table.
  FileResult F = translateC(R"src(
struct B { virtual int operator()(int x) { return x; }
           virtual int operator[](int x) { return x; } };
struct D : B { int operator()(int x) override { return 2 * x; }
               int operator[](int x) override { return 3 * x; } };
int run(B *p) {
  int r = 0;
#pragma omp target map(tofrom: r) map(to: p[0:1])
  r = (*p)(3);
#pragma omp target map(tofrom: r) map(to: p[0:1])
  r = (*p)[1];
#pragma omp target map(tofrom: r)
  { B *q = new D(); r = (*q)(3) + (*q)[1]; delete q; }
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  for (int I : {0, 1}) {
    INFO(F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(contains(F.Regions[I].R.Reason, "may not have constructed"));
  }
  INFO(F.Regions[2].R.Reason);
  CHECK(F.Regions[2].R.Translate);
  CHECK(
      contains(F.Output, "__host__ __device__ int operator()(int x) override"));
}

TEST_CASE("a call whose object's class the function shows is direct also "
          "through an is_device_ptr pointer",
          "[analysis][virtual]") {
  // It dispatched before, through what the device-built rule presumes is
  // the device's table: a use_device_ptr address of a host-built object
  // holds the host's.
  FileResult F = translateC(R"src(
struct B { virtual int get() { return 0; } };
struct D : B { int k = 1; int get() override { return k; } };
int run() {
  D d; D *dp = &d; B *p = &d; int r = 0;
#pragma omp target data map(to: dp[0:1]) use_device_ptr(p)
  {
#pragma omp target is_device_ptr(p) map(tofrom: r)
    r = p->get();
  }
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  INFO(F.Regions[1].R.Reason);
  CHECK(F.Regions[1].R.Translate);
  CHECK(contains(F.Output, "(*r) = static_cast<D *>(p)->D::get();"));
}

TEST_CASE("a virtual call in a function the region calls dispatches where "
          "the function built its object itself",
          "[analysis][virtual]") {
  // Stayed on the host before: only a region's own `new` or an
  // is_device_ptr pointer counted as device-built.
  FileResult F = translateC(R"src(
struct B { virtual ~B() {} virtual int get() const { return 0; } };
struct D : B { int k = 1; int get() const override { return k; } };
struct E : B { int get() const override { return 2; } };
int both(int c) {
  D d; E e; const B *p = nullptr;
  p = c ? &d : nullptr;
  if (c > 1) p = &e;
  B *h = new E(); B *q = h;
  int r = p->get() + q->get();
  delete q;
  return r;
}
int param(const B *p) { return p->get(); }
int byValue(D d) { const B *p = &d; return p->get(); }
int kept() { static D d; const B *p = &d; return p->get(); }
int escapes(const B *g) { D d; const B *p = &d; const B **pp = &p; *pp = g;
                          return p->get(); }
int run(const B *hp) {
  int r = 0;
#pragma omp target map(tofrom: r)
  r = both(1) + both(2);
#pragma omp target map(tofrom: r)
  { D d; E e; const B *p = &d; if (r) p = &e; r = p->get(); }
#pragma omp target map(tofrom: r) map(to: hp[0:1])
  r = param(hp);
#pragma omp target map(tofrom: r)
  r = byValue(D());
#pragma omp target map(tofrom: r)
  r = kept();
#pragma omp target map(tofrom: r)
  r = escapes(nullptr);
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 6);
  for (int I : {0, 1}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK(F.Regions[I].R.Translate);
  }
  CHECK(contains(F.Output, "__host__ __device__ int both(int c)"));
  CHECK(contains(F.Output, "__host__ __device__ int get() const override { "
                           "return 2; }"));
  for (int I : {2, 3, 4, 5}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostCall);
    CHECK(contains(F.Regions[I].R.Reason, "in a function the region calls"));
  }
}

TEST_CASE("a polymorphic object named in a map clause is mapped; its virtual "
          "calls name their overrider",
          "[analysis][virtual]") {
  // On the host before ("has virtual functions"). The kernel reaches the
  // copy through a pointer, where `(*sq).get()` would dispatch through
  // the host's table: the call is qualified.
  FileResult F = translateC(R"src(
struct B { virtual ~B() {} virtual int get() const { return 0; }
           virtual int operator()(int x) const { return x; } };
struct D : B { int k = 1; int get() const override { return k; } };
struct VB : virtual B { int get() const override { return 3; } };
int use(const B &b) { return b.get(); }
int run() {
  D sq; VB vb; int r = 0;
#pragma omp target map(tofrom: sq, r)
  { r = sq.get(); sq.k = 4; }
#pragma omp target map(tofrom: r)
  r = sq.get() + sq.D::get();
#pragma omp target map(tofrom: r, vb)
  r = 1;
#pragma omp target firstprivate(sq) map(tofrom: r)
  r = sq.get();
#pragma omp target map(tofrom: r, sq)
  r = use(sq);
#pragma omp target map(tofrom: r, sq)
  r = sq(2);
#pragma omp target map(tofrom: r)
  { D own; r = own.get(); }
#pragma omp target map(tofrom: r, sq)
  { B *p = &sq; r = dynamic_cast<D *>(p) != nullptr; }
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 8);
  // dynamic_cast reads the host's table here (and nvcc rejects it in
  // device code): translated before.
  CHECK_FALSE(F.Regions[7].R.Translate);
  CHECK(contains(F.Regions[7].R.Reason, "it uses dynamic_cast"));
  for (int I : {0, 1, 3, 6}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK(F.Regions[I].R.Translate);
  }
  // A firstprivate copy is the host's bytes too (a kernel parameter).
  CHECK(contains(F.Output, "(*r) = sq.D::get();"));
  CHECK(contains(F.Output, "{ (*r) = (*sq).D::get(); (*sq).k = 4; }"));
  CHECK(contains(F.Output, "(*r) = (*sq).D::get() + (*sq).D::get();"));
  // A local object is the device's own: its call is left as written.
  CHECK(contains(F.Output, "{ D own; (*r) = own.get(); }"));
  // Base and overrider alike run on both sides (nvcc requires it).
  CHECK(contains(F.Output, "__host__ __device__ virtual int get() const"));
  INFO(F.Regions[2].R.Reason);
  CHECK_FALSE(F.Regions[2].R.Translate);
  CHECK(F.Regions[2].R.Why == DiagId::HostType);
  CHECK(contains(F.Regions[2].R.Reason, "virtual bases"));
  for (int I : {4, 5}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostCall);
  }
  CHECK(contains(F.Regions[5].R.Reason, "it is written as an operator"));
}

TEST_CASE("pointers loaded from mapped objects are dereferenced on the device "
          "only under requires unified_shared_memory",
          "[analysis][usm]") {
  // Maps copy without the requirement: g.u on the device would still hold
  // the host's address. With it, maps are the identity (zero-copy).
  const char *Body = R"src(
struct Grid { double *u; double *v; int n; };
struct Holder { Grid *grid; };
void step(Grid &g, Holder &h) {
#pragma omp target map(to: g)
  for (int i = 0; i < g.n; ++i)
    g.v[i] = 2 * g.u[i];
#pragma omp target map(to: h)
  h.grid->v[0] += 1;
}
)src";
  FileResult Plain = translateC(Body, /*Cxx=*/true);
  REQUIRE(Plain.Ok);
  CHECK_FALSE(Plain.Regions.at(0).R.Translate);
  CHECK(contains(Plain.Regions[0].R.Reason, "host's address"));

  FileResult Usm = translateC(
      std::string("#pragma omp requires unified_shared_memory\n") + Body,
      /*Cxx=*/true);
  REQUIRE(Usm.Ok);
  INFO(Usm.Regions.at(0).R.Reason);
  CHECK(Usm.Regions.at(0).R.Translate);
  INFO(Usm.Regions.at(1).R.Reason);
  CHECK(Usm.Regions.at(1).R.Translate);

  // A declare target variable has a device copy of its own, which a host
  // pointer held in mapped memory cannot mean: the refusal stays.
  FileResult Declared = translateC(
      std::string("#pragma omp requires unified_shared_memory\n"
                  "double table[4];\n#pragma omp declare target(table)\n") +
          Body,
      /*Cxx=*/true);
  REQUIRE(Declared.Ok);
  CHECK_FALSE(Declared.Regions.at(0).R.Translate);
  CHECK(contains(Declared.Regions[0].R.Reason, "host's address"));
}

TEST_CASE("a member the region only reads goes by value, the device copy's "
          "where it is present",
          "[analysis][members]") {
  // OpenMP maps this[:1]: a region before may have written the member's
  // device copy (scratch ts1.cpp: the host's value was passed).
  FileResult F = translateC(R"src(
struct C {
  double scale;
  int k;
  void use(int *out) {
#pragma omp target map(from: out[0:2])
    { out[0] = (int)(scale * 10); out[1] = k; }
  }
  void fp(int *out) {
#pragma omp target map(from: out[0:1]) defaultmap(firstprivate: aggregate)
    out[0] = k;
  }
};
int main() { C c{1, 1}; int o[2]; c.use(o); c.fp(o); return o[0]; }
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.LeftOnHost == 0);
  // The value at the call for the clauses, the address for the device copy.
  std::string Out = flat(F.Output);
  CHECK(contains(Out, "double scale, const double *o2c_at_scale"));
  CHECK(contains(Out, "int k, const int *o2c_at_k)"));
  CHECK(contains(Out, "this->scale, &this->scale, this->k, &this->k)"));
  CHECK(contains(Out, "const auto o2c_start_scale = o2c_region.startValue(*o2c_at_scale);"));
  CHECK(contains(Out, "const auto o2c_start_k = o2c_region.startValue(*o2c_at_k);"));
  // defaultmap(firstprivate: aggregate) makes *this firstprivate: the host's.
  CHECK(contains(F.Output, "omp2cuda_C_fp_L10_launch(int *out, int k)"));
}

TEST_CASE("a loop bound read from a member only read counts the trip with "
          "the device copy's value",
          "[analysis][members]") {
  // The kernel's bound is the device copy's value: the stub's trip count
  // (grid size, one-pass variant) must use the same one.
  FileResult F = translateC(R"src(
struct V {
  int n;
  int off;
  void fill(int *out) {
#pragma omp target teams distribute parallel for map(from: out[0:64])
    for (int i = off; i < n; ++i)
      out[i] = i;
  }
};
int main() { V v{8, 1}; int o[64]; v.fill(o); return o[0]; }
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.LeftOnHost == 0);
  std::string Out = flat(F.Output);
  CHECK(contains(Out, "const auto o2c_start_n = o2c_region.startValue(*o2c_at_n);"));
  // The trip is counted where n and off name the start values, the
  // kernel's (after the maps: an `always` map refreshes the device copy).
  CHECK(contains(Out, "const auto o2c_start_n") );
  CHECK(Out.find("const auto o2c_start_n") > Out.find("o2c_region.map"));
  CHECK(contains(Out, "o2c_trip = [&] { const auto n = o2c_start_n; (void)n; "
                      "const auto off = o2c_start_off; (void)off; return "));
  CHECK(contains(Out, "(unsigned int)n - (unsigned int)off"));
}

TEST_CASE("a bit-field member only read keeps the host's value",
          "[analysis][members]") {
  // No reference reaches a bit-field's device copy (one would bind a
  // temporary that a deferred task outlives): by value, as before.
  FileResult F = translateC(R"src(
struct B {
  unsigned f : 4;
  int k;
  void use(int *out) {
#pragma omp target map(from: out[0:2]) nowait
    { out[0] = f; out[1] = k; }
#pragma omp taskwait
  }
};
int main() { B b{3, 1}; int o[2]; b.use(o); return o[0]; }
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.LeftOnHost == 0);
  CHECK_FALSE(contains(F.Output, "o2c_start_f"));
  CHECK(contains(F.Output, "const auto o2c_start_k = o2c_region.startValue(*o2c_at_k);"));
}
