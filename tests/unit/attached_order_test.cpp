// A map item through a pointer held in mapped storage attaches it only when
// the holder is present as the item is mapped (review rv x1, x2, mi): a
// holder mapped later gets a fresh copy holding the host's address.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a holder mapped after the item that maps through it: the pointer "
          "is not attached, the region stays on the host",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void f(struct S s) {
  #pragma omp target data map(tofrom: s.p[0:4])
  {
    #pragma omp target data map(to: s)
    {
      #pragma omp target
      { s.p[0] = 5; }
    }
  }
  #pragma omp target data map(to: s)
  {
    #pragma omp target data map(tofrom: s.p[0:4])
    {
      #pragma omp target
      { s.p[0] = 5; }
    }
  }
}
void g(struct S s) {
  #pragma omp target enter data map(to: s.p[0:4])
  #pragma omp target enter data map(to: s)
  #pragma omp target
  { s.p[1] = 6; }
}
void h(struct S s) {
  #pragma omp target enter data map(to: s)
  #pragma omp target enter data map(to: s.p[0:4])
  #pragma omp target
  { s.p[1] = 6; }
}
void k(struct S s) {
  #pragma omp target enter data map(to: s)
  #pragma omp target data map(tofrom: s.p[0:4])
  {
    #pragma omp target
    { s.p[2] = 7; }
  }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 5);
  checkDerefRefused(*T[0], "held in 's'");
  CHECK(T[1]->Translate);
  checkDerefRefused(*T[2], "held in 's'");
  CHECK(T[3]->Translate);
  CHECK(T[4]->Translate);
}

