// Pointer variables of a target region whose pointee lies in what another
// item of the same construct maps (issue 8): their attachment, a
// zero-length section and a firstprivate pointer's translation all come
// after every map of the construct, so that they find that item on the
// device (tests/fallback/pointer_variables.c runs the programs).
#include "FlatText.h"
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {
/// Where S starts in the output (npos when absent).
size_t at(const FileResult &F, const std::string &S) {
  return F.Output.find(S);
}
} // namespace

TEST_CASE("a mapped pointer variable is mapped and attached after the "
          "construct's other maps",
          "[analysis][maps][pointer-order]") {
  FileResult F = translateC(R"src(
int f(int *q) {
  int *p = q + 2, v = 0;
  #pragma omp target map(to: p) map(tofrom: q[0:6], v)
  { p[0] *= 10; v = p[1]; }
  return v;
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.at(0).R.Translate);
  size_t Section = at(F, "o2c_region.mapSection(q, 0, 6, o2c::MapToFrom);");
  size_t Scalar = at(F, "o2c_region.mapObject(v, o2c::MapToFrom);");
  size_t Pointer = at(F, "o2c_region.mapPointer(p, o2c::MapTo);");
  REQUIRE(Section != std::string::npos);
  REQUIRE(Scalar != std::string::npos);
  REQUIRE(Pointer != std::string::npos);
  // Its exit, first of all, still finds q's copy for a pointer the kernel
  // moved.
  CHECK(Section < Pointer);
  CHECK(Scalar < Pointer);
}

TEST_CASE("firstprivate pointers and p[0:0] are translated after every map",
          "[analysis][maps][pointer-order]") {
  FileResult F = translateC(R"src(
void f(int *q) {
  int *p = q + 2, *r = q + 3, *s = q + 4;
  #pragma omp target firstprivate(p) map(tofrom: q[0:6])
  { p[0] *= 10; }
  #pragma omp target map(tofrom: q[0:6]) defaultmap(firstprivate: pointer)
  { r[0] *= 10; }
  #pragma omp target map(to: s[0:0]) map(tofrom: q[0:6])
  { s[0] *= 10; }
  int *d = (int *)0;
  #pragma omp target is_device_ptr(d)
  { d[0] = 1; }
})src");
  REQUIRE(F.Ok);
  for (int I = 0; I < 4; ++I)
    REQUIRE(F.Regions.at(I).R.Translate);
  const Capture *P = findCapture(F.Regions.at(0).R, "p");
  REQUIRE(P);
  CHECK(P->How == Passing::DevicePointer);
  const Capture *R = findCapture(F.Regions.at(1).R, "r");
  REQUIRE(R);
  CHECK(R->How == Passing::DevicePointer);
  // A device address is passed as it is.
  const Capture *D = findCapture(F.Regions.at(3).R, "d");
  REQUIRE(D);
  CHECK(D->How == Passing::Value);
  size_t Q = at(F, "o2c_region.mapSection(q, 0, 6, o2c::MapToFrom);");
  REQUIRE(Q != std::string::npos);
  CHECK(Q < at(F, "auto *p_d = o2c_region.translate(p);"));
  CHECK(at(F, "auto *p_d = o2c_region.translate(p);") != std::string::npos);
  CHECK(at(F, "auto *r_d = o2c_region.translate(r);") != std::string::npos);
  size_t S = at(F, "auto *s_d = o2c_region.mapSection(s, 0, 0, o2c::MapTo);");
  REQUIRE(S != std::string::npos);
  CHECK(F.Output.rfind("o2c_region.mapSection(q, 0, 6, o2c::MapToFrom);") < S);
}

TEST_CASE("data constructs attach a mapped pointer variable after their "
          "other items",
          "[analysis][maps][pointer-order]") {
  FileResult F = translateC(R"src(
void f(int *a) {
  int *p = a + 2, *q = a; // p first: the captures' order
  #pragma omp target enter data map(to: p) map(to: q[0:8])
  #pragma omp target exit data map(from: q[0:8]) map(release: p)
  #pragma omp target data map(to: p) map(tofrom: q[0:8])
  { q[0] = 1; }
})src");
  REQUIRE(F.Ok);
  size_t Enter = at(F, "o2c_enters.enterData(o2c_loc, -1, true, (q) + (0)");
  size_t Attach = at(F, "o2c_enters.attachSection(o2c_loc, -1, true, &(p), 0);");
  REQUIRE(Enter != std::string::npos);
  REQUIRE(Attach != std::string::npos);
  CHECK(at(F, "o2c_enters.enterData(o2c_loc, -1, true, &(p), sizeof(p)") < Enter);
  CHECK(Enter < Attach);
  size_t Map = F.Output.find("_L6.map((q) + (0)");
  size_t DataAttach = F.Output.find("_L6.attachSection(&(p), 0);");
  REQUIRE(Map != std::string::npos);
  REQUIRE(DataAttach != std::string::npos);
  CHECK(Map < DataAttach);
}

TEST_CASE("a section whose length may be 0 at run time is looked up again "
          "after every map when it is",
          "[analysis][maps][pointer-order]") {
  FileResult F = translateC(R"src(
void f(int *q, int n, int i) {
  int *p = q + 2, *r = q + 3, a[8];
  #pragma omp target map(to: p[0:n], r[i:n + 1], a[1:n]) map(tofrom: q[0:6])
  { p[0] *= 10; r[i] = a[1]; }
  #pragma omp target map(to: p[0:4]) map(tofrom: q[0:6])
  { p[0] *= 10; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.at(0).R.Translate);
  REQUIRE(F.Regions.at(1).R.Translate);
  // The length (and a bound that is not a literal) is evaluated once.
  size_t Len = at(F, "const long long o2c_len_p = (n);");
  size_t Map = at(F, "auto *p_d = o2c_region.mapSection(p, 0, o2c_len_p, "
                     "o2c::MapTo);");
  size_t Q = at(F, "o2c_region.mapSection(q, 0, 6, o2c::MapToFrom);");
  size_t Again = at(F, "if (o2c_len_p == 0) // a zero-length section: after "
                       "every map\n    p_d = o2c_region.mapSection(p, 0, 0, "
                       "o2c::MapTo);");
  REQUIRE(Len != std::string::npos);
  REQUIRE(Map != std::string::npos);
  REQUIRE(Q != std::string::npos);
  REQUIRE(Again != std::string::npos);
  CHECK(Len < Map);
  CHECK(Map < Again);
  CHECK(Q < Again);
  CHECK(at(F, "const long long o2c_lo_r = (i), o2c_len_r = (n + 1);") <
        at(F, "auto *r_d = o2c_region.mapSection(r, o2c_lo_r, o2c_len_r,"));
  CHECK(at(F, "r_d = o2c_region.mapSection(r, o2c_lo_r, 0, o2c::MapTo);") !=
        std::string::npos);
  // A fixed-size array's section too: `q` may point into it.
  CHECK(at(F, "a_d = o2c_region.mapSection(a, 1, 0, o2c::MapTo);") !=
        std::string::npos);
  // A nonzero literal length maps at least one element: never looked up.
  CHECK(at(F, "auto *p_d = o2c_region.mapSection(p, 0, 4, o2c::MapTo);") !=
        std::string::npos);
  size_t Uses = 0;
  for (size_t P = at(F, "o2c_len_p"); P != std::string::npos;
       P = F.Output.find("o2c_len_p", P + 1))
    ++Uses;
  CHECK(Uses == 3); // declared, mapped, tested: n is not evaluated again
}

TEST_CASE("a row's section whose length may be 0 at run time is looked up "
          "again after every map when it is",
          "[analysis][maps][pointer-order]") {
  FileResult F = translateC(R"src(
void f(int lo, int n) {
  int m[3][4], (*rows)[4] = m, v = 0;
  #pragma omp target map(to: m[1][lo:n]) map(tofrom: rows[0:3], v)
  { v = m[1][2]; m[1][2] = 70; }
  #pragma omp target map(to: m[1][lo:2]) map(tofrom: rows[0:3], v)
  { v = m[1][2]; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.at(0).R.Translate);
  size_t Saved = at(F, "const long long o2c_lo_m = (lo), o2c_len_m = (n);");
  // (the formatter breaks the line after the call's parenthesis)
  size_t Map = at(F, "auto *m_d = o2c_region.mapWithin(");
  CHECK(at(F, "m, &(m[1][o2c_lo_m]), (size_t)(o2c_len_m) * sizeof(m[1][0]), "
              "o2c::MapTo);") > Map);
  size_t Rows = at(F, "o2c_region.mapSection(rows, 0, 3, o2c::MapToFrom);");
  size_t Again = at(F, "if (o2c_len_m == 0) // a zero-length section: after "
                       "every map\n    m_d = o2c_region.mapWithin(m, "
                       "&(m[1][o2c_lo_m]), 0, o2c::MapTo);");
  REQUIRE(Saved != std::string::npos);
  REQUIRE(Map != std::string::npos);
  REQUIRE(Rows != std::string::npos);
  REQUIRE(Again != std::string::npos);
  CHECK(Saved < Map);
  CHECK(Rows < Again);
  // A nonzero literal length maps at least one element: never looked up.
  CHECK(at(F, "&(m[1][lo]),") != std::string::npos);
  CHECK(at(F, "o2c_len_m") < at(F, "&(m[1][lo]),"));
  CHECK(F.Output.find("if (o2c_len_m == 0)", Again + 1) == std::string::npos);
}

TEST_CASE("exit data runs a mapped pointer variable's exit before its other "
          "items'",
          "[analysis][maps][pointer-order]") {
  FileResult F = translateC(R"src(
void f(int *a) {
  int *q = a, *p = a + 2; // q first: the captures' order
  #pragma omp target enter data map(to: p) map(to: q[0:8])
  #pragma omp target exit data map(from: q[0:8]) map(from: p)
})src");
  REQUIRE(F.Ok);
  // One batch (both addresses recorded before either exits); p first.
  size_t Batch = at(F, "o2c::ExitBatch o2c_exits;");
  size_t Pointer = at(F, "o2c_exits.exitData(o2c_loc, -1, true, &(p), "
                         "sizeof(p), o2c::MapFrom);");
  size_t Section = at(F, "o2c_exits.exitData(o2c_loc, -1, true, (q) + (0),");
  REQUIRE(Pointer != std::string::npos);
  REQUIRE(Section != std::string::npos);
  CHECK(Batch < Pointer);
  CHECK(Pointer < Section);
  CHECK(Section < at(F, "o2c_exits.run();"));
  // Enter data still maps it first and attaches it last.
  size_t Enter = at(F, "o2c_enters.enterData(o2c_loc, -1, true, (q) + (0)");
  REQUIRE(Enter != std::string::npos);
  CHECK(Enter < at(F, "o2c_enters.attachSection(o2c_loc, -1, true, &(p), 0);"));
}

TEST_CASE("a firstprivate pointer whose value the region keeps is the host's "
          "address, and one it also dereferences stays on the host",
          "[analysis][maps][pointer-order][firstprivate-pointer]") {
  FileResult F = translateC(R"src(
typedef unsigned long uptr;
void f(int *a, int **out, uptr *u) {
  int *p = a + 2, *r = a + 3;
  #pragma omp target map(tofrom: a[0:8], out[0:2], u[0:1]) firstprivate(p)
  { out[0] = p; u[0] = (uptr)p; }
  #pragma omp target map(tofrom: a[0:8], out[0:2]) defaultmap(firstprivate: pointer)
  { out[1] = r; }
  #pragma omp target map(tofrom: a[0:8], u[0:1]) firstprivate(p)
  { p[0] = 7; u[0] = (uptr)p; }
  #pragma omp target map(tofrom: a[0:8]) firstprivate(p)
  { if (p != 0 && !!p) p[1] += *(p + 2); p++; (*p)++; (void)sizeof(p); }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  REQUIRE(F.Regions[0].R.Translate);
  const Capture *P = findCapture(F.Regions[0].R, "p");
  REQUIRE(P);
  CHECK(P->How == Passing::Value);
  REQUIRE(F.Regions[1].R.Translate);
  const Capture *R = findCapture(F.Regions[1].R, "r");
  REQUIRE(R);
  CHECK(R->How == Passing::Value);
  CHECK_FALSE(F.Regions[2].R.Translate);
  CHECK(F.Regions[2].R.Why == DiagId::HostClause);
  CHECK(contains(F.Regions[2].R.Reason, "firstprivate pointer 'p'"));
  REQUIRE(F.Regions[3].R.Translate);
  const Capture *Q = findCapture(F.Regions[3].R, "p");
  REQUIRE(Q);
  CHECK(Q->How == Passing::DevicePointer);
}

TEST_CASE("exit data exits pointer variables before the construct's other "
          "items",
          "[analysis][maps][pointer-order]") {
  // The kernel may have moved p within q's copy: its host counterpart is
  // found only while q is still on the device.
  FileResult F = translateC(R"src(
void f(int *q) {
  int *p = q + 2;
  #pragma omp target enter data map(to: q[0:8]) map(to: p)
  #pragma omp target exit data map(from: q[0:8]) map(from: p)
  #pragma omp target exit data map(from: q[0:8], p) nowait
})src");
  REQUIRE(F.Ok);
  // Each construct records p's exit, then q's, in one batch, which the
  // deferred task runs.
  std::string Out = flat(F.Output);
  const std::string Items =
      "o2c::ExitBatch o2c_exits; o2c_exits.exitData(o2c_loc, -1, true, &(p), "
      "sizeof(p), o2c::MapFrom); o2c_exits.exitData(o2c_loc, -1, true, (q) + "
      "(0), (size_t)(8) * sizeof(*(q)), o2c::MapFrom); ";
  size_t B1 = Out.find(Items + "o2c_exits.run();");
  size_t B2 = Out.find(Items + "o2c_task->exitBatch(o2c_exits);");
  CHECK(B1 != std::string::npos);
  CHECK(B2 != std::string::npos);
}

TEST_CASE("a region that dereferences a pointer held in a mapped record or "
          "array, or a declare target pointer, stays on the host",
          "[analysis][maps][pointer-order][loaded-pointer]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
int *gp;
#pragma omp declare target(gp)
void f(int *q, struct S s, struct S t) {
  int *arr[2] = {q, q + 1};
  #pragma omp target map(tofrom: q[0:8])
  { s.p[0] = 30; }
  #pragma omp target map(tofrom: q[0:8]) firstprivate(s)
  { *(s.p + 1) = 30; }
  #pragma omp target map(tofrom: q[0:8])
  { arr[0][1] = 30; }
  #pragma omp target map(tofrom: q[0:8])
  { gp[0] = 30; }
  #pragma omp target enter data map(to: t) map(to: t.p[0:8])
  #pragma omp target
  { t.p[0] = 30; s.n = 1; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 6);
  for (int I : {0, 1, 2, 3}) {
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(contains(F.Regions[I].R.Reason, "is dereferenced"));
  }
  // What a data construct attached is the device's address.
  CHECK(F.Regions[5].R.Translate);
}

TEST_CASE("an implicit or mapped pointer whose value the region keeps is the "
          "host's, or the region stays on the host when it also "
          "dereferences it",
          "[analysis][maps][pointer-order][implicit-pointer]") {
  FileResult F = translateC(R"src(
typedef unsigned long uptr;
int *keep;
#pragma omp declare target(keep)
static int sum3(const int *v) { return v[0] + v[1] + v[2]; }
static void remember(int *v) { keep = v; }
#pragma omp declare target(sum3, remember)
void f(int *a, int **out, uptr *u, int *v) {
  int *p = a + 2, *r = a + 3;
  #pragma omp target map(tofrom: a[0:8], out[0:2], u[0:1])
  { out[0] = p; u[0] = (uptr)p; }
  #pragma omp target map(tofrom: a[0:8], out[0:2])
  { p[0] = 7;
    out[1] = p; }
  #pragma omp target map(tofrom: a[0:8], out[0:2])
  { p[1] = 7;
    out[1] = &p[2]; }
  #pragma omp target map(tofrom: a[0:8], v[0:2])
  { int *e = p + 3, n = 0;
    if (p != 0 && r != p && !!p && e > p)
      for (int *s = p; s != e; ++s)
        n += *s + *(p + 1) + p[2];
    v[0] = n + (int)(e - p);
    v[1] = sum3(p); }
  #pragma omp target map(tofrom: a[0:8])
  { p[0] = 1;
    remember(p); }
  #pragma omp target map(tofrom: a[0:8], out[0:2]) map(tofrom: p)
  { p[0] = 1;
    out[0] = p; }
  #pragma omp target map(tofrom: a[0:8], out[0:2]) defaultmap(tofrom: pointer)
  { p[0] = 1;
    out[0] = p; }
  #pragma omp target map(tofrom: a[0:8], v[0:1])
  { p[0] = 1;
    v[0] = r > p; }
  #pragma omp target map(tofrom: a[0:8], v[0:1])
  { p[0] = 1;
    v[0] = (int)(r - p); }
  #pragma omp target map(tofrom: a[0:8], v[0:1], out[0:2])
  { out[0] = p;
    v[0] = (r == p) + r[0]; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 10);
  // p keeps the host's value (only stored), so r, compared with it,
  // cannot be translated, and r is dereferenced: p is refused first.
  CHECK_FALSE(F.Regions[9].R.Translate);
  CHECK(contains(F.Regions[9].R.Reason,
                 "pointer 'p' keeps the host's address in the region, which "
                 "compares it with"));
  CHECK(F.Regions[9].R.WhyPos.Line == 42u);
  // Stored and cast only: the host's value, as the host build has it.
  REQUIRE(F.Regions[0].R.Translate);
  const Capture *P = findCapture(F.Regions[0].R, "p");
  REQUIRE(P);
  CHECK(P->How == Passing::Value);
  // Dereferenced too: on the host, at the use that keeps the value.
  const std::pair<int, unsigned> Escapes[] = {
      {1, 14}, {2, 17}, {4, 27}, {5, 30}, {6, 33}, {7, 36}, {8, 39}};
  for (auto [I, Line] : Escapes) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(contains(F.Regions[I].R.Reason, "pointer 'p'"));
    CHECK(F.Regions[I].R.WhyPos.Line == Line);
  }
  // Regions 7 and 8: an order or a distance between two pointers that
  // the runtime looks up apart (r may lie outside the mapping that holds
  // p). Compared with null, for equality with another pointer looked up
  // alike, ordered and subtracted with a local derived from p itself,
  // copied into locals and passed to a function that only reads it.
  REQUIRE(F.Regions[3].R.Translate);
  const Capture *Q = findCapture(F.Regions[3].R, "p");
  REQUIRE(Q);
  CHECK(Q->How == Passing::DevicePointer);
}

TEST_CASE("a pointer that only holds omp_target_alloc's memory is used as "
          "a value on the device",
          "[analysis][maps][pointer-order][implicit-pointer]") {
  FileResult F = translateC(R"src(
#include <omp.h>
void f(int **out) {
  int *d = 0;
  d = (int *)omp_target_alloc(16, 0);
  int *e = (int *)omp_target_alloc(16, 0);
  #pragma omp target map(tofrom: out[0:2])
  { d[0] = 1; out[0] = d; }
  #pragma omp target map(tofrom: out[0:2]) firstprivate(e)
  { e[0] = 1; out[1] = e; }
  int *g = (int *)omp_target_alloc(16, 0);
  g = d + 1; // may be anything: found by the map table or not
  #pragma omp target map(tofrom: out[0:2])
  { g[0] = 1; out[1] = g; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Regions[1].R.Translate);
  CHECK_FALSE(F.Regions[2].R.Translate);
}

TEST_CASE("a section's base, always translated, compared or subtracted with "
          "a pointer that keeps the host's value keeps the region on the "
          "host",
          "[analysis][maps][pointer-order][implicit-pointer]") {
  FileResult F = translateC(R"src(
typedef unsigned long uptr;
void f(double *a, int *v, long *d, uptr ua) {
  double *b = a, *c = a + 3, *lo = a, *hi = a + 4;
  #pragma omp target map(tofrom: a[0:8], v[0:3])
  { v[0] = (a == b); v[1] = (c > a); v[2] = (b + 3 == c); }
  #pragma omp target map(tofrom: a[0:8], d[0:1])
  { d[0] = c -
        a; }
  #pragma omp target map(tofrom: a[0:8], v[0:1])
  { v[0] = ((double *)ua ==
            a); }
  #pragma omp target map(tofrom: lo[0:4], hi[0:4], d[0:1])
  { lo[0] = 1; hi[0] = 2;
    d[0] = hi - lo; }
  #pragma omp target map(tofrom: lo[0:4], hi[0:4], v[0:1])
  { v[0] = (hi > lo); }
  #pragma omp target map(tofrom: a[0:8], v[0:3])
  { b[1] = 2; v[0] = (a == b); v[1] = (a != 0); v[2] = (int)(a + 2 - a); }
  #pragma omp target map(tofrom: lo[0:4], hi[0:4], v[0:1])
  { v[0] = (hi == lo); }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 7u);
  // b and c escape (c > a, b + 3 == c) and keep the host's value, where a
  // holds the device's; a pointer rebuilt from an integer is the host's;
  // the bases of two map items are looked up apart. Located at the
  // base's use.
  const std::pair<int, unsigned> Host[] = {
      {0, 6}, {1, 9}, {2, 12}, {3, 15}, {4, 17}};
  for (auto [I, Line] : Host) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(F.Regions[I].R.WhyPos.Line == Line);
  }
  CHECK(contains(F.Regions[3].R.Reason, "base of a mapped array section"));
  // b is dereferenced and translated as a is; null; a distance from a
  // itself; equality of two bases (the same address maps alike).
  CHECK(F.Regions[5].R.Translate);
  CHECK(F.Regions[6].R.Translate);
}

TEST_CASE("a mapped array's or section base's address that the host build "
          "sees keeps the region on the host",
          "[analysis][maps][pointer-order][implicit-pointer]") {
  FileResult F = translateC(R"src(
typedef unsigned long uptr;
struct S { int *p; int n; };
int same(int *x, int *y) { return x == y; }
int get(int *x) { return x[1]; }
int *id(int *x) { return x; }
void f(int *a, uptr *v, int *r) {
  int q[8], *hp = q, *ptrs[2];
  struct S s2 = {a, 8}, s = {a, 8}, fs = {a, 8};
  #pragma omp target map(tofrom: q, s2)
  { s2.p =
        q; q[1] = 5; }
  #pragma omp target map(tofrom: q, r[0:3])
  { r[0] = (hp == q); r[1] = (hp <
        q + 4); }
  #pragma omp target map(tofrom: q, v[0:1])
  { v[0] =
        (uptr)q; }
  #pragma omp target map(tofrom: q, r[0:1])
  { r[0] =
        same(q, hp); }
  #pragma omp target map(tofrom: a[0:8], ptrs)
  { ptrs[0] =
        a; }
  #pragma omp target map(tofrom: q, s2)
  { s2.p =
        id(q); }
  #pragma omp target map(tofrom: q, s, s2)
  { int *t = s.p; s.p = q; s.p[1] = 5;
    s2.p =
        s.p; s.p = t; }
  #pragma omp target map(tofrom: q, r[0:1])
  { q[3] = 4; r[0] = get(q); }
  #pragma omp target map(tofrom: q) firstprivate(fs)
  { fs.p = q; fs.p[4] = 5; }
  #pragma omp target map(tofrom: q, s)
  { struct S l; l.p = q; l.p[5] = 6; s.n = 7; }
  #pragma omp target map(tofrom: q, s)
  { int *t = s.p; s.p = q; s.p[1] = 5; s.p = t; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 11u);
  // Stored into a mapped record or array of pointers (directly, through
  // a callee's result, or loaded back from a member the region restores),
  // cast to an integer, compared with a host-valued pointer (in a callee:
  // located at the call). Located at the use.
  const std::pair<int, unsigned> Host[] = {{0, 11}, {1, 14}, {2, 18}, {3, 21},
                                           {4, 23}, {5, 26}, {6, 30}};
  for (auto [I, Line] : Host) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(F.Regions[I].R.WhyPos.Line == Line);
  }
  CHECK(contains(F.Regions[0].R.Reason, "the array 'q' is mapped"));
  CHECK(contains(F.Regions[4].R.Reason, "base of a mapped array section"));
  // Dereferenced in a callee; stored where the host never reads it (a
  // firstprivate record, a local, a member the region puts back).
  for (int I = 7; I < 11; ++I) {
    INFO("region " << I);
    CHECK(F.Regions[I].R.Translate);
  }
}

TEST_CASE("a mapped object's address that the host build sees keeps the "
          "region on the host",
          "[analysis][maps][pointer-order][implicit-pointer]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
struct T { int a[4]; int b; };
void f(int *o) {
  int x = 0;
  struct T t;
  struct S s2 = {o, 8};
  #pragma omp target map(tofrom: x, s2)
  { s2.p =
        &x; x = 5; }
  #pragma omp target map(tofrom: t, s2)
  { s2.p =
        t.a; t.b = 5; }
  #pragma omp target map(tofrom: t, s2)
  { s2.p =
        &t.a[1]; }
  #pragma omp target map(tofrom: t, s2)
  { int *q = &t.b; *q = 7; s2.n = t.a[2]; }
  #pragma omp target map(tofrom: x, s2)
  { s2.n = (&x == &x); }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 5u);
  const std::pair<int, unsigned> Host[] = {{0, 9}, {1, 12}, {2, 15}};
  for (auto [I, Line] : Host) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(F.Regions[I].R.WhyPos.Line == Line);
    CHECK(contains(F.Regions[I].R.Reason, "is mapped, the region's is the "
                                          "device copy"));
  }
  // Dereferenced through a local; compared with itself.
  CHECK(F.Regions[3].R.Translate);
  CHECK(F.Regions[4].R.Translate);
}

TEST_CASE("a copy of a mapped array's address whose own address is taken "
          "keeps the region on the host",
          "[analysis][maps][pointer-order][implicit-pointer]") {
  FileResult F = translateC(R"src(
void *memcpy(void *, const void *, unsigned long);
void f(long *v) {
  int q[8];
  #pragma omp target map(tofrom: q, v[0:1])
  { int *qp = q; memcpy(v,
                        &qp, sizeof qp); }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1u);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostClause);
  CHECK(F.Regions[0].R.WhyPos.Line == 7);
}

TEST_CASE("a declare target variable's address that the host build sees "
          "keeps the region on the host",
          "[analysis][maps][pointer-order][implicit-pointer]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
#pragma omp declare target
int darr[8];
int dx;
#pragma omp end declare target
void f(int *o, int *r) {
  struct S s2 = {o, 8};
  #pragma omp target map(tofrom: s2)
  { s2.p =
        darr; }
  #pragma omp target map(tofrom: s2)
  { s2.p =
        &dx; }
  #pragma omp target map(tofrom: r[0:1])
  { for (int *p = darr; p < darr + 8; ++p) *p = 2; r[0] = darr[3] + dx; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3u);
  const std::pair<int, unsigned> Host[] = {{0, 10}, {1, 13}};
  for (auto [I, Line] : Host) {
    INFO("region " << I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(F.Regions[I].R.WhyPos.Line == Line);
    CHECK(contains(F.Regions[I].R.Reason, "is declare target"));
  }
  // Walked by a pointer compared with its own end: the device's alone.
  CHECK(F.Regions[2].R.Translate);
}

TEST_CASE("a section base minus a null pointer is its address, which the "
          "host build sees",
          "[pointer-order][implicit-pointer]") {
  // Review rV of v20: `d = a - (int *)0` counted as a distance between two
  // pointers that move alike (host 1, emu 0).
  FileResult F = translateC(R"src(
void f(int *a, long *d, int n) {
  #pragma omp target map(tofrom: a[0:n], d[0:2])
  { d[0] = a - (int *)0; a[0] = 9; }
  #pragma omp target map(tofrom: a[0:n], d[0:2])
  { d[1] = (a + 2) - a; a[0] = 9; }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2u);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostClause);
  CHECK(F.Regions[1].R.Translate);
}

TEST_CASE("an implicit pointer that keeps the host's address, compared with "
          "or subtracted from a pointer loaded from mapped data, keeps the "
          "region on the host",
          "[analysis][pointer-order][implicit-pointer]") {
  // hunt44 wa.c: w.p, attached into a's block, holds the device address;
  // a, never dereferenced, the host's (emu d=520, host build d=4).
  FileResult F = translateC(R"src(
struct S { int *p; };
#pragma omp declare target
static long dist(const int *x, const int *y) { return (long)(x - y); }
#pragma omp end declare target
void f(int *a, struct S w, long *d, int *eq, int **pp) {
  #pragma omp target enter data map(to: a[0:8]) map(to: w, w.p[0:1])
  #pragma omp target map(from: d[0:1], eq[0:1])
  { d[0] = (long)(w.p - a); eq[0] = (w.p == a + 4); }
  #pragma omp target map(from: eq[0:1])
  { eq[0] = (pp[0] == a); }
  #pragma omp target map(from: eq[0:1])
  { eq[0] = (a == 0); }
  #pragma omp target map(from: d[0:1])
  { d[0] = dist(w.p, a); }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 5);
  // Regions 1, 2 and, in a function the region calls (review rev44
  // wa_call.c), 4.
  for (int I : {1, 2, 4}) {
    CAPTURE(I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    // Either side sees it: a keeps the host's address, or the loaded
    // pointer's device address is compared (LoadedPointers' attachedLoad).
    CHECK((contains(F.Regions[I].R.Reason,
                    "pointer 'a' keeps the host's address in the region") ||
           contains(F.Regions[I].R.Reason,
                    "has its value used where the host build sees it")));
  }
  CHECK(F.Regions[1].R.WhyPos.Line == 9u);
  // Compared with null only: either address gives the host's answer.
  CHECK(F.Regions[3].R.Translate);
}
