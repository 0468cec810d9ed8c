// Sections of pointer members on target regions (`v.p[0:n]`, `v.in.p[lo:len]`,
// `w->p[0:n]`; issue 10): the stub maps the struct, then the section, and
// attaches the member (RegionMemberItems.cpp). Shapes left out stay on the
// host with a warning at the item.
#include "FlatText.h"
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a pointer member's section on a target region maps the struct "
          "and attaches the member",
          "[analysis][attach][members]") {
  FileResult F = translateC(R"src(
struct In { int k; int *p; };
struct V { int n; int *p; struct In in; };
void f(struct V *w, int n) {
  struct V v;
  #pragma omp target map(tofrom: v.p[0:n])
  for (int i = 0; i < n; ++i) v.p[i] += v.n;
  #pragma omp target map(to: v.in.p[2:4])
  v.in.k = v.in.p[2];
  #pragma omp target map(tofrom: w->p[0:8])
  w->p[0] = 1;
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> Rs = targetRegions(F);
  REQUIRE(Rs.size() == 3);
  for (const Region *R : Rs)
    CHECK(R->Translate);
  std::string Out = flat(F.Output);
  CHECK(contains(Out, "auto *v_d = o2c_region.mapObject(v, o2c::MapToFrom | "
                      "o2c::MapImplicit);"));
  CHECK(contains(Out, "o2c_region.map((v.p) + (0), (size_t)(n) * "
                      "sizeof(*(v.p)), o2c::MapToFrom);"));
  CHECK(contains(Out, "o2c_region.attachSection(&(v.p), 0);"));
  CHECK(contains(Out, "o2c_region.map((v.in.p) + (2), (size_t)(4) * "
                      "sizeof(*(v.in.p)), o2c::MapTo);"));
  CHECK(contains(Out, "o2c_region.attachSection(&(v.in.p), 2);"));
  // w->p: the one object w points to, then the section.
  CHECK(contains(Out, "auto *w_d = o2c_region.mapSection(w, 0, 1, "
                      "o2c::MapToFrom | o2c::MapImplicit);"));
  CHECK(contains(Out, "o2c_region.attachSection(&(w->p), 0);"));
  const Capture *V = findCapture(*Rs[0], "v");
  REQUIRE(V);
  CHECK(V->How == Passing::MappedObject);
  REQUIRE(Rs[0]->PointerMaps.size() == 1);
  CHECK(Rs[0]->PointerMaps[0].Base == "v.p");
  CHECK(Rs[0]->PointerMaps[0].AttachBase);
}

TEST_CASE("a pointer member's section keeps the struct's own map and "
          "defaultmap does not make the struct firstprivate",
          "[analysis][attach][members]") {
  FileResult F = translateC(R"src(
struct V { int n; int *p; };
void f(int n) {
  struct V v;
  #pragma omp target map(tofrom: v.p[0:n]) map(to: v)
  v.p[0] = v.n;
  #pragma omp target map(tofrom: v.p[0:n]) defaultmap(firstprivate: aggregate)
  v.p[0] = v.n;
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> Rs = targetRegions(F);
  REQUIRE(Rs.size() == 2);
  CHECK(Rs[0]->Translate);
  CHECK(Rs[1]->Translate);
  std::string Out = flat(F.Output);
  CHECK(contains(Out, "o2c_region.mapObject(v, o2c::MapTo);"));
  const Capture *V = findCapture(*Rs[1], "v");
  REQUIRE(V);
  CHECK(V->How == Passing::MappedObject);
}

TEST_CASE("member sections other than on a pointer member of a struct "
          "variable stay on the host, the warning at the item",
          "[analysis][attach][members]") {
  const std::string Code = R"src(
struct In { int *p; };
struct V { int n; int *p; int *q; int a[8]; struct In *ip; };
void f(struct V *w) {
  struct V v;
  struct V arr[2];
  #pragma omp target map(tofrom: v) map(tofrom: v.a[0:4])
  v.a[0] = 1;
  #pragma omp target map(tofrom: v.ip->p[0:8])
  v.ip->p[0] = 1;
  #pragma omp target map(tofrom: arr[1].p[0:4])
  arr[1].p[0] = 1;
  #pragma omp target map(tofrom: w[1:1]) map(tofrom: w->p[0:8])
  w->p[0] = 1;
  #pragma omp target map(tofrom: w->p[0:8]) map(tofrom: w)
  w->p[0] = 1;
  #pragma omp target map(tofrom: v.p[0:8])
  v.q[0] = 1;
})src";
  FileResult F = translateC(Code);
  REQUIRE(F.Ok);
  std::vector<const Region *> Rs = targetRegions(F);
  REQUIRE(Rs.size() == 6);
  for (const Region *R : Rs) {
    CHECK_FALSE(R->Translate);
    CHECK(R->Why == DiagId::HostClause);
  }
  CHECK(contains(Rs[0]->Reason, "another item maps 'v' itself; a member "
                                "item, or one inside an array member"));
  CHECK(Rs[0]->WhyPos.Line == lineOf(Code, "v.a[0:4]"));
  CHECK(Rs[0]->WhyPos.Col == 49);
  CHECK(contains(Rs[1]->Reason, "not reached through a pointer variable"));
  CHECK(contains(Rs[2]->Reason, "not reached by '.' from a struct variable"));
  CHECK(contains(Rs[3]->Reason, "needs its struct 'w' mapped"));
  CHECK(Rs[3]->WhyPos.Line == lineOf(Code, "w[1:1]"));
  CHECK(Rs[3]->WhyPos.Col == 54);
  CHECK(contains(Rs[4]->Reason, "needs its struct 'w' mapped"));
  // Only the member the item maps through is attached (AttachedPaths).
  CHECK(contains(Rs[5]->Reason, "a pointer held in 'v' is dereferenced"));
}

TEST_CASE("a section of a pointer member of a struct member of 'this' maps "
          "the member the stub takes",
          "[analysis][attach][members]") {
  const std::string Code = R"src(
struct In { int k; int *p; };
struct V { int n; int *p; In in; int a[4]; };
struct H {
  V v;
  V *vp;
  int m;
  void run(int k) {
    #pragma omp target map(tofrom: this->v.in.p[1:m])
    for (int i = 1; i < m; ++i) v.in.p[i] *= k;
    #pragma omp target map(tofrom: vp->p[0:m])
    vp->p[0] = k;
    #pragma omp target map(tofrom: v.a[0:2])
    v.a[0] = k;
  }
};)src";
  FileResult F = translateC(Code, true);
  REQUIRE(F.Ok);
  std::vector<const Region *> Rs = targetRegions(F);
  REQUIRE(Rs.size() == 3);
  CHECK(Rs[0]->Translate);
  std::string Out = flat(F.Output);
  CHECK(contains(Out, "auto *v_d = o2c_region.mapObject(v, o2c::MapToFrom | "
                      "o2c::MapImplicit);"));
  CHECK(contains(Out, "o2c_region.map((v.in.p) + (1), (size_t)(m) * "
                      "sizeof(*(v.in.p)), o2c::MapToFrom);"));
  CHECK(contains(Out, "o2c_region.attachSection(&(v.in.p), 1);"));
  CHECK(contains(Out, "_launch(k, this->v, this->m, &this->m)"));
  CHECK_FALSE(Rs[1]->Translate);
  CHECK(contains(Rs[1]->Reason, "not reached through a pointer variable"));
  CHECK(Rs[1]->WhyPos.Line == lineOf(Code, "vp->p[0:m]"));
  // this->v.a[0:2]: inside the member v, which the stub maps whole.
  CHECK(Rs[2]->Translate);
}

TEST_CASE("a dependent member's section in a template translates when every "
          "instantiation makes it a pointer member of the same holder",
          "[analysis][attach][members][templates]") {
  const std::string Code = R"src(
template <class T> struct Vec { T *p; int n; };
struct A { int *p; };
struct B { int p[8]; };
template <class T> struct H {
  Vec<T> v;
  void run(T k) {
    #pragma omp target map(tofrom: v.p[0:8])
    for (int i = 0; i < 8; ++i) v.p[i] += k;
  }
};
template <class S> void both(S s) {
  #pragma omp target map(tofrom: s.p[0:8])
  { }
}
template <class T> void never(Vec<T> w) {
  #pragma omp target map(tofrom: w.p[0:8])
  { }
}
void use() {
  H<int> h; h.run(1);
  H<float> g; g.run(2);
  A a; both(a);
  B b; both(b);
})src";
  FileResult F = translateC(Code, true);
  REQUIRE(F.Ok);
  std::vector<const Region *> Rs = targetRegions(F);
  REQUIRE(Rs.size() == 3);
  CHECK(Rs[0]->Translate);
  std::string Out = flat(F.Output);
  CHECK(contains(Out, "template <class T> static bool "
                      "omp2cuda_H_run_L8_launch(T k, Vec<T> &v)"));
  CHECK(contains(Out, "o2c_region.attachSection(&(v.p), 0);"));
  // B makes s.p an array member: the pattern stays on the host.
  CHECK_FALSE(Rs[1]->Translate);
  CHECK(contains(Rs[1]->Reason, "in every instantiation of the template"));
  CHECK(Rs[1]->WhyPos.Line == lineOf(Code, "s.p[0:8]"));
  // No instantiation shows what w.p is.
  CHECK_FALSE(Rs[2]->Translate);
  CHECK(contains(Rs[2]->Reason, "in every instantiation of the template"));
}

TEST_CASE("an item inside an array member maps its struct whole",
          "[analysis][members][rows]") {
  const std::string Code = R"src(
struct In { int k; int a[4]; };
struct V { int n; int a[8]; int rows[4][6]; struct In in; int *p; int (*pa)[8]; };
void f(struct V *w, int r, int m) {
  struct V v;
  #pragma omp target map(tofrom: v.a[2:4])
  v.a[2] = v.n;
  #pragma omp target map(tofrom: v.rows[r][0:6])
  v.rows[r][0] = 1;
  #pragma omp target map(tofrom: v.rows[0:m][0:6], v.in.a[1:2])
  v.rows[0][0] = v.in.a[1];
  #pragma omp target map(tofrom: w->a[0:8])
  w->a[3] = 1;
  #pragma omp target map(present, tofrom: v.a[0:4])
  v.a[0] = 1;
  #pragma omp target map(tofrom: v.a[r++])
  v.a[0] = 1;
  #pragma omp target map(tofrom: v.pa[1][0:8])
  v.pa[1][0] = 1;
})src";
  FileResult F = translateC(Code);
  REQUIRE(F.Ok);
  std::vector<const Region *> Rs = targetRegions(F);
  REQUIRE(Rs.size() == 7);
  for (int I = 0; I < 4; ++I) {
    CHECK(Rs[I]->Translate);
    CHECK(Rs[I]->PointerMaps.empty()); // the struct's map covers the item
  }
  std::string Out = flat(F.Output);
  CHECK(contains(Out, "auto *v_d = o2c_region.mapObject(v, o2c::MapToFrom | "
                      "o2c::MapImplicit);"));
  CHECK(contains(Out, "auto *w_d = o2c_region.mapSection(w, 0, 1, "
                      "o2c::MapToFrom | o2c::MapImplicit);"));
  for (int I = 4; I < 7; ++I)
    CHECK_FALSE(Rs[I]->Translate);
  CHECK(contains(Rs[4]->Reason, "not with the 'present' or 'always'"));
  CHECK(Rs[4]->WhyPos.Line == lineOf(Code, "present, tofrom: v.a"));
  CHECK(contains(Rs[5]->Reason, "has side effects"));
  // A row reached through a pointer member is no part of the struct.
  CHECK(contains(Rs[6]->Reason, "v.pa[1]"));
}

