// Where the host build sees a translated address (PointerValueUse's
// SeenAt) through the constructs that used to fall through with an escape
// and no SeenAt: a mapped array's or section base's address that the
// region puts where the host reads it keeps the region on the host; one
// the region only dereferences through the same constructs does not
// (tests/fallback/seen_addresses*.c* run the programs).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {
FileResult translateCxx20(const std::string &Code) {
  Options O;
  O.LineDirectives = false;
  return translateCode(Code, "input.cpp", {"-xc++", "-std=c++20"}, O);
}

/// Regions [0, Host) stay on the host (host-clause), the others translate.
void check(const FileResult &F, size_t Host, size_t All) {
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == All);
  for (size_t I = 0; I < All; ++I) {
    INFO("region " << I << ": " << F.Regions[I].R.Reason);
    CHECK(F.Regions[I].R.Translate == (I >= Host));
    if (I < Host)
      CHECK(F.Regions[I].R.Why == DiagId::HostClause);
  }
}
} // namespace

TEST_CASE("a translated address passed on by a statement expression, "
          "_Generic, __builtin_choose_expr or __builtin_assume_aligned, or "
          "bit-cast, is seen where it goes",
          "[pointer-order][seen]") {
  FileResult F = translateC(R"src(
typedef unsigned long uptr;
void f(int *p, int **s, uptr *u) {
  int a[8];
  #pragma omp target map(tofrom: a, s[0:1])
  { s[0] = ({ &a[0]; }); a[1] = 1; }
  #pragma omp target map(tofrom: p[0:8], s[0:1])
  { s[0] = _Generic(p, int *: p); p[1] = 1; }
  #pragma omp target map(tofrom: p[0:8], s[0:1])
  { s[0] = __builtin_choose_expr(1, p, 0); p[1] = 1; }
  #pragma omp target map(tofrom: a, s[0:1])
  { s[0] = (int *)__builtin_assume_aligned(a, 4); a[1] = 1; }
  #pragma omp target map(tofrom: p[0:8], u[0:1])
  { u[0] =
        __builtin_bit_cast(uptr, p); p[1] = 1; }
  #pragma omp target map(tofrom: a, u[0:1])
  { u[0] = (uptr)(__extension__ a); }
  #pragma omp target map(tofrom: a)
  { ({ a; })[2] = 1; _Generic(a, default: a)[3] = 2;
    __builtin_choose_expr(0, 0, a)[4] = 3;
    ((int *)__builtin_assume_aligned(a, 4))[5] = 4; }
  #pragma omp target map(tofrom: p[0:8], u[0:1])
  { u[0] = _Generic(p, float *: (uptr)p, default: 0) + (__extension__ p == p); }
})src");
  check(F, 6, 8);
  // Located at the cast itself.
  CHECK(F.Regions[4].R.WhyPos.Line == 15);
}

TEST_CASE("a translated address given to a constructor is seen where the "
          "record goes, followed through a local's members",
          "[pointer-order][seen]") {
  FileResult F = translateCxx20(R"src(
struct S { int *q; S() : q(nullptr) {} S(int *x) : q(x) {} };
struct W { int *q; W(int *x) : q(x) {} };
struct Agg { int *q; int n; };
W gw(nullptr);
void f(int *r) {
  int a[8];
  S sv; W wl(nullptr); Agg ag{nullptr, 0};
  #pragma omp target map(tofrom: a, sv)
  { sv = S(a); a[1] = 1; }
  #pragma omp target map(tofrom: a, wl)
  { W w(a); wl = w; }
  #pragma omp target map(tofrom: a, gw)
  { gw = W(a); }
  #pragma omp target map(tofrom: a, ag)
  { Agg l(a, 1); ag = l; }
  #pragma omp target map(tofrom: a, ag)
  { ag = Agg{a, 1}; }
  #pragma omp target map(tofrom: a, r[0:2])
  { W w(a); w.q[1] = 5; r[0] = w.q[1]; }
  #pragma omp target map(tofrom: a, r[0:2])
  { Agg l(a, 1); l.q[2] = 6; r[1] = l.q[2]; }
})src");
  check(F, 5, 7);
}

TEST_CASE("a translated address returned by a lambda, or captured by one, "
          "is seen where its calls put it",
          "[pointer-order][seen]") {
  FileResult F = translateC(R"src(
void f(int *p, int **s, int *r) {
  int a[8];
  #pragma omp target map(tofrom: a, s[0:1])
  { auto g = [&]() { return &a[0]; }; s[0] = g(); }
  #pragma omp target map(tofrom: a, s[0:1])
  { s[0] = [&]() { return &a[2]; }(); }
  #pragma omp target map(tofrom: a, s[0:1])
  { auto g = [q = &a[0]]() { return q; }; s[0] = g(); }
  #pragma omp target map(tofrom: p[0:8], s[0:1])
  { auto g = [p]() { return p; }; s[0] = g(); }
  #pragma omp target map(tofrom: a, s[0:1])
  { auto g = [&](int *x) { s[0] = x; }; g(a); }
  #pragma omp target map(tofrom: a, r[0:2])
  { auto g = [&]() { return &a[3]; }; *g() = 7; r[0] = g()[0]; }
  #pragma omp target map(tofrom: p[0:8], r[0:2])
  { auto g = [=]() { return p[5]; }; r[1] = g();
    auto h = [p]() { p[6] = 9; }; h(); }
})src",
                            true);
  check(F, 5, 7);
}

