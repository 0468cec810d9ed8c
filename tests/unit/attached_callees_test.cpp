// A function the region calls reaches mapped storage through its
// parameters and `this`: a pointer it loads from there is attached only by
// an item through that very storage path in the region's terms, as for the
// same load written in the region; a range-for's loop variable copied from
// each element is a whole copy (review rm21 R1, R2's rangefor.cpp: host 5,
// emu 0, every region translated).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

/// R stays on the host for a pointer loaded in a callee, reported at the
/// call on line Line.
void checkCallRefused(const Region &R, const std::string &Holder,
                      unsigned Line) {
  CHECK_FALSE(R.Translate);
  CHECK(R.Why == DiagId::HostClause);
  CHECK(contains(R.Reason, Holder));
  CHECK(contains(R.Reason, "called here"));
  CHECK(R.WhyPos.Line == Line);
}

} // namespace

TEST_CASE("a callee's load through a pointer or reference parameter is "
          "checked against the argument's storage path",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
struct S gs;
#pragma omp declare target(gs)
#pragma omp declare target
void g(struct S *x) { x->p[0] = 5; }
void k(void) { gs.p[0] = 5; }
void ga(struct S *a, int i) { a[i].p[0] = 5; }
void h1(struct S *x) { g(x); }
void loc(void) { int b[2]; struct S l; l.p = b; g(&l); }
#pragma omp end declare target
void f(struct S s, struct S *sp, struct S sa[2]) {
  #pragma omp target data map(to: s)
  {
    #pragma omp target
    { g(&s); }
  }
  #pragma omp target data map(to: sp[0:1])
  {
    #pragma omp target
    { h1(sp); }
  }
  #pragma omp target data map(to: sa[0:2], sa[1].p[0:4])
  {
    #pragma omp target
    { ga(sa, 1); }
    #pragma omp target
    { g(&sa[1]); g(sa + 1); }
    #pragma omp target
    { g(sa); }
  }
  #pragma omp target data map(to: s, s.p[0:4])
  {
    #pragma omp target
    { g(&s); }
  }
  #pragma omp target data map(to: sp[0:1], sp->p[0:4])
  {
    #pragma omp target
    { h1(sp); }
  }
  #pragma omp target
  { loc(); }
  #pragma omp target
  { k(); }
  #pragma omp target enter data map(to: gs, gs.p[0:4])
  #pragma omp target
  { k(); }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 10);
  checkCallRefused(*T[0], "what 'x' points to", 16);
  checkCallRefused(*T[1], "what 'x' points to", 21);
  checkCallRefused(*T[2], "what 'a' points to", 26); // a[i]: sa[0] too
  CHECK(T[3]->Translate);
  checkCallRefused(*T[4], "what 'x' points to", 30); // sa[0]
  CHECK(T[5]->Translate);
  CHECK(T[6]->Translate);
  CHECK(T[7]->Translate);
  checkCallRefused(*T[8], "held in 'gs'", 45);
  CHECK(T[9]->Translate);
}

TEST_CASE("a member function, a reference parameter and a declare target "
          "record reached in a callee; a range-for copy of each element",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; void set() { p[0] = 5; } };
#pragma omp declare target
void r(S &x) { x.p[0] = 5; }
#pragma omp end declare target
void f(S s, S sa[2]) {
  S arr[2] = {s, s};
  #pragma omp target data map(to: s)
  {
    #pragma omp target
    { s.set(); }
    #pragma omp target
    { r(s); }
  }
  #pragma omp target data map(to: arr)
  {
    #pragma omp target
    { for (S e : arr) e.p[0] = 5; }
  }
  #pragma omp target data map(to: s, s.p[0:4])
  {
    #pragma omp target
    { s.set(); r(s); }
  }
  #pragma omp target data map(to: arr, arr[0].p[0:4], arr[1].p[0:4])
  {
    #pragma omp target
    { for (S e : arr) e.p[0] = 5; }
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 5);
  checkCallRefused(*T[0], "the object that 'set' is called on", 11);
  checkCallRefused(*T[1], "held in 'x'", 13);
  CHECK_FALSE(T[2]->Translate);
  CHECK(T[2]->Why == DiagId::HostClause);
  CHECK(contains(T[2]->Reason, "copied whole"));
  CHECK(T[2]->WhyPos.Line == 18); // the loop
  CHECK(T[3]->Translate);
  CHECK(T[4]->Translate);
}

TEST_CASE("an overrider of a virtual call, a constructor's member "
          "initialiser, a local's destructor and a reference member reach "
          "a mapped record's pointer too",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
struct B { virtual void run(S &x) {} virtual ~B() {} };
struct D : B { void run(S &x) override { x.p[0] = 5; } };
struct W { int v; W(S &x) : v(x.p[0] = 5) {} };
struct Dt { S &x; ~Dt() { x.p[1] = 6; } };
struct R { S &x; };
struct Holder { Dt d; };
struct Tmp { S &x; ~Tmp() { x.p[2] = 7; } int get() { return 1; } };
void f(S s, B *b) {
  #pragma omp target data map(to: s)
  {
    #pragma omp target
    { D d; B *bp = &d; bp->run(s); }
    #pragma omp target
    { W w(s); (void)w; }
    #pragma omp target
    { Dt d{s}; }
    #pragma omp target
    { R r{s}; r.x.p[0] = 5; }
    #pragma omp target
    { Holder h{{s}}; }
    #pragma omp target
    { int v = Tmp{s}.get(); (void)v; }
  }
  #pragma omp target data map(to: s, s.p[0:4])
  {
    #pragma omp target
    { W w(s); (void)w; Dt d{s}; R r{s}; r.x.p[0] = 5; }
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 7);
  checkCallRefused(*T[0], "held in 'x'", 14);
  checkCallRefused(*T[1], "held in 'x'", 16);
  checkCallRefused(*T[2], "'~Dt' is called on", 18);
  CHECK_FALSE(T[3]->Translate);
  CHECK(contains(T[3]->Reason, "what 'r' points to"));
  checkCallRefused(*T[4], "'~Dt' is called on", 22); // a member's
  checkCallRefused(*T[5], "'~Tmp' is called on", 24); // a temporary's
  // A reference member is no path an item names: still on the host.
  CHECK_FALSE(T[6]->Translate);
}

TEST_CASE("a call through a pointer is followed into every indirect "
          "function of the unit",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
struct S gs;
#pragma omp declare target(gs)
void f(void) { gs.p[0] = 5; }
void h(void) {}
#pragma omp declare target enter(f, h) indirect
void k(void (*fp)(void)) {
  #pragma omp target
  { fp(); }
  #pragma omp target enter data map(to: gs, gs.p[0:4])
  #pragma omp target
  { fp(); }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 2);
  checkCallRefused(*T[0], "held in 'gs'", 10);
  CHECK(T[1]->Translate);
}