TEST_CASE("a field of a base class the object holds twice: the item through "
          "one base's pointer attaches neither (the path has no base step)",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct B { int *p; };
struct L : B {};
struct R : B {};
struct D : L, R {};
struct E : B {};
void f(D d, E e) {
  #pragma omp target data map(to: d) map(tofrom: d.L::p[0:4])
  {
    #pragma omp target
    { d.R::p[1] = 5; }
  }
  #pragma omp target data map(to: e) map(tofrom: e.p[0:4])
  {
    #pragma omp target
    { e.p[1] = 5; }
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 2);
  CHECK_FALSE(T[0]->Translate);
  CHECK(T[1]->Translate);
}

TEST_CASE("a pointer of a mapped record changed on the host between the data "
          "construct and the region, by name or through an alias: the region "
          "stays on the host",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
int other[4];
void set(struct S *t);
void f(int *buf) {
  struct S s1 = {buf, 4}, s2 = {buf, 4}, s3 = {buf, 4}, s4 = {buf, 4};
  struct S s5 = {buf, 4};
  struct S *sp = &s2;
  #pragma omp target data map(to: s1) map(tofrom: s1.p[0:4])
  {
    s1.p = other;
    #pragma omp target
    { s1.p[0] = 5; }
  }
  #pragma omp target data map(to: s2) map(tofrom: s2.p[0:4])
  {
    sp->p = other;
    #pragma omp target
    { s2.p[0] = 5; }
  }
  #pragma omp target data map(to: s3) map(tofrom: s3.p[0:4])
  {
    set(&s3);
    #pragma omp target
    { s3.p[0] = 5; }
  }
  struct S *sp5 = &s5;
  #pragma omp target data map(to: s5) map(tofrom: s5.p[0:4])
  {
    set(sp5);
    #pragma omp target
    { s5.p[0] = 5; }
  }
  #pragma omp target data map(to: s4) map(tofrom: s4.p[0:4])
  {
    s4.n = 3;
    #pragma omp target
    { s4.p[0] = 5; }
  }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 5);
  checkDerefRefused(*T[0], "held in 's1'");
  checkDerefRefused(*T[1], "held in 's2'");
  checkDerefRefused(*T[2], "held in 's3'");
  checkDerefRefused(*T[3], "held in 's5'");
  CHECK(T[4]->Translate);
}

TEST_CASE("a mapped record written whole, through an alias of the record or of "
          "its array, or by a call that reaches it, between the data construct "
          "and the region: the region stays on the host (review hwa)",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
int other[4];
struct S *gsp;
static struct S make(int *q) { struct S r = {q, 4}; return r; }
static void viaGlobal(void) { gsp->p = other; }
static void nothing(void) {}
void f(int *buf, struct S *sp, struct S *o) {
  struct S s1 = {buf, 4}, s2 = {other, 4}, s3 = {buf, 4}, s4 = {buf, 4};
  struct S s5 = {buf, 4}, s6 = {buf, 4}, s7 = {buf, 4}, s8 = {buf, 4};
  struct S sa[2] = {{buf, 4}, {other, 4}}, sb[2] = {{buf, 4}, {other, 4}};
  struct S *p4 = &s4;
  #pragma omp target data map(to: s1) map(tofrom: s1.p[0:4])
  {
    s1 = s2;
    #pragma omp target
    { s1.p[0] = 5; }
  }
  #pragma omp target data map(to: s3) map(tofrom: s3.p[0:4])
  {
    s3 = make(other);
    #pragma omp target
    { s3.p[0] = 5; }
  }
  #pragma omp target data map(to: s5) map(tofrom: s5.p[0:4])
  {
    s5 = (struct S){other, 4};
    #pragma omp target
    { s5.p[0] = 5; }
  }
  #pragma omp target data map(to: sa) map(tofrom: sa[0].p[0:4])
  {
    sa[0] = sa[1];
    #pragma omp target
    { sa[0].p[0] = 5; }
  }
  #pragma omp target data map(to: s4) map(tofrom: s4.p[0:4])
  {
    *p4 = s2;
    #pragma omp target
    { s4.p[0] = 5; }
  }
  #pragma omp target data map(to: sb) map(tofrom: sb[0].p[0:4])
  {
    { struct S *q = sb; q->p = other; }
    #pragma omp target
    { sb[0].p[0] = 5; }
  }
  struct S *p6 = &s6;
  #pragma omp target data map(to: p6[0:1]) map(tofrom: p6->p[0:4])
  {
    s6.p = other;
    #pragma omp target
    { p6->p[0] = 5; }
  }
  struct S *sp2 = sp;
  #pragma omp target data map(to: sp[0:1]) map(tofrom: sp->p[0:4])
  {
    sp2->p = other;
    #pragma omp target
    { sp->p[0] = 5; }
  }
  #pragma omp target data map(to: sp[0:1]) map(tofrom: sp->p[0:4])
  {
    o->p = other;
    #pragma omp target
    { sp->p[0] = 5; }
  }
  gsp = &s7;
  #pragma omp target data map(to: s7) map(tofrom: s7.p[0:4])
  {
    viaGlobal();
    #pragma omp target
    { s7.p[0] = 5; }
  }
  #pragma omp target data map(to: s8) map(tofrom: s8.p[0:4])
  {
    #pragma omp parallel
    { s8.p = other; }
    #pragma omp target
    { s8.p[0] = 5; }
  }
  // Controls: a call that writes nothing, a record not written.
  #pragma omp target data map(to: sp[0:1]) map(tofrom: sp->p[0:4])
  {
    nothing();
    s2.n = 3;
    #pragma omp target
    { sp->p[0] = 5; }
  }
  #pragma omp target data map(to: s2) map(tofrom: s2.p[0:4])
  {
    s1 = s3;
    viaGlobal();
    #pragma omp target
    { s2.p[0] = 5; }
  }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 13);
  checkDerefRefused(*T[0], "held in 's1'");
  checkDerefRefused(*T[1], "held in 's3'");
  checkDerefRefused(*T[2], "held in 's5'");
  checkDerefRefused(*T[3], "'sa'");
  checkDerefRefused(*T[4], "held in 's4'");
  checkDerefRefused(*T[5], "'sb'");
  checkDerefRefused(*T[6], "what 'p6' points to");
  checkDerefRefused(*T[7], "what 'sp' points to");
  checkDerefRefused(*T[8], "what 'sp' points to");
  checkDerefRefused(*T[9], "held in 's7'");
  checkDerefRefused(*T[10], "held in 's8'");
  CHECK(T[11]->Translate);
  CHECK(T[12]->Translate);
}

TEST_CASE("C++: a lambda capturing the mapped record by reference, or a "
          "reference bound to it, writes its pointer before the region: the "
          "region stays on the host (review hwa b5)",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
#include <cstring>
struct S { int *p; int n; };
int other[4];
void f(int *buf, S &rs) {
  S s1 = {buf, 4}, s2 = {buf, 4}, s3 = {buf, 4}, s4 = {buf, 4};
  auto set = [&] { s1.p = other; };
  #pragma omp target data map(to: s1) map(tofrom: s1.p[0:4])
  {
    set();
    #pragma omp target
    { s1.p[0] = 5; }
  }
  auto set2 = [&r = s2] { r.p = other; };
  #pragma omp target data map(to: s2) map(tofrom: s2.p[0:4])
  {
    set2();
    #pragma omp target
    { s2.p[0] = 5; }
  }
  S src = {other, 4};
  #pragma omp target data map(to: s3) map(tofrom: s3.p[0:4])
  {
    std::memcpy(&s3, &src, sizeof s3);
    #pragma omp target
    { s3.p[0] = 5; }
  }
  S *q = &s4;
  #pragma omp target data map(to: rs) map(tofrom: rs.p[0:4])
  {
    q->p = other;
    #pragma omp target
    { rs.p[0] = 5; }
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 4);
  checkDerefRefused(*T[0], "held in 's1'");
  checkDerefRefused(*T[1], "held in 's2'");
  checkDerefRefused(*T[2], "held in 's3'");
  checkDerefRefused(*T[3], "'rs'");
}

TEST_CASE("a holder written in a loop after the region, after enter data, in a "
          "callee by name, through a member pointer, byte by byte, or as an "
          "element of a member array: the region stays on the host (review "
          "hwa variants)",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
struct T { struct S *sp; };
struct W { struct S arr[2]; };
int other[4];
struct S gs;
static void setGlobal(void) { gs.p = other; }
void f(int *buf, struct W w) {
  struct S s1 = {buf, 4}, s2 = {other, 4}, s3 = {buf, 4}, s4 = {buf, 4};
  struct T t = {&s3};
  struct S *alias = &s3;
  int *bp = other;
  char *c = (char *)&s4;
  const char *src = (const char *)&bp;
  #pragma omp target data map(to: s1) map(tofrom: s1.p[0:4])
  for (int k = 0; k < 2; ++k) {
    #pragma omp target
    { s1.p[0] += 1; }
    s1 = s2;
  }
  #pragma omp target enter data map(to: s2, s2.p[0:4])
  s2 = s1;
  #pragma omp target
  { s2.p[0] = 5; }
  #pragma omp target data map(to: gs) map(tofrom: gs.p[0:4])
  {
    setGlobal();
    #pragma omp target
    { gs.p[0] = 5; }
  }
  #pragma omp target data map(to: t, t.sp[0:1]) map(tofrom: t.sp->p[0:4])
  {
    alias->p = other;
    #pragma omp target
    { t.sp->p[0] = 5; }
  }
  #pragma omp target data map(to: s4) map(tofrom: s4.p[0:4])
  {
    for (unsigned i = 0; i < sizeof bp; ++i)
      c[i] = src[i];
    #pragma omp target
    { s4.p[0] = 5; }
  }
  #pragma omp target data map(to: w) map(tofrom: w.arr[1].p[0:4])
  {
    w.arr[1] = s2;
    #pragma omp target
    { w.arr[1].p[0] = 5; }
  }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 6);
  checkDerefRefused(*T[0], "held in 's1'");
  checkDerefRefused(*T[1], "held in 's2'");
  checkDerefRefused(*T[2], "held in 'gs'");
  checkDerefRefused(*T[3], "a record the region reaches");
  checkDerefRefused(*T[4], "held in 's4'");
  checkDerefRefused(*T[5], "a record the region reaches");
}

TEST_CASE("C++: a holder written through a pointer to member, by a constructor "
          "or destructor reading its address from a global, by a range-for "
          "reference, or a reference parameter's referent written through a "
          "global alias: the region stays on the host (review hwa variants)",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
int other[4];
S *gsp;
struct Setter { Setter() { gsp->p = other; } };
struct Guard { ~Guard() { gsp->p = other; } };
void g(S &rs) {
  #pragma omp target data map(to: rs) map(tofrom: rs.p[0:4])
  {
    gsp->p = other;
    #pragma omp target
    { rs.p[0] = 5; }
  }
}
void f(int *buf) {
  S s1 = {buf, 4}, s2 = {buf, 4}, s3 = {buf, 4};
  S sa[2] = {{buf, 4}, {buf, 4}};
  int *S::*pm = &S::p;
  #pragma omp target data map(to: s1) map(tofrom: s1.p[0:4])
  {
    s1.*pm = other;
    #pragma omp target
    { s1.p[0] = 5; }
  }
  gsp = &s2;
  #pragma omp target data map(to: s2) map(tofrom: s2.p[0:4])
  {
    Setter x;
    #pragma omp target
    { s2.p[0] = 5; }
  }
  gsp = &s3;
  #pragma omp target data map(to: s3) map(tofrom: s3.p[0:4])
  {
    { Guard gd; }
    #pragma omp target
    { s3.p[0] = 5; }
  }
  #pragma omp target data map(to: sa) map(tofrom: sa[0].p[0:4])
  {
    for (S &x : sa)
      x.p = other;
    #pragma omp target
    { sa[0].p[0] = 5; }
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 5);
  checkDerefRefused(*T[0], "'rs'");
  checkDerefRefused(*T[1], "held in 's1'");
  checkDerefRefused(*T[2], "held in 's2'");
  checkDerefRefused(*T[3], "held in 's3'");
  checkDerefRefused(*T[4], "'sa'");
}

TEST_CASE("library calls that write nothing of the program's, and a pointer "
          "variable changed, leave a holder reached through a pointer "
          "attached",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
#include <stdio.h>
#include <string.h>
struct S { int *p; int n; };
void f(struct S *sp, struct S *o, char *msg, double *tmp) {
  #pragma omp target data map(to: sp[0:1]) map(tofrom: sp->p[0:4])
  {
    fprintf(stderr, "start %d\n", sp->n);
    printf("%s %d\n", "n", sp->n);
    o = sp;
    #pragma omp target
    { sp->p[0] = 5; }
  }
  #pragma omp target data map(to: sp[0:1]) map(tofrom: sp->p[0:4])
  {
    memset(tmp, 0, sizeof *tmp);
    #pragma omp target
    { sp->p[0] = 5; }
  }
  #pragma omp target data map(to: sp[0:1]) map(tofrom: sp->p[0:4])
  {
    strcpy(msg, "x");
    #pragma omp target
    { sp->p[0] = 5; }
  }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 3);
  CHECK(T[0]->Translate);
  // A library call given writable memory may write *sp (as memset may).
  checkDerefRefused(*T[1], "what 'sp' points to");
  checkDerefRefused(*T[2], "what 'sp' points to");
}

TEST_CASE("C++: a record assigned whole through another pointer of its type "
          "(its copy assignment operator) keeps a holder reached through a "
          "pointer unattached",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void put(S *sp, S *sp2, S v) {
  #pragma omp target data map(to: sp[0:1]) map(tofrom: sp->p[0:4])
  {
    *sp2 = v;
    #pragma omp target
    { sp->p[0] = 5; }
  }
  #pragma omp target data map(to: sp[0:1]) map(tofrom: sp->p[0:4])
  {
    sp2[1] = static_cast<S &&>(v);
    #pragma omp target
    { sp->p[0] = 5; }
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 2);
  checkDerefRefused(*T[0], "what 'sp' points to");
  checkDerefRefused(*T[1], "what 'sp' points to");
}

TEST_CASE("C++: a reference member bound to the mapped record, by aggregate "
          "initialization or a constructor, writes its pointer through the "
          "object: the region stays on the host (review hwa r1-r3)",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
int other[4];
struct R { S &x; };
struct H { S &x; H(S &y) : x(y) {} void set() { x.p = other; } };
void f(int *buf) {
  S s1 = {buf, 4}, s2 = {buf, 4}, s3 = {buf, 4};
  R r{s1};
  H h2(s2), h3(s3);
  #pragma omp target data map(to: s1) map(tofrom: s1.p[0:4])
  {
    r.x.p = other;
    #pragma omp target
    { s1.p[0] = 5; }
  }
  #pragma omp target data map(to: s2) map(tofrom: s2.p[0:4])
  {
    h2.x.p = other;
    #pragma omp target
    { s2.p[0] = 5; }
  }
  #pragma omp target data map(to: s3) map(tofrom: s3.p[0:4])
  {
    h3.set();
    #pragma omp target
    { s3.p[0] = 5; }
  }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 3);
  checkDerefRefused(*T[0], "held in 's1'");
  checkDerefRefused(*T[1], "held in 's2'");
  checkDerefRefused(*T[2], "held in 's3'");
}
