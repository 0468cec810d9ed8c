// A pointer held in a mapped record is the host's address on the device,
// unless the region itself first stores a device address there
// (OpenMP_VV 4.5 test_target_data_map_classes.cpp): what proves the store
// and what keeps the region on the host.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a region that stores a device address in a record's pointer, "
          "dereferences it and puts the host's back is translated",
          "[analysis][loaded-pointer]") {
  FileResult F = translateC(R"src(
struct A { int *h; int size; int sum; };
void f(int *q) {
  int array[8];
  A obj = {q, 8, 0};
  #pragma omp target data map(from: array[0:8]) map(tofrom: obj)
  {
    #pragma omp target
    {
      int *t = obj.h;
      obj.h = array;
      int tmp = 0;
      for (int i = 0; i < 8; ++i) {
        obj.h[i] = 1;
        tmp += 1;
      }
      obj.h = t;
      obj.sum = tmp;
    }
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[1].R.Translate);
}

TEST_CASE("a stored device address: mapped pointers, &a[i], firstprivate "
          "records",
          "[analysis][loaded-pointer]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void f(int *q, struct S s) {
  int a[8];
  #pragma omp target map(tofrom: q[0:8])
  { int *t = s.p; s.p = q + 1; s.p[0] = 3; s.n = 1; s.p = t; }
  #pragma omp target map(tofrom: a) firstprivate(s)
  { s.p = &a[2]; *(s.p + 1) = 3; }
  #pragma omp target map(tofrom: a) private(s)
  { for (int i = 0; i < 8; ++i) { s.p = a; s.p[i] = i; } }
  #pragma omp target firstprivate(s)
  { s.p = q; s.p[1] = 11; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  for (int I : {0, 1, 2})
    CHECK(F.Regions[I].R.Translate);
  // q is taken implicitly: a region that stores it keeps the host's value
  // (the implicit-pointer rule), so s.p holds no device address.
  CHECK_FALSE(F.Regions[3].R.Translate);
  CHECK(F.Regions[3].R.Why == DiagId::HostClause);
}

TEST_CASE("a record's pointer not proven to hold a device address at its "
          "dereference keeps the region on the host",
          "[analysis][loaded-pointer]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
union U { int *p; long n; };
void g(void) {}
void f(int *q, int **pp, struct S s, union U u, int c) {
  int a[8];
  #pragma omp target map(tofrom: a)
  { s.p = a; s.p[0] = 1; }
  #pragma omp target map(tofrom: a)
  { int *t = s.p; s.p[0] = 1; s.p = a; s.p = t; }
  #pragma omp target map(tofrom: a) firstprivate(s)
  { if (c) s.p = a; s.p[0] = 1; }
  #pragma omp target map(tofrom: a) firstprivate(s)
  { s.p = a; g(); s.p[0] = 1; }
  #pragma omp target map(tofrom: a) firstprivate(s)
  { int *h = s.p; s.p = h; s.p[0] = 1; }
  #pragma omp target map(tofrom: a) firstprivate(s, q)
  { s.p = q; s.p[0] = 1; }
  #pragma omp target map(tofrom: a, pp[0:1]) firstprivate(s)
  { s.p = a; *pp = a; s.p[0] = 1; }
  #pragma omp target map(tofrom: a) firstprivate(s)
  { struct S *ps = &s; s.p = a; s.p[0] = 1; }
  #pragma omp target map(tofrom: a) firstprivate(s)
  { int *h = s.p; s.p = a; for (int i = 0; i < 8; ++i) { s.p[i] = 1; s.p = h; } }
  #pragma omp target map(tofrom: a) firstprivate(u)
  { u.p = a; u.p[0] = 1; }
  #pragma omp target map(tofrom: a)
  { int *t = s.p; if (c) { s.p = a; s.p[0] = 1; } s.p = t; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 11);
  for (size_t I = 0; I < F.Regions.size(); ++I) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    // &s is a copy of the record's pointer too.
    CHECK(contains(F.Regions[I].R.Reason,
                   I == 7 ? "has its address taken" : "is dereferenced"));
  }
}

TEST_CASE("a pointer held in a record reached through a pointer: refused "
          "unless a member item attaches it or the region stores a device "
          "address there first and puts the host's back",
          "[analysis][loaded-pointer]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void f(int *q, struct S *sp) {
  int a[8];
  #pragma omp target map(tofrom: a, sp[0:1])
  { sp->p[0] = 30; }
  #pragma omp target map(tofrom: a, sp[0:1])
  { (*sp).p[1] = 30; }
  #pragma omp target map(tofrom: a, sp[0:1])
  { sp[0].p[2] = 30; }
  #pragma omp target map(tofrom: a) firstprivate(sp)
  { sp->p = a; sp->p[0] = 1; }
  #pragma omp target map(tofrom: a, sp[0:1])
  { struct S *t = sp; t->p[0] = 1; }
  #pragma omp target map(tofrom: a, sp[0:1])
  { int *t = sp->p; sp->p = a; sp->p[3] = 1; sp->n = 2; sp->p = t; }
}
void g(struct S *sp) {
  #pragma omp target enter data map(to: sp[0:1], sp->p[0:8])
  #pragma omp target
  { sp->p[0] = 30; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 8);
  for (int I : {0, 1, 2, 3, 4}) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(contains(F.Regions[I].R.Reason, "points to is dereferenced"));
  }
  CHECK(F.Regions[5].R.Translate);
  CHECK(F.Regions[7].R.Translate);
}

TEST_CASE("a pointer held in a mapped record, copied to a pointer that is "
          "dereferenced or passed to a call, keeps the region on the host; "
          "its value alone does not",
          "[analysis][loaded-pointer]") {
  FileResult F = translateC(R"src(
struct S { int *p; int *q; };
int *gp;
#pragma omp declare target(gp)
void g(int *x) { x[0] = 1; }
void f(struct S s, struct S *sp) {
  int a[8], v = 0;
  int *arr[2] = {a, a + 1};
  #pragma omp target map(tofrom: a)
  { int *t = s.p; t[0] = 30; }
  #pragma omp target map(tofrom: a)
  { int *t; t = arr[0] + 1; *t = 30; }
  #pragma omp target map(tofrom: a)
  { g(s.p); }
  #pragma omp target map(tofrom: a, sp[0:1])
  { int *t = sp->p; int *u = t; u[0] = 30; }
  #pragma omp target map(tofrom: a)
  { int *t = gp; t[0] = 30; }
  #pragma omp target map(tofrom: a, v)
  { int *t = s.p; v = (s.p == s.q) + (s.p != 0); s.q = t; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 6);
  for (int I = 0; I < 5; ++I) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(contains(F.Regions[I].R.Reason, "is copied to a pointer"));
  }
  CHECK(F.Regions[5].R.Translate);
}

TEST_CASE("only a data construct in force at the region attaches a "
          "record's pointer there",
          "[analysis][loaded-pointer]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void later(struct S s) {
  #pragma omp target
  { s.p[0] = 30; }
  #pragma omp target enter data map(to: s, s.p[0:8])
}
void released(struct S s) {
  #pragma omp target enter data map(to: s, s.p[0:8])
  #pragma omp target exit data map(release: s, s.p[0:8])
  #pragma omp target
  { s.p[0] = 30; }
}
void branch(struct S s, int c) {
  if (c) {
    #pragma omp target enter data map(to: s, s.p[0:8])
  }
  #pragma omp target
  { s.p[0] = 30; }
}
void around(struct S s) {
  #pragma omp target data map(to: s, s.p[0:8])
  {
    #pragma omp target
    { s.p[0] = 30; }
  }
}
void before(struct S s) {
  #pragma omp target enter data map(to: s, s.p[0:8])
  for (int i = 0; i < 2; ++i) {
    #pragma omp target
    { s.p[i] = 30; }
  }
})src");
  REQUIRE(F.Ok);
  // In source order, data constructs included. later: target, enter;
  // released: enter, exit, target; branch: enter, target; around: data,
  // target; before: enter, target.
  REQUIRE(F.Regions.size() == 11);
  for (int I : {0, 4, 6}) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(contains(F.Regions[I].R.Reason, "is dereferenced"));
  }
  CHECK(F.Regions[8].R.Translate);
  CHECK(F.Regions[10].R.Translate);
}