TEST_CASE("member items map their members; reference members stay on "
          "the host",
          "[analysis][members]") {
  const std::string Code = R"src(
struct In { int *p; int k; };
struct V { int n; In &in; int &r; In own; };
void f(V &v0, In &i0, int &x) {
  V v{3, i0, x, {}};
  #pragma omp target map(tofrom: v.n, v.own.k)
  v.n = v.own.k;
  #pragma omp target map(tofrom: v.in.p[0:8])
  v.in.p[1] = 5;
  #pragma omp target map(tofrom: v.r)
  v.r = 6;
  #pragma omp target map(tofrom: v.in.k)
  v.in.k = 7;
})src";
  FileResult F = translateC(Code, true);
  REQUIRE(F.Ok);
  std::vector<const Region *> Rs = targetRegions(F);
  REQUIRE(Rs.size() == 4);
  CHECK(Rs[0]->Translate);
  // The members alone (RegionMemberSpans.cpp).
  CHECK(contains(flat(F.Output),
                 "auto *v_d = o2c_region.mapWithin(&(v), (const char "
                 "*)&(v.n), (size_t)((const char *)(&(v.own.k) + 1) - "
                 "(const char *)&(v.n)), o2c::MapAlloc | o2c::MapStruct);"));
  for (int I = 1; I < 4; ++I) {
    CHECK_FALSE(Rs[I]->Translate);
    CHECK(Rs[I]->Why == DiagId::HostClause);
  }
  CHECK(contains(Rs[1]->Reason, "no reference"));
  CHECK(Rs[1]->WhyPos.Line == lineOf(Code, "v.in.p[0:8]"));
}
