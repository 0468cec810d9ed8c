// A pointer held in a mapped record or array is attached only by an item
// through that very pointer: `s.q[0:8]` attaches s.q, not s.p, s2.q,
// sa[1].q or w.in.p (issue 8; before, any member item of s exempted every
// pointer of s, and the region wrote through the host's address).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a member item attaches that member alone: another pointer of the "
          "record, of another record or element keeps the region on the host",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int *q; int n; };
struct W { struct S in; int *r; };
void f(struct S s, struct S *sp, struct S s2, struct W w) {
  struct S sa[2] = {s, s2};
  #pragma omp target data map(tofrom: s, s.q[0:8])
  {
    #pragma omp target
    { s.p[1] = 5; }
    #pragma omp target
    { s.q[1] = 6; }
  }
  #pragma omp target data map(tofrom: sp[0:1], sp->q[0:8])
  {
    #pragma omp target
    { sp->p[2] = 7; }
    #pragma omp target
    { sp->q[2] = 8; (*sp).q[3] = 9; sp[0].q[4] = 1; }
  }
  #pragma omp target enter data map(to: s, s.q[0:8])
  #pragma omp target
  { s.p[4] = 11; }
  #pragma omp target data map(tofrom: s, s.q[0:8], s2)
  {
    #pragma omp target
    { s2.q[5] = 14; }
  }
  #pragma omp target data map(tofrom: sa[0:2], sa[0].q[0:8])
  {
    #pragma omp target
    { sa[1].q[6] = 16; }
    #pragma omp target
    { sa[0].q[6] = 15; }
  }
  #pragma omp target data map(tofrom: w, w.in.q[0:8])
  {
    #pragma omp target
    { w.in.p[7] = 17; }
    #pragma omp target
    { w.r[0] = 19; }
    #pragma omp target
    { w.in.q[7] = 18; }
  }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 11);
  checkDerefRefused(*T[0], "held in 's'");
  CHECK(T[1]->Translate);
  checkDerefRefused(*T[2], "what 'sp' points to");
  CHECK(T[3]->Translate);
  checkDerefRefused(*T[4], "held in 's'");
  checkDerefRefused(*T[5], "held in 's2'");
  checkDerefRefused(*T[6], "'sa'");
  CHECK(T[7]->Translate);
  checkDerefRefused(*T[8], "held in 'w'");
  checkDerefRefused(*T[9], "held in 'w'");
  CHECK(T[10]->Translate);
}

TEST_CASE("attached paths: references, elements at a variable index, records "
          "copied whole, the default mapper",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int *q; int n; };
struct M { int *p; int n; };
#pragma omp declare mapper(struct M v) map(v, v.p[0:8])
struct T { int *p; int *q; };
void f(struct S s, struct T t, struct M m, int i) {
  int *rows[4] = {s.p, s.q, s.p, s.q};
  struct S &r = s;
  #pragma omp target data map(tofrom: t, t.q[0:8])
  {
    #pragma omp target
    { int *h = t.q; r.q = h; }
    #pragma omp target
    { struct T c = t; c.q[0] = 1; }
  }
  #pragma omp target data map(tofrom: t, t.p[0:8], t.q[0:8])
  {
    #pragma omp target
    { struct T c = t; c.q[0] = 1; }
  }
  #pragma omp target data map(tofrom: s, s.q[0:8])
  {
    #pragma omp target
    { r.p[0] = 1; }
    #pragma omp target
    { r.q[0] = 1; }
  }
  #pragma omp target data map(tofrom: rows[i][0:8])
  {
    #pragma omp target
    { rows[i][0] = 1; }
  }
  #pragma omp target data map(tofrom: rows[1][0:8])
  {
    #pragma omp target
    { rows[1][0] = 1; }
    #pragma omp target
    { rows[2][0] = 1; }
  }
  #pragma omp target map(tofrom: m)
  { m.p[0] = 1; }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 9);
  // h, t.q attached: the device address, stored into s's copy, which goes
  // back to the host (scratch-ex11 r8.cpp: emu s.q != t.q, the host build
  // s.q == t.q).
  CHECK_FALSE(T[0]->Translate);
  CHECK(T[0]->Why == DiagId::HostClause);
  CHECK(contains(T[0]->Reason, "has its value used where the host build"));
  // c gets t.p too, which no item attaches.
  CHECK_FALSE(T[1]->Translate);
  CHECK(contains(T[1]->Reason, "is copied whole"));
  CHECK(T[2]->Translate);
  checkDerefRefused(*T[3], "held in 'r'");
  CHECK(T[4]->Translate);
  // rows[i] at the data construct and at the region may be two elements.
  checkDerefRefused(*T[5], "held in 'rows'");
  // rows itself is not mapped: the region maps a fresh copy of it.
  checkDerefRefused(*T[6], "held in 'rows'");
  checkDerefRefused(*T[7], "held in 'rows'");
  // The default mapper maps m.p[0:8] with m.
  CHECK(T[8]->Translate);
}