TEST_CASE("a translated address bound to a reference to a pointer (a "
          "parameter, a local) is followed through it",
          "[pointer-order][seen]") {
  FileResult F = translateC(R"src(
struct H { int *q; int n; };
static int *id(int *const &r) { return r; }
static void put(int *const &r, H *h) { h->q = r; }
static int get(int *const &r) { return r[2]; }
void f(int *p, int **s, int *r, H &h) {
  int a[8];
  H hl{nullptr, 0};
  #pragma omp target map(tofrom: a, s[0:1])
  { s[0] = id(a); }
  #pragma omp target map(tofrom: a, hl)
  { put(a, &hl); }
  #pragma omp target map(tofrom: p[0:8], s[0:1])
  { int *const &rr = p; s[0] = rr; }
  #pragma omp target map(tofrom: p[0:8], r[0:2])
  { r[0] = get(p); int *const &rr = p; rr[7] = 10; }
  int n = 8;
  int &rn = n;
  #pragma omp target map(tofrom: rn, r[0:2])
  { for (int i = 0; i < rn; ++i) r[i % 2] += rn; }
})src",
                            true);
  check(F, 3, 5);
}

TEST_CASE("a translated address given to a template specialisation that is "
          "not instantiated is seen at the call; a template pattern's "
          "unresolved callee is followed",
          "[pointer-order][seen]") {
  // std::make_pair's std::forward<int *> has no body to follow (host 1,
  // emu 0 before).
  FileResult F = translateC(R"src(
#include <utility>
template <class T> T get2(const T *x) { return x[2]; }
template <class T> T *id(T *x) { return x; }
template <class T> void g(T *p, T *r, T **s) {
  #pragma omp target map(tofrom: p[0:8], r[0:1])
  { r[0] = get2(p); p[1] = 4; }
  #pragma omp target map(tofrom: p[0:8], s[0:1])
  { s[0] = id(p); }
}
void f(int **s, int *r) {
  int a[8];
  #pragma omp target map(tofrom: a, s[0:1])
  { auto pr = std::make_pair(&a[0], 1); s[0] = pr.first; }
  g(a, r, s);
})src",
                            true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3u);
  // The template's regions come first in the text: its pattern's
  // unresolved get2 and id are followed (id's result stored: host 1, emu 0
  // before).
  CHECK(F.Regions[0].R.Translate);
  for (int I : {1, 2}) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
  }
}

TEST_CASE("a translated address in a record read through structured "
          "bindings is seen",
          "[pointer-order][seen]") {
  // The bindings name no member path (host 1, emu 0 before).
  FileResult F = translateC(R"src(
struct H { int *q; int n; };
void f(int **s) {
  int a[8];
  #pragma omp target map(tofrom: a, s[0:1])
  { auto [x, y] = H{a, 1}; s[0] = x; }
  #pragma omp target map(tofrom: a, s[0:1])
  { H l{a, 1}; auto &[x, y] = l; s[0] = x; }
})src",
                            true);
  check(F, 2, 2);
}

TEST_CASE("equality between pointers of different map items, one moved from "
          "its lookup, is seen; within one item, with null or unmoved, it "
          "is not",
          "[pointer-order][seen]") {
  // Each item's copy is an allocation of its own: p + 2 == q of two
  // sections of one array holds on the host only (review a7-a9: host 2,
  // emu 10 for the walk; host 1, emu 0 for the others, before).
  FileResult F = translateC(R"src(
static int sum(const int *b, const int *e) {
  int s = 0;
  for (const int *x = b; x != e; ++x) s += *x;
  return s;
}
#pragma omp declare target(sum)
void f(int *a, int *r) {
  int *p = a, *q = a + 2, *t = a + 3, *z = a + 4, b[4], c[4];
  #pragma omp target map(tofrom: p[0:2], q[0:2], r[0:1])
  { int n = 0; for (int *x = p; x != q; ++x) n++;
    r[0] = n; }
  #pragma omp target map(tofrom: p[0:2], q[0:2], r[0:1])
  { r[0] = p + 2
        == q; }
  #pragma omp target map(tofrom: b, c, r[0:1])
  { r[0] = c == b + 4; }
  #pragma omp target map(tofrom: b, c, r[0:1])
  { r[0] = sum(b, c + 4); }
  #pragma omp target map(tofrom: a[0:4], r[0:2])
  { r[0] = t + 1 == z; r[1] = t[0]; }
  #pragma omp target map(tofrom: p[0:2], q[0:2], r[0:2])
  { int n = 0; for (int *x = p; x != p + 2; ++x) n += *x;
    r[0] = n; r[1] = (p == q) + (p != 0) + (q + 1 == &q[1]) + (b == c); }
  #pragma omp target map(tofrom: b, r[0:1])
  { const int *e = b + 4; int s = 0;
    for (const int *x = b; x != e; ++x) s += *x;
    r[0] = s + sum(b, b + 4) + sum(b + 1, e); }
})src");
  check(F, 5, 7);
  // At the comparison.
  CHECK(F.Regions[0].R.WhyPos.Line == 11u);
  CHECK(F.Regions[1].R.WhyPos.Line == 14u);
  CHECK(F.Regions[2].R.WhyPos.Line == 17u);
  CHECK(contains(F.Regions[4].R.Reason, "pointer 't'"));
}
