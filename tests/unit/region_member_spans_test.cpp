// A target region's plain member items map the members, not the whole
// struct (RegionMemberSpans.cpp): one member as its own block, several as
// a span and member steps; the struct is still mapped whole when the
// region names it otherwise than through a mapped member.
#include "FlatText.h"
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a region's member items map the members alone",
          "[analysis][members][spans]") {
  const std::string Code = R"src(
struct In { int a; double b; };
struct S { double d[3]; int x; char c; int y; struct In in; };
void f(struct S *w, struct S *v) {
  struct S s;
  #pragma omp target map(tofrom: s.x)
  s.x += 1;
  #pragma omp target map(to: s.y) map(from: s.x) map(alloc: s.in.a)
  s.x = s.y + s.in.a;
  #pragma omp target map(present, alloc: s.y) map(to: s.y)
  s.y += 1;
  #pragma omp target map(tofrom: s.in) map(to: s.x)
  { s.in.b = s.x + s.in.a; }
  #pragma omp target map(tofrom: w->y, w->x)
  w->x = w->y;
  #pragma omp target map(tofrom: w->y) map(to: v[0:1])
  w->y = v->y + w[0].x;
})src";
  FileResult F = translateC(Code);
  REQUIRE(F.Ok);
  std::vector<const Region *> Rs = targetRegions(F);
  REQUIRE(Rs.size() == 6);
  for (const Region *R : Rs)
    CHECK(R->Translate);
  std::string Out = flat(F.Output);
  CHECK_FALSE(contains(Out, "mapObject(s,"));
  CHECK(contains(Out, "auto *s_d = o2c_region.mapWithin(&(s), &(s.x), "
                      "sizeof(*&(s.x)), o2c::MapToFrom);"));
  // Members in the order of their offsets, the span from the first to the
  // end of the last.
  CHECK(contains(Out, "auto *s_d = o2c_region.mapWithin(&(s), (const char "
                      "*)&(s.x), (size_t)((const char *)(&(s.in.a) + 1) - "
                      "(const char *)&(s.x)), o2c::MapAlloc | "
                      "o2c::MapStruct); o2c_region.map((&(s.x)) + (0), "
                      "(size_t)(1) * sizeof(*(&(s.x))), o2c::MapFrom | "
                      "o2c::MapMember); o2c_region.map((&(s.y)) + (0), "
                      "(size_t)(1) * sizeof(*(&(s.y))), o2c::MapTo | "
                      "o2c::MapMember); o2c_region.map((&(s.in.a)) + (0), "
                      "(size_t)(1) * sizeof(*(&(s.in.a))), o2c::MapAlloc | "
                      "o2c::MapMember);"));
  // Two items of one member: one map, of both.
  CHECK(contains(Out, "auto *s_d = o2c_region.mapWithin(&(s), &(s.y), "
                      "sizeof(*&(s.y)), o2c::MapTo | o2c::MapPresent);"));
  // A struct member whole, beside a scalar one.
  CHECK(contains(Out, "o2c_region.map((&(s.in)) + (0), (size_t)(1) * "
                      "sizeof(*(&(s.in))), o2c::MapToFrom | o2c::MapMember);"));
  // What a pointer points to: its members alone, unless the region names
  // the pointer otherwise (w[0].x): then the one object, as before.
  CHECK(contains(Out, "auto *w_d = o2c_region.mapWithin(w, (const char "
                      "*)&(w->x), (size_t)((const char *)(&(w->y) + 1) - "
                      "(const char *)&(w->x)), o2c::MapAlloc | "
                      "o2c::MapStruct);"));
  CHECK(contains(Out, "auto *w_d = o2c_region.mapSection(w, 0, 1, "
                      "o2c::MapToFrom | o2c::MapImplicit);"));
}

TEST_CASE("a region that names the struct otherwise maps it whole",
          "[analysis][members][spans]") {
  const std::string Code = R"src(
struct S { int x; int y; int a[4]; int *p; };
struct In { int a; int b; };
struct W { struct In in; int k; };
static int g(struct W *w) { return w->k; }
void f(int n) {
  struct S s;
  struct W u, w;
  #pragma omp target map(tofrom: s.x)
  s.x = s.y;
  #pragma omp target map(tofrom: w.k)
  w.k = g(&w);
  #pragma omp target map(tofrom: s.x, s.a[0:2])
  s.x = s.a[1];
  #pragma omp target map(tofrom: s.x, s.p[0:n])
  s.x = s.p[1];
  #pragma omp target map(tofrom: u.in, u.in.a)
  u.in.a = 1;
  #pragma omp target map(tofrom: s.x) map(present, to: s.a[0:2])
  s.x = 1;
})src";
  FileResult F = translateC(Code);
  REQUIRE(F.Ok);
  std::vector<const Region *> Rs = targetRegions(F);
  REQUIRE(Rs.size() == 6);
  for (int I = 0; I < 5; ++I)
    CHECK(Rs[I]->Translate);
  std::string Out = flat(F.Output);
  CHECK_FALSE(contains(Out, "mapWithin(&(s)"));
  CHECK_FALSE(contains(Out, "mapWithin(&(u)"));
  CHECK_FALSE(contains(Out, "mapWithin(&(w)"));
  CHECK(contains(Out, "auto *w_d = o2c_region.mapObject(w, o2c::MapToFrom | "
                      "o2c::MapImplicit);"));
  CHECK(contains(Out, "auto *s_d = o2c_region.mapObject(s, o2c::MapToFrom | "
                      "o2c::MapImplicit);"));
  CHECK(contains(Out, "auto *u_d = o2c_region.mapObject(u, o2c::MapToFrom | "
                      "o2c::MapImplicit);"));
  // Mapped whole, an item inside an array member keeps its refusal.
  CHECK_FALSE(Rs[5]->Translate);
  CHECK(contains(Rs[5]->Reason, "not with the 'present' or 'always'"));
  CHECK(Rs[5]->WhyPos.Line == lineOf(Code, "present, to: s.a[0:2]"));
}

TEST_CASE("a member mapped twice with 'always' on one item stays on the host",
          "[analysis][members][spans]") {
  const std::string Code = R"src(
struct S { int x; int y; };
void f(void) {
  struct S s;
  #pragma omp target map(always, to: s.x) map(from: s.x)
  s.x += 1;
})src";
  FileResult F = translateC(Code);
  REQUIRE(F.Ok);
  std::vector<const Region *> Rs = targetRegions(F);
  REQUIRE(Rs.size() == 1);
  CHECK_FALSE(Rs[0]->Translate);
  CHECK(Rs[0]->Why == DiagId::HostClause);
  CHECK(contains(Rs[0]->Reason, "mapped twice"));
}