TEST_CASE("an iterator over every element of an array of pointers attaches "
          "each; one over part of it attaches none that the region is "
          "proven to use",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
void f(int **in) {
  int *rows[4] = {in[0], in[1], in[2], in[3]};
  #pragma omp target map(iterator(it = 0:4), tofrom: rows[it][:1]) map(to: rows)
  { for (int i = 0; i < 4; i++) rows[i][0] = 2; }
  #pragma omp target map(iterator(it = 0:3), tofrom: rows[it][:1]) map(to: rows)
  { for (int i = 0; i < 4; i++) rows[i][0] = 2; }
  #pragma omp target map(iterator(it = 0:4:2), tofrom: rows[it][:1]) map(to: rows)
  { rows[1][0] = 2; }
  #pragma omp target map(iterator(it = 0:4:2), tofrom: rows[it][:1]) map(to: rows)
  { rows[2][0] = 2; }
  #pragma omp target data map(to: rows) map(iterator(it = 3:-1:-1), tofrom: rows[it][:1])
  {
    #pragma omp target
    { for (int i = 0; i < 4; i++) rows[i][0] = 2; }
  }
  #pragma omp target enter data map(to: rows) map(iterator(it = 0:4:2), to: rows[it][:1]) \
      map(iterator(it = 1:4:2), to: rows[it][:1])
  #pragma omp target
  { for (int i = 0; i < 4; i++) rows[i][0] = 2; }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 6);
  CHECK(T[0]->Translate);
  checkDerefRefused(*T[1], "held in 'rows'");
  checkDerefRefused(*T[2], "held in 'rows'");
  CHECK(T[3]->Translate);
  // Counting down, and two iterators that make every element together.
  CHECK(T[4]->Translate);
  CHECK(T[5]->Translate);
}

TEST_CASE("an item through a pointer of a data construct attaches it only "
          "where the storage holding the pointer is mapped too, and only "
          "with no if clause that may be false",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void f(struct S s, struct S *sp, int c, int **in) {
  struct S sa[2] = {s, s};
  int *rows[2] = {in[0], in[1]};
  #pragma omp target data map(tofrom: s.p[0:4])
  {
    #pragma omp target
    { s.p[0] = 5; }
  }
  #pragma omp target data map(tofrom: sp->p[0:4])
  {
    #pragma omp target
    { sp->p[0] = 5; }
  }
  #pragma omp target data map(tofrom: sa[1].p[0:4])
  {
    #pragma omp target
    { sa[1].p[0] = 5; }
  }
  #pragma omp target data map(tofrom: rows[1][0:4])
  {
    #pragma omp target
    { rows[1][0] = 5; }
  }
  #pragma omp target enter data map(to: s.p[0:4])
  #pragma omp target
  { s.p[0] = 5; }
  #pragma omp target data map(tofrom: sp[0:1], sp->p[0:4])
  {
    #pragma omp target
    { sp->p[0] = 5; }
  }
  #pragma omp target data map(tofrom: sa) map(tofrom: sa[1].p[0:4])
  {
    #pragma omp target
    { sa[1].p[0] = 5; }
  }
  #pragma omp target data map(tofrom: s, s.p[0:4]) if(c > 5)
  {
    #pragma omp target
    { s.p[0] = 5; }
  }
  #pragma omp target enter data map(to: s, s.p[0:4]) if(c)
  #pragma omp target
  { s.p[0] = 5; }
  #pragma omp target data map(tofrom: s, s.p[0:4]) if(1)
  {
    #pragma omp target
    { s.p[0] = 5; }
  }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 10);
  checkDerefRefused(*T[0], "held in 's'");
  checkDerefRefused(*T[1], "what 'sp' points to");
  checkDerefRefused(*T[2], "'sa'");
  checkDerefRefused(*T[3], "held in 'rows'");
  checkDerefRefused(*T[4], "held in 's'");
  CHECK(T[5]->Translate);
  CHECK(T[6]->Translate);
  checkDerefRefused(*T[7], "held in 's'");
  checkDerefRefused(*T[8], "held in 's'");
  CHECK(T[9]->Translate);
}

TEST_CASE("a call deeper than the analysis looks may exit data: what an "
          "enter data attached before it is not attached at the region",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
struct S s;
void h4(void) {
  #pragma omp target exit data map(from: s.p[0:4])
}
void h3(void) { h4(); }
void h2(void) { h3(); }
void h1(void) { h2(); }
void k(void) {}
void f(void) {
  #pragma omp target data map(to: s)
  {
    #pragma omp target enter data map(to: s.p[0:4])
    h1();
    #pragma omp target
    { s.p[0] = 5; }
  }
  #pragma omp target data map(to: s)
  {
    #pragma omp target enter data map(to: s.p[0:4])
    k();
    #pragma omp target
    { s.p[0] = 5; }
  }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 2);
  checkDerefRefused(*T[0], "held in 's'");
  CHECK(T[1]->Translate);
}