TEST_CASE("an implicit pointer stored in a record's member is a device "
          "address only where the host never sees the store",
          "[analysis][loaded-pointer][implicit-pointer]") {
  // The merge of w19 (an implicit pointer whose value escapes keeps the
  // host's) and l19 (a stored device address may be dereferenced): a
  // store the region puts back is no escape (OpenMP_VV 4.5
  // test_target_data_map_classes); any other store keeps the host's value,
  // so dereferencing the member must keep the region on the host.
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void f(int *q, struct S s) {
  #pragma omp target data map(tofrom: q[0:8])
  {
    #pragma omp target map(tofrom: s)
    { int *t = s.p; s.p = q; s.p[0] = 3; s.n = 1; s.p = t; }
    #pragma omp target firstprivate(s)
    { s.p = q; s.p[1] = 11; }
    #pragma omp target map(tofrom: s)
    { s.p = q; s.p[2] = 12; }
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4); // the target data construct first
  CHECK(F.Regions[1].R.Translate);
  for (int I : {2, 3}) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
  }
}

TEST_CASE("a record bound to a reference is the mapped record: a pointer "
          "held in it is refused unless a member item attaches it",
          "[analysis][loaded-pointer]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void f(S &r, int *a) {
  #pragma omp target map(tofrom: a[0:8])
  { r.p[1] = 5; }
}
void g(int *a, S &s) {
  #pragma omp target map(tofrom: a[0:8], s)
  { S &r = s; r.p[2] = 6; }
  S &r2 = s;
  #pragma omp target map(tofrom: a[0:8], r2)
  { r2.p[3] = 7; }
  #pragma omp target enter data map(to: r2, r2.p[0:8])
  #pragma omp target
  { r2.p[3] = 7; }
  #pragma omp target map(tofrom: a[0:8])
  { S loc = {a, 8}; S &r = loc; r.p[0] = 1; }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 6); // the enter data construct is one
  for (int I : {0, 1, 2}) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(contains(F.Regions[I].R.Reason, "a pointer held in"));
  }
  CHECK(F.Regions[4].R.Translate);
  CHECK(F.Regions[5].R.Translate);
}

