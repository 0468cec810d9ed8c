// A pointer loaded from a record the region maps whole (its device copy
// holds the host's address) that reaches a dereference through storage of
// the region's own other than a pointer variable: an array's element, a
// local record's member, a brace initialiser, a union, a callee's local
// (review ldb: `int *arr[1]; arr[0] = s.p; arr[0][1] = 50;`, host 1 50,
// emu 1 2). Such a store counts as a dereference unless a rule follows its
// loads.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

/// Every region of F stays on the host because of the pointer in 's'.
void allRefused(const FileResult &F, size_t N) {
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == N);
  for (size_t I = 0; I < N; ++I) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(contains(F.Regions[I].R.Reason, "held in 's'"));
  }
}

} // namespace

TEST_CASE("a loaded pointer stored into region-local storage and "
          "dereferenced from there keeps the region on the host (C)",
          "[analysis][loaded-pointer][loaded-flow]") {
  FileResult F = translateC(R"src(
#include <stdint.h>
#include <string.h>
struct S { int *p; int n; };
static void put(int *p) { int *arr[1]; arr[0] = p; arr[0][1] = 50; }
static void put2(int *p) { put(p); }
void f(int *a) {
  struct S s = {a, 8};
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { int *arr[1]; arr[0] = s.p; arr[0][1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { struct B { int *v; } b; b.v = s.p; b.v[1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { int *q; *(&q) = s.p; q[1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { struct S c[1] = {s}; c[0].p[1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { put(s.p); }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { put2(s.p); }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { union { int *p; intptr_t i; } u; u.p = s.p; ((int *)u.i)[1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { int *arr[2] = {0, s.p}; arr[1][1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { int *arr[2]; for (int i = 0; i < 2; ++i) arr[i] = s.p + i;
    arr[1][1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { int *q; memcpy(&q, &s.p, sizeof q); q[1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { int *arr[1]; int **pp = arr; *pp = s.p; arr[0][1] = 50; }
})src");
  allRefused(F, 11);
}

TEST_CASE("a loaded pointer kept in a C++ object or container and "
          "dereferenced from there keeps the region on the host",
          "[analysis][loaded-pointer][loaded-flow]") {
  FileResult F = translateC(R"src(
#include <array>
#include <utility>
struct S { int *p; int n; };
struct W2 { int *q; void set(int *x) { q = x; } };
template <class T> struct Box { T v; };
void f(int *a) {
  S s = {a, 8};
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { struct B { int *v; } b = {s.p}; b.v[1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { int *arr[1] = {s.p}; arr[0][1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { std::pair<int *, int> pr(s.p, 1); pr.first[1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { W2 w; w.set(s.p); w.q[1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { std::array<int *, 1> ar = {s.p}; ar[0][1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { Box<int *> b{s.p}; b.v[1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { Box<int *> b; b.v = s.p; int *q = b.v; q[1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { Box<S> b{s}; b.v.p[1] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { int *q = nullptr; auto set = [&q](int *x) { q = x; }; set(s.p);
    q[3] = 70; }
})src",
                            /*Cxx=*/true);
  allRefused(F, 9);
}

TEST_CASE("a loaded pointer stored where no later load dereferences it, or "
          "into the storage it came from, leaves the region translated",
          "[analysis][loaded-pointer][loaded-flow]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void f(int *a, int **out, int *r) {
  struct S s = {a, 8};
  #pragma omp target map(to: s) map(tofrom: a[0:8], r[0:1])
  { struct B { int *v; } b; b.v = s.p; r[0] = b.v != 0; }
  #pragma omp target map(to: s) map(tofrom: out[0:1])
  { out[0] = s.p; }
  #pragma omp target map(tofrom: s) map(tofrom: a[0:8])
  { int *t = s.p; s.p = a; s.p[1] = 5; s.p = t; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  for (size_t I = 0; I < 3; ++I) {
    INFO("region " << I);
    CHECK(F.Regions[I].R.Translate);
  }
}

TEST_CASE("an implicit pointer stored into a local array and dereferenced "
          "from there stays on the host; one only stored keeps the host's "
          "value",
          "[analysis][loaded-flow][implicit-pointer]") {
  FileResult F = translateC(R"src(
void f(int *a, int *r) {
  int *p = a + 2;
  #pragma omp target map(tofrom: a[0:8], r[0:1])
  { int *arr[1]; arr[0] = p; arr[0][1] = 50; }
  #pragma omp target map(tofrom: r[0:1])
  { struct B { int *v; } b; b.v = p; r[0] = b.v == 0; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(contains(F.Regions[0].R.Reason, "pointer 'p'"));
  CHECK(F.Regions[1].R.Translate);
}

TEST_CASE("a loaded pointer reaching a dereference through an integer, or "
          "through the rows of a parameter its function maps nothing "
          "through, keeps the region on the host",
          "[analysis][loaded-pointer][loaded-flow]") {
  FileResult F = translateC(R"src(
#include <stdint.h>
struct S { int *p; int n; };
void f(int *a, int **out, struct S s) {
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { int *q = s.p; intptr_t x = (intptr_t)q + 4; ((int *)x)[0] = 50; }
  #pragma omp target map(to: s) map(tofrom: a[0:8])
  { int *q = s.p; ((int *)(intptr_t)q)[1] = 50; }
  #pragma omp target map(to: s)
  { out[0] = s.p; out[0][1] = 50; }
})src");
  allRefused(F, 3);
}

TEST_CASE("an implicit pointer converted to its base class's pointer and "
          "dereferenced is translated; one also cast to a local integer "
          "stays on the host",
          "[analysis][loaded-flow][implicit-pointer]") {
  FileResult F = translateC(R"src(
struct Base { int x; };
struct Der : Base { int y; };
void f(Der *d, long *r) {
  Der *p = d;
  #pragma omp target map(tofrom: d[0:1])
  { Base *b = p; b->x = 57; }
  #pragma omp target map(tofrom: d[0:1], r[0:1])
  { long v = (long)p; ((Der *)v)->y = 1; }
  #pragma omp target map(tofrom: d[0:1], r[0:1])
  { r[0] = (long)p; }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  REQUIRE(F.Regions[0].R.Translate);
  const Capture *P = findCapture(F.Regions[0].R, "p");
  REQUIRE(P);
  CHECK(P->How == Passing::DevicePointer);
  // Refused for p's two uses, or first for the pointer converted from an
  // integer (IntegerPointers).
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK((contains(F.Regions[1].R.Reason, "pointer 'p'") ||
         contains(F.Regions[1].R.Reason, "converted from an integer")));
  REQUIRE(F.Regions[2].R.Translate);
  P = findCapture(F.Regions[2].R, "p");
  REQUIRE(P);
  CHECK(P->How == Passing::Value);
}

TEST_CASE("an attached loaded pointer whose value the host build sees keeps "
          "the region on the host; one only dereferenced, or tested against "
          "null, stays translated",
          "[analysis][loaded-pointer][loaded-flow][attached-value]") {
  // scratch-ex10 r6.cpp: q.p attached into w's copy, stored into stash:
  // emu `stash into w 0`, the host build 1.
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void f(int *w, struct S q, struct S *sp, int **pp, int **stash, long *b) {
  #pragma omp target enter data map(to: w[0:8]) map(to: q) map(to: q.p)
  #pragma omp target enter data map(to: sp[0:1], sp->p[0:4], pp[0:2], pp[0][0:4])
  #pragma omp target map(tofrom: stash[0:4])
  { stash[1] = q.p + 2; }
  #pragma omp target map(tofrom: stash[0:4])
  { stash[0] = sp->p; }
  #pragma omp target map(tofrom: stash[0:4])
  { int *t = pp[0]; stash[2] = t; }
  #pragma omp target map(tofrom: b[0:1])
  { b[0] = (long)sp->p; }
  #pragma omp target map(tofrom: b[0:1])
  { int *t = sp->p; t[0] = 1; b[0] = (sp->p != 0) + (pp[0] == 0); }
  #pragma omp target
  { sp->p = sp->p + 1; sp->p[0] = 2; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 8);
  unsigned Lines[] = {0, 0, 7, 9, 11, 13};
  for (int I : {2, 3, 4, 5}) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(contains(F.Regions[I].R.Reason,
                   "has its value used where the host build sees it"));
    CHECK(F.Regions[I].R.WhyPos.Line == Lines[I]);
  }
  CHECK(F.Regions[6].R.Translate);
  // Stored back into an attached pointer: the runtime gives the host its
  // host counterpart (exit_data_held_items.cpp).
  CHECK(F.Regions[7].R.Translate);
}

TEST_CASE("a local copy of a record whose pointers a map attaches holds the "
          "attached values: its pointer's value seen by the host keeps the "
          "region on the host",
          "[analysis][loaded-pointer][loaded-flow][attached-value]") {
  // scratch-ex11 r16.cpp: `S l = q; stash[1] = l.p;` (emu `same 0`, the
  // host build 1); a copy only dereferenced stays translated.
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void f(struct S q, int **stash) {
  #pragma omp target enter data map(to: q, q.p[0:8])
  #pragma omp target map(tofrom: stash[0:4])
  { struct S l = q; stash[1] = l.p; }
  #pragma omp target
  { struct S l = q; l.p[3] = 7; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(F.Regions[1].R.Why == DiagId::HostClause);
  CHECK(contains(F.Regions[1].R.Reason,
                 "a pointer held in 'l' (a copy of a record whose pointers a "
                 "map attaches)"));
  CHECK(F.Regions[1].R.WhyPos.Line == 6u);
  CHECK(F.Regions[2].R.Translate);
}

TEST_CASE("a whole copy of a record whose pointers a map attaches, into "
          "memory the host may read, keeps the region on the host; into a "
          "local, or by value to a callee that only dereferences, does not",
          "[analysis][loaded-pointer][loaded-flow][attached-value]") {
  // scratch-main45 e1.c: `recs[0] = q;` of a mapped array of records: emu
  // `same 0`, the host build `same 1`; e4c.c: `w.s = l` of a local copy.
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
struct W { struct S s; };
#pragma omp declare target
static void put(struct S s, struct S *out) { out[0] = s; }
static int use(struct S s) { return s.p[1] + s.n; }
static void keep(struct S s, int **out) { out[0] = s.p; }
#pragma omp end declare target
void f(struct S q, struct S *recs, struct W w, int **stash, int r) {
  #pragma omp target data map(to: q, q.p[0:4]) map(tofrom: recs[0:2], w, r)
  {
    #pragma omp target
    { recs[0] = q; }
    #pragma omp target
    { struct S l = q; w.s = l; }
    #pragma omp target
    { put(q, recs + 1); }
    #pragma omp target
    { struct S a[1] = {q}; r = a[0].n; }
    #pragma omp target map(tofrom: r)
    { struct S l; l = q; r = use(l) + use(q); }
    #pragma omp target map(tofrom: stash[0:1])
    { struct S l = q; keep(l, stash); }
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 7);
  const unsigned Lines[] = {13, 15, 17, 19};
  for (unsigned I = 0; I < 4; ++I) {
    INFO("region " << I + 1);
    CHECK_FALSE(F.Regions[I + 1].R.Translate);
    CHECK(F.Regions[I + 1].R.Why == DiagId::HostClause);
    CHECK(F.Regions[I + 1].R.WhyPos.Line == Lines[I]);
  }
  CHECK(contains(F.Regions[1].R.Reason,
                 "is copied whole with the record where the host may see "
                 "its value"));
  CHECK(contains(F.Regions[2].R.Reason, "a pointer held in 'l'"));
  CHECK(F.Regions[5].R.Translate);
  CHECK_FALSE(F.Regions[6].R.Translate);
  CHECK(F.Regions[6].R.WhyPos.Line == 23u);
}

TEST_CASE("C++: a copy assignment of an attached record through a cast, or "
          "of a callee's return, keeps the region on the host",
          "[analysis][loaded-pointer][loaded-flow][attached-value]") {
  // Not following it let `recs[0] = static_cast<const S &>(q);` and
  // `recs[0] = q.self();` through (review rev45 c2.cpp, i7.cpp: emu
  // `same 0`, the host build `same 1`).
  FileResult F = translateC(R"src(
struct S { int *p; int n; S self() const { return *this; } };
void f(S q, S *recs, int &r) {
  #pragma omp target data map(to: q, q.p[0:4]) map(tofrom: recs[0:2], r)
  {
    #pragma omp target
    { recs[0] = static_cast<const S &>(q); }
    #pragma omp target
    { recs[0] = q.self(); }
  }
})src",
                            true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason,
                 "a pointer held in 'q', which a map attaches to the device "
                 "copy of what it points to, is copied whole"));
  CHECK_FALSE(F.Regions[2].R.Translate);
}

TEST_CASE("an assignment's value copied on, and a virtual callee, take an "
          "attached record's copy where the host may see it",
          "[analysis][loaded-pointer][loaded-flow][attached-value]") {
  // Review rev45 f4.c (`recs[0] = l = q;`) and i5.cpp (an override keeps
  // the by-value parameter: `*o = s;`).
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
struct B { virtual int use(S s, S *o) { return s.p[0]; } };
struct D : B { int use(S s, S *o) override { *o = s; return 0; } };
void f(S q, S *recs, B *b) {
  #pragma omp target data map(to: q, q.p[0:4]) map(tofrom: recs[0:2])
  {
    #pragma omp target
    { S l; recs[0] = l = q; }
    #pragma omp target
    { D d; B *bp = &d; bp->use(q, recs); }
  }
})src",
                            true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK_FALSE(F.Regions[2].R.Translate);
}

TEST_CASE("copies of an attached record through a pointer parameter, a "
          "cast, a structured binding, a library constructor, or a local "
          "copy whose address is taken keep the region on the host",
          "[analysis][loaded-pointer][loaded-flow][attached-value]") {
  // Review rev45 a2b.c, c3.cpp, f1.cpp, f6.cpp, d14.c: each printed emu
  // `same 0`, the host build `same 1`.
  FileResult F = translateC(R"src(
#include <utility>
struct S { int *p; int n; };
#pragma omp declare target
static void cp(S *o, const S *i) { *o = *i; }
#pragma omp end declare target
void f(S q, S *recs, int **ptrs) {
  #pragma omp target data map(to: q, q.p[0:4]) map(tofrom: recs[0:2], ptrs[0:2])
  {
    #pragma omp target
    { cp(recs, &q); }
    #pragma omp target
    { S l = static_cast<S &&>(q); recs[0] = l; }
    #pragma omp target
    { auto [pp, nn] = q; ptrs[0] = pp; }
    #pragma omp target
    { std::pair<S, int> pr(q, 1); recs[0] = pr.first; }
    #pragma omp target
    { S l = q; S *pl = &l; ptrs[0] = pl->p; }
    #pragma omp target
    { S l = q; ptrs[1] = &l.p[1]; l.p[0] = 3; }
  }
})src",
                            true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 7);
  for (unsigned I = 1; I < 6; ++I) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
  }
}