TEST_CASE("a record copied from an element or through a pointer, or reached "
          "other than from a variable, is checked like a named one",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
struct O { struct S *inner; };
void f(struct S *sp, struct O o) {
  struct S sa[2] = {*sp, *sp};
  #pragma omp target map(tofrom: sa)
  { struct S t = sa[1]; t.p[0] = 5; }
  #pragma omp target map(tofrom: sp[0:1])
  { struct S t = *sp; t.p[0] = 5; }
  #pragma omp target data map(to: o, o.inner[0:1])
  {
    #pragma omp target
    { o.inner->p[0] = 5; }
    #pragma omp target
    { (*o.inner).p[0] = 5; }
  }
  #pragma omp target data map(tofrom: sa, sa[1].p[0:4], sa[0].p[0:4])
  {
    #pragma omp target
    { struct S t = sa[1]; t.p[0] = 1; }
  }
  #pragma omp target data map(to: o, o.inner[0:1], o.inner->p[0:4])
  {
    #pragma omp target
    { o.inner->p[0] = 5; }
  }
  #pragma omp target map(to: sa)
  { struct S loc[2]; int x = 0; loc[1].p = &x; struct S t = loc[1]; t.p[0] = 5; }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 7);
  for (int I = 0; I < 4; ++I) {
    CHECK_FALSE(T[I]->Translate);
    CHECK(T[I]->Why == DiagId::HostClause);
  }
  CHECK(contains(T[0]->Reason, "copied whole"));
  CHECK(contains(T[2]->Reason, "other than through a variable"));
  CHECK(contains(T[3]->Reason, "other than through a variable"));
  CHECK(T[4]->Translate);
  CHECK(T[5]->Translate);
  CHECK(T[6]->Translate);
}

TEST_CASE("a pointer loaded through a pointer to an array of pointers is "
          "attached only by an item through that element; a holder pointer "
          "reassigned after the data construct attaches nothing",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
int g(int **rows, int **pp, int **A, struct S *sp, struct S *s2, int n) {
  #pragma omp target map(to: rows[0:2])
  { rows[0][1] = 1; }
  #pragma omp target map(to: rows[0:2])
  { (*rows)[1] = 1; }
  #pragma omp target map(to: rows[0:2])
  { *rows[1] = 1; }
  #pragma omp target enter data map(to: pp[0:2])
  #pragma omp target data map(tofrom: pp[0][0:4])
  {
    #pragma omp target
    { pp[1][1] = 7; }
    #pragma omp target
    { pp[0][1] = 7; (*pp)[2] = 8; }
  }
  #pragma omp target enter data map(to: A[0:n])
  for (int i = 0; i < n; i++) {
    #pragma omp target enter data map(to: A[i][0:4])
  }
  #pragma omp target
  { A[n - 1][0] = 1; }
  #pragma omp target data map(to: sp[0:1]) map(tofrom: sp->p[0:4])
  {
    #pragma omp target
    { sp->p[0] = 5; }
    sp = s2;
    #pragma omp target
    { sp->p[0] = 5; }
  }
  return 0;
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 8);
  checkDerefRefused(*T[0], "what 'rows' points to");
  checkDerefRefused(*T[1], "what 'rows' points to");
  checkDerefRefused(*T[2], "what 'rows' points to");
  checkDerefRefused(*T[3], "what 'pp' points to");
  CHECK(T[4]->Translate);
  CHECK(T[5]->Translate);
  CHECK(T[6]->Translate);
  checkDerefRefused(*T[7], "what 'sp' points to");
}

TEST_CASE("the rows of a parameter that no map item of its function names "
          "were mapped by a caller, which may attach them",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
void h(int **q, int n) {
  #pragma omp target
  { q[0][1] = 1; (*q)[2] = 2; }
}
void k(int **q, int n) {
  #pragma omp target data map(to: q[0:2])
  {
    #pragma omp target
    { q[0][1] = 1; }
  }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 2);
  CHECK(T[0]->Translate);
  checkDerefRefused(*T[1], "what 'q' points to");
}

TEST_CASE("an unattached pointer reached through a cast, an increment, a "
          "compound assignment or either arm of ?: keeps the region on the "
          "host; the attached one is translated",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { void *p; int *q; int *r; };
void f(struct S s, int c, int *a) {
  #pragma omp target data map(tofrom: a[0:8]) map(to: s, s.r[0:8])
  {
    #pragma omp target
    { ((int *)s.p)[0] = 1; }
    #pragma omp target
    { *(double *)s.p += 2; }
    #pragma omp target
    { *s.q++ = 3; }
    #pragma omp target
    { (s.q += 2)[0] = 4; }
    #pragma omp target
    { (c ? s.r : s.q)[0] = 5; }
    #pragma omp target
    { ((unsigned *)s.r)[1] = 6; *++s.r = 7; (c ? s.r : a)[2] = 8; }
  }
}
)src");
  std::vector<const Region *> R = targetRegions(F);
  REQUIRE(R.size() == 6);
  for (size_t I = 0; I < 5; ++I) {
    INFO("region " << I);
    checkDerefRefused(*R[I], "'s'");
  }
  CHECK(R[5]->Translate);
}