TEST_CASE("a mapped record's or array's pointer copied other ways than a "
          "load (a whole-record copy, an integer, its address, the array "
          "itself) keeps the region on the host",
          "[analysis][loaded-pointer]") {
  FileResult F = translateC(R"src(
#include <stdint.h>
#include <string.h>
struct S { int *p; int n; };
struct W { struct S in; };
struct P { int *ptrs[2]; int n; };
void f(int *a, struct S s, struct W w, struct P ps, int *pa[2]) {
  int *arr[2] = {a, a};
  #pragma omp target map(tofrom: a[0:8], s)
  { struct S loc = s; loc.p[1] = 5; }
  #pragma omp target map(tofrom: a[0:8], w)
  { struct S loc; loc = w.in; loc.p[2] = 6; }
  #pragma omp target map(tofrom: a[0:8], s)
  { uintptr_t v = (uintptr_t)s.p; int *t = (int *)v; t[1] = 5; }
  #pragma omp target map(tofrom: a[0:8], s)
  { int *t; memcpy(&t, &s.p, sizeof t); t[2] = 6; }
  #pragma omp target map(tofrom: a[0:8], s)
  { int **pp = &s.p; (*pp)[3] = 7; }
  #pragma omp target map(tofrom: a[0:8], ps)
  { ps.ptrs[1][1] = 5; }
  #pragma omp target map(tofrom: a[0:8], arr)
  { int **pp = arr; pp[1][3] = 7; }
  #pragma omp target map(tofrom: a[0:8], arr)
  { int *x = *(arr + 1); x[4] = 8; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 8);
  for (int I = 0; I < 8; ++I) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(contains(F.Regions[I].R.Reason, "a pointer held in"));
  }
}

TEST_CASE("update attaches nothing, and an exit data construct before the "
          "region, in a target data construct or in a called function, "
          "releases the attachment",
          "[analysis][loaded-pointer]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
struct S g;
void cleanup(void) {
  #pragma omp target exit data map(delete: g, g.p[0:8])
}
void keep(void) {}
void f(int *a, struct S s) {
  #pragma omp target update to(s.p[0:8])
  #pragma omp target map(tofrom: a[0:8])
  { s.p[1] = 80; }
  #pragma omp target data map(to: s, s.p[0:8])
  {
    #pragma omp target exit data map(delete: s.p[0:8], s)
    #pragma omp target map(tofrom: a[0:8])
    { s.p[1] = 80; }
  }
  #pragma omp target enter data map(to: g, g.p[0:8])
  cleanup();
  #pragma omp target map(tofrom: a[0:8])
  { g.p[2] = 81; }
  #pragma omp target enter data map(to: g, g.p[0:8])
  keep();
  #pragma omp target map(tofrom: a[0:8])
  { g.p[2] = 81; }
})src");
  REQUIRE(F.Ok);
  // Every construct is one: exit data, update, target, target data, exit
  // data, target, enter data, target, enter data, target.
  REQUIRE(F.Regions.size() == 10);
  for (int I : {2, 5, 7}) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(contains(F.Regions[I].R.Reason, "is dereferenced"));
  }
  CHECK(F.Regions[9].R.Translate);
}

TEST_CASE("a record used in a lambda of the region is not followed by the "
          "order of its text",
          "[analysis][loaded-pointer]") {
  // Review rV of v20: the lambda, written before the store, reads l.p
  // after it; s.p then held the device address the host build saw as a
  // (host 1, emu 0).
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void f(struct S &s, int *v) {
  int a[4] = {1, 2, 3, 4};
  #pragma omp target map(tofrom: a, s, v[0:1])
  {
    S l = {nullptr, 0};
    auto get = [&]() { return l.p; };
    l.p = a; a[0] = 9;
    s.p = get();
  }
  #pragma omp target map(tofrom: a, s, v[0:1])
  {
    S l = {nullptr, 0};
    l.p = a; a[0] = 9;
    v[0] = l.p[1];
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[1].R.Translate);
}
