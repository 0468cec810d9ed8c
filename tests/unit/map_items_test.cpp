// Map items of target regions beyond plain variables and their sections
// (issue 8 point 4): rows of arrays of arrays (`a[i][lo:len]`), and
// defaultmap(...: pointer), which maps the pointer variable itself.
#include "FlatText.h"
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a row of an array of arrays on a target region maps the block "
          "and passes the array", "[analysis][rows]") {
  FileResult F = translateC(R"src(
void f(int n, int k, int d) {
  int a[4][16];
  double m[n][8];
  float c[2][3][5];
  #pragma omp target map(tofrom: a[k][2:10])
  for (int j = 2; j < 12; ++j) a[k][j] += j;
  #pragma omp target teams distribute parallel for map(from: m[d][:])
  for (int j = 0; j < 8; ++j) m[d][j] = j;
  #pragma omp target map(to: c[1][k][0:5]) map(tofrom: a[0][3])
  a[0][3] = c[1][k][4];
})src");
  REQUIRE(F.Ok);
  const Region &R0 = F.Regions.at(0).R;
  REQUIRE(R0.Translate);
  const Capture *A = findCapture(R0, "a");
  REQUIRE(A);
  REQUIRE(A->Map);
  CHECK(A->How == Passing::MappedObject);
  CHECK(A->Map->Rows == std::vector<std::string>{"k"});
  CHECK(A->Map->Lower == "2");
  CHECK(A->Map->Length == "10");
  CHECK(findCapture(R0, "k")); // the row index reaches the stub
  CHECK(contains(flat(F.Output), "auto *a_d = o2c_region.mapWithin(a, &(a[k][2]), "
                           "(size_t)(10) * sizeof(a[k][0]), o2c::MapToFrom);"));
  const Region &R1 = F.Regions.at(1).R;
  REQUIRE(R1.Translate);
  const Capture *M = findCapture(R1, "m");
  REQUIRE(M);
  CHECK(M->IsVLA);
  CHECK(M->Map->Length == "8 - (0)");
  // A length that is not a literal is saved, for a second lookup at 0.
  CHECK(contains(flat(F.Output), "const long long o2c_len_m = (8 - (0));"));
  CHECK(contains(flat(F.Output), "o2c_region.mapWithin(m, &(m[d][0]), (size_t)(o2c_len_m) * "
                           "sizeof(m[d][0]), o2c::MapFrom);"));
  const Region &R2 = F.Regions.at(2).R;
  REQUIRE(R2.Translate);
  CHECK(contains(flat(F.Output), "o2c_region.mapWithin(c, &(c[1][k][0]), (size_t)(5) * "
                           "sizeof(c[1][k][0]), o2c::MapTo);"));
  CHECK(contains(flat(F.Output), "o2c_region.mapWithin(a, &(a[0][3]), (size_t)(1) * "
                           "sizeof(a[0][0]), o2c::MapToFrom);"));
}

TEST_CASE("rows through pointers and rows with side effects stay on the "
          "host, the warning at the item", "[analysis][rows]") {
  FileResult F = translateC(R"src(
void f(double **p, int c, int k) {
  double a[4][8];
  #pragma omp target map(tofrom: p[k][0:c])
  for (int j = 0; j < c; ++j) p[k][j] += 1;
  #pragma omp target map(tofrom: a[k++][0:8])
  a[0][0] = 1;
})src");
  REQUIRE(F.Ok);
  const Region &R0 = F.Regions.at(0).R;
  CHECK_FALSE(R0.Translate);
  CHECK(contains(R0.Reason, "'p[k][0:c]' is based on 'p[k]'"));
  CHECK(R0.WhyPos.Line == 4);
  CHECK(R0.WhyPos.Col == 34);
  CHECK_FALSE(F.Regions.at(1).R.Translate);
  CHECK(contains(F.Regions.at(1).R.Reason, "side effects"));
}

TEST_CASE("a row index that is private, a loop variable, or mapped by "
          "address under nowait keeps the region on the host",
          "[analysis][rows]") {
  FileResult F = translateC(R"src(
void f(int k) {
  int a[4][16];
  #pragma omp target map(tofrom: a[k][0:16]) private(k)
  { k = 1; a[k][0] = 1; }
  #pragma omp target map(tofrom: a[k][0:16]) map(tofrom: k) nowait
  { a[k][0] = k; }
  #pragma omp taskwait
  #pragma omp target map(tofrom: a[k][0:16]) map(tofrom: k)
  { a[k][0] = k; }
})src");
  REQUIRE(F.Ok);
  CHECK_FALSE(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Regions.at(0).R.Reason, "names 'k', which is private"));
  CHECK_FALSE(F.Regions.at(1).R.Translate);
  CHECK(contains(F.Regions.at(1).R.Reason, "mapped by address on a nowait"));
  CHECK(F.Regions.at(2).R.Translate); // the stub reads k before the kernel
}

TEST_CASE("several map items of one variable are one map with the union of "
          "the map types", "[analysis][maps]") {
  FileResult F = translateC(R"src(
void f(int *p, int n) {
  int x = 1, v[8], w[8];
  #pragma omp target map(alloc: x, v) map(to: x, v)
  { w[0] = x + v[0]; }
  #pragma omp target map(present, to: v) map(from: v)
  { v[0] = 2; }
  #pragma omp target map(to: p[0:n]) map(from: p[0:n])
  { p[0] = 1; }
  #pragma omp target map(to: p[0:n]) map(from: p[1:n])
  { p[0] = 1; }
  #pragma omp target map(always, to: x) map(from: x)
  { x = 3; }
})src");
  REQUIRE(F.Ok);
  const Region &R0 = F.Regions.at(0).R;
  REQUIRE(R0.Translate);
  CHECK(findCapture(R0, "x")->Map->Type == MapType::To);
  CHECK(findCapture(R0, "v")->Map->Type == MapType::To);
  const Region &R1 = F.Regions.at(1).R;
  REQUIRE(R1.Translate);
  CHECK(findCapture(R1, "v")->Map->Type == MapType::ToFrom);
  CHECK(findCapture(R1, "v")->Map->Present);
  CHECK(contains(flat(F.Output), "o2c_region.mapArray(v, o2c::MapToFrom | o2c::MapPresent);"));
  REQUIRE(F.Regions.at(2).R.Translate);
  CHECK(findCapture(F.Regions.at(2).R, "p")->Map->Type == MapType::ToFrom);
  const Region &R3 = F.Regions.at(3).R;
  CHECK_FALSE(R3.Translate);
  CHECK(contains(R3.Reason, "'p' appears in more than one map item, as different parts"));
  CHECK(R3.WhyPos.Line == 10);
  const Region &R4 = F.Regions.at(4).R;
  CHECK_FALSE(R4.Translate);
  CHECK(contains(R4.Reason, "'always' on only one"));
}

TEST_CASE("defaultmap(...: pointer) maps the pointer variable itself, and "
          "enter data maps a pointer's own storage", "[analysis][maps]") {
  FileResult F = translateC(R"src(
void f(int *p, int *q, void *r, int n) {
  #pragma omp target defaultmap(to: pointer)
  { p[0] = 1; }
  #pragma omp target defaultmap(present: pointer)
  { q = q + 1; q[0] = 2; }
  #pragma omp target defaultmap(from)
  { p = q + n; }
  #pragma omp target enter data map(to: q, r)
  #pragma omp target exit data map(delete: q, r)
})src");
  REQUIRE(F.Ok);
  const Region &R0 = F.Regions.at(0).R;
  REQUIRE(R0.Translate);
  const Capture *P = findCapture(R0, "p");
  REQUIRE(P);
  CHECK(P->PointerObject);
  CHECK(contains(F.Output, "o2c_region.mapPointer(p, o2c::MapTo | o2c::MapImplicit);"));
  REQUIRE(F.Regions.at(1).R.Translate);
  CHECK(contains(flat(F.Output), "o2c_region.mapPointer(q, o2c::MapAlloc | o2c::MapPresent | "
                           "o2c::MapImplicit);"));
  REQUIRE(F.Regions.at(2).R.Translate);
  CHECK(contains(F.Output, "o2c_region.mapPointer(p, o2c::MapFrom | o2c::MapImplicit);"));
  CHECK(contains(F.Output, "o2c_region.mapPointer(q, o2c::MapFrom | o2c::MapImplicit);"));
  REQUIRE(F.Regions.at(3).R.Translate);
  CHECK(contains(F.Output, "o2c_enters.enterData(o2c_loc, -1, true, &(q), sizeof(q), o2c::MapTo);"));
  CHECK(contains(F.Output, "o2c_enters.attachSection(o2c_loc, -1, true, &(q), 0);"));
  CHECK(contains(F.Output, "o2c_enters.enterData(o2c_loc, -1, true, &(r), sizeof(r), o2c::MapTo);"));
  CHECK_FALSE(contains(F.Output, "&(r), 0);")); // a void * is not attached
  // Two items: one batch, which records both before either exits.
  CHECK(contains(flat(F.Output),
                 "o2c::ExitBatch o2c_exits; o2c_exits.exitData(o2c_loc, -1, "
                 "true, &(q), sizeof(q), o2c::MapDelete); "
                 "o2c_exits.exitData(o2c_loc, -1, true, &(r), sizeof(r), "
                 "o2c::MapDelete); o2c_exits.run();"));
}

TEST_CASE("member items of data constructs map the member in place; a "
          "declare mapper maps the members it names", "[analysis][maps]") {
  FileResult F = translateC(R"src(
typedef struct { long len; int *data; void *raw; } V;
#pragma omp declare mapper(default: V v) map(tofrom: v, v.data[0:v.len])
void f(V s) {
  #pragma omp target enter data map(to: s.len, s.data[0:s.len], s.raw) map(alloc: s.data)
  #pragma omp target
  { s.data[0] = 1; }
  #pragma omp target exit data map(delete: s.len, s.data, s.data[0:s.len], s.raw)
})src");
  REQUIRE(F.Ok);
  const Region &E = F.Regions.at(0).R;
  REQUIRE(E.Translate);
  // The members share one span (StructSpans.cpp), from s.len to s.raw.
  REQUIRE(E.PointerMaps.size() == 5);
  CHECK(E.PointerMaps[0].Map.StructSpan);
  CHECK(E.PointerMaps[0].Map.Length ==
        "(const char *)(&(s.raw) + 1) - (const char *)&(s.len)");
  CHECK(E.PointerMaps[1].Base == "&(s.len)");
  CHECK_FALSE(E.PointerMaps[1].AttachSelf);
  CHECK(E.PointerMaps[4].Base == "&(s.data)");
  CHECK(E.PointerMaps[4].AttachSelf);
  CHECK_FALSE(E.PointerMaps[3].AttachSelf); // void *
  CHECK(contains(flat(F.Output), "o2c_enters.attachSection(o2c_loc, -1, true, &(s.data), 0);"));
  const Region &T = F.Regions.at(1).R;
  REQUIRE(T.Translate);
  REQUIRE(T.PointerMaps.size() == 1);
  CHECK(T.PointerMaps[0].Base == "s.data");
  CHECK(T.PointerMaps[0].AttachBase);
  CHECK(T.PointerMaps[0].Map.Length == "s.len");
  CHECK(contains(flat(F.Output), "o2c_region.map((s.data) + (0), (size_t)(s.len) * "
                                 "sizeof(*(s.data)), o2c::MapToFrom | o2c::MapImplicit);"));
  CHECK(contains(flat(F.Output), "o2c_region.attachSection(&(s.data), 0);"));
  CHECK(F.Regions.at(2).R.Translate);
}

TEST_CASE("sections of array members of one struct on a data construct "
          "share the struct's span (helper twosec)", "[analysis][maps]") {
  FileResult F = translateC(R"src(
struct A { int x[4]; int y[4]; };
struct S { int n; int x[4]; int y[4]; struct A a; int b[4]; };
int next(void);
void f(struct S *s, int lo) {
  #pragma omp target enter data map(to: s->x[0:4], s->y[0:4])
  #pragma omp target enter data map(to: s->n, s->y[lo:2], s->a.x[1], s->b)
  #pragma omp target exit data map(release: s->a, s->a.y[0:2])
  #pragma omp target enter data map(to: s->x[0:4], s->x[0:4])
  #pragma omp target update to(s->x[0:next()], s->y[0:2])
  #pragma omp target enter data map(to: s->x[0:next()], s->y[0:2])
})src");
  REQUIRE(F.Ok);
  // Two sections: a span (the runtime finds its bounds) before the members.
  const Region &T = F.Regions.at(0).R;
  REQUIRE(T.Translate);
  REQUIRE(T.PointerMaps.size() == 3);
  CHECK(T.PointerMaps[0].Map.StructSpan);
  CHECK(T.PointerMaps[0].Base ==
        "o2c::spanBegin({(const char *)s->x, (const char *)s->y})");
  CHECK(T.PointerMaps[0].Map.Length ==
        "o2c::spanEnd({(const char *)((s->x) + (0) + (4)), "
        "(const char *)((s->y) + (0) + (4))}) - " + T.PointerMaps[0].Base);
  CHECK(T.PointerMaps[1].Map.Member);
  CHECK(T.PointerMaps[2].Map.Member);
  // A member, a section from lo, an element of a nested struct's member and
  // a whole member: one span of *s.
  const Region &U = F.Regions.at(1).R;
  REQUIRE(U.Translate);
  REQUIRE(U.PointerMaps.size() == 5);
  CHECK(U.PointerMaps[0].Map.StructSpan);
  CHECK(contains(U.PointerMaps[0].Base, "(const char *)((s->y) + (lo))"));
  CHECK(contains(U.PointerMaps[0].Base, "(const char *)((s->a.x) + (1))"));
  CHECK(contains(U.PointerMaps[0].Map.Length,
                 "(const char *)((s->y) + (lo) + (2))"));
  CHECK(contains(U.PointerMaps[0].Map.Length, "(const char *)(&(s->b) + 1)"));
  // exit data releases sections as they are (blocks entered apart go too).
  const Region &X = F.Regions.at(2).R;
  REQUIRE(X.Translate);
  REQUIRE(X.PointerMaps.size() == 2);
  CHECK_FALSE(X.PointerMaps[0].Map.StructSpan);
  CHECK_FALSE(X.PointerMaps[1].Map.Member);
  // One section named twice is its own span; update copies what it names.
  CHECK(F.Regions.at(3).R.Translate);
  CHECK(F.Regions.at(3).R.PointerMaps.size() == 2);
  CHECK_FALSE(F.Regions.at(3).R.PointerMaps[0].Map.StructSpan);
  CHECK(F.Regions.at(4).R.Translate);
  CHECK(F.Regions.at(4).R.PointerMaps.size() == 2);
  // Bounds with side effects would run again in the span's step.
  const Region &Z = F.Regions.at(5).R;
  CHECK_FALSE(Z.Translate);
  CHECK(Z.Why == DiagId::HostClause);
  CHECK(contains(Z.Reason, "have side effects"));
}

TEST_CASE("declare mapper: map types combine with the construct's, named "
          "mappers, members, and what stays on the host", "[analysis][maps][mapper]") {
  FileResult F = translateC(R"src(
typedef struct { int len; int *vals; int k; } C;
#pragma omp declare mapper(half: C c) map(to: c, c.len) map(tofrom: c.vals[0:c.len / 2])
#pragma omp declare mapper(C c) map(c.vals[0:c.len])
#pragma omp declare mapper(noself: C c) map(c.vals[0:c.len])
void f(C s, C arr[4]) {
  #pragma omp target data map(mapper(half), from: s)
  { s.vals[0] = 0; }
  #pragma omp target enter data map(mapper(half), tofrom: s)
  #pragma omp target map(mapper(noself), tofrom: s)
  { s.vals[0] = 2; }
  #pragma omp target map(tofrom: arr[0:4])
  { arr[1].k = 3; }
  #pragma omp target update to(s)
})src");
  REQUIRE(F.Ok);
  // target data, from with the mapper's to: alloc; c.vals from.
  const Region &D = F.Regions.at(0).R;
  REQUIRE(D.Translate);
  const Capture *S = findCapture(D, "s");
  REQUIRE(S);
  REQUIRE(S->Map);
  CHECK(S->Map->Type == MapType::Alloc);
  REQUIRE(D.PointerMaps.size() == 2);
  CHECK(D.PointerMaps[0].Base == "&(s.len)");
  CHECK(D.PointerMaps[0].Map.Type == MapType::Alloc);
  CHECK(D.PointerMaps[1].Base == "s.vals");
  CHECK(D.PointerMaps[1].Map.Type == MapType::From);
  CHECK(D.PointerMaps[1].Map.Length == "s.len / 2");
  // enter data, tofrom with the mapper's: to, to, tofrom; attached.
  const Region &E = F.Regions.at(1).R;
  REQUIRE(E.Translate);
  REQUIRE(E.PointerMaps.size() == 2);
  CHECK(E.PointerMaps[1].Map.Type == MapType::ToFrom);
  CHECK(contains(flat(F.Output), "o2c_enters.attachSection(o2c_loc, -1, true, &(s.vals), 0);"));
  // A mapper that does not map its own variable: a target region copies
  // the variable in, never back (OpenMP leaves its other members
  // unmapped). An array of structs, a motion clause: on the host.
  const Region &N = F.Regions.at(2).R;
  REQUIRE(N.Translate);
  const Capture *NS = findCapture(N, "s");
  REQUIRE(NS);
  REQUIRE(NS->Map);
  CHECK(NS->Map->Type == MapType::To);
  REQUIRE(N.PointerMaps.size() == 1);
  CHECK(N.PointerMaps[0].Map.Type == MapType::ToFrom);
  CHECK_FALSE(F.Regions.at(3).R.Translate);
  CHECK(contains(F.Regions.at(3).R.Reason, "other than a struct variable"));
  CHECK_FALSE(F.Regions.at(4).R.Translate);
  CHECK(contains(F.Regions.at(4).R.Reason, "'target update' through the mapper"));
}

TEST_CASE("in_reduction on target maps the item of an undeferred host task "
          "with the clause", "[analysis][maps][in_reduction]") {
  FileResult F = translateC(R"src(
void add(int *s, int n) { for (int i = 0; i < n; i++) *s += 2; }
int f(int n, double *x) {
  int sum = 0;
  #pragma omp parallel master
  #pragma omp taskgroup task_reduction(+: sum)
  {
    #pragma omp target in_reduction(+: sum)
    add(&sum, n);
    #pragma omp target in_reduction(+: sum) nowait
    sum += 1;
    #pragma omp target in_reduction(+: x[0:2])
    x[0] += 1;
  }
  return sum;
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  CHECK(R.InReduction == "in_reduction(+: sum)");
  const Capture *S = findCapture(R, "sum");
  REQUIRE(S);
  REQUIRE(S->Map);
  CHECK(S->Map->Type == MapType::ToFrom);
  CHECK(contains(F.Output, "{\n#pragma omp task if(0) default(shared) "
                           "in_reduction(+: sum) // omp2cuda: the target "
                           "task's reduction\nif (!"));
  CHECK(contains(F.Output, "add(&sum, n); } }"));
  CHECK_FALSE(F.Regions.at(1).R.Translate);
  CHECK(contains(F.Regions.at(1).R.Reason, "with nowait or depend"));
  CHECK_FALSE(F.Regions.at(2).R.Translate);
  CHECK(contains(F.Regions.at(2).R.Reason, "not a scalar variable"));
}

TEST_CASE("members of one struct on a data construct share one span; a "
          "mapper's present and target update through a mapper translate",
          "[analysis][maps][mapper][span]") {
  FileResult F = translateC(R"src(
typedef struct { long len; int pad; int *data; } V;
typedef struct { long n; double *v; double *w; } B;
#pragma omp declare mapper(V v) map(always, present, from: v, v.len, v.data[0:v.len])
#pragma omp declare mapper(bm: B b) map(tofrom: b, b.v[0:b.n]) map(alloc: b.w[0:b.n])
void f(V s, B b) {
  #pragma omp target enter data map(to: s.len, s.data[0:s.len]) map(alloc: s.data)
  #pragma omp target
  { s.data[0] = 1; }
  #pragma omp target exit data map(from: s.len) map(delete: s.data)
  #pragma omp target exit data map(from: s.data, s.len)
  #pragma omp target enter data map(to: s.len)
  #pragma omp target update to(mapper(bm): b)
  #pragma omp target update from(mapper(bm): b)
})src");
  REQUIRE(F.Ok);
  // Entering: the span first, then the members (the section stays apart).
  const Region &E = F.Regions.at(0).R;
  REQUIRE(E.Translate);
  REQUIRE(E.PointerMaps.size() == 4);
  CHECK(E.PointerMaps[0].Map.StructSpan);
  CHECK(E.PointerMaps[0].Base == "(const char *)&(s.len)");
  CHECK(E.PointerMaps[0].Map.Length ==
        "(const char *)(&(s.data) + 1) - (const char *)&(s.len)");
  CHECK(E.PointerMaps[0].Map.Type == MapType::Alloc);
  CHECK(E.PointerMaps[1].Map.Member);
  CHECK_FALSE(E.PointerMaps[2].Map.Member); // s.data[0:s.len]
  CHECK(E.PointerMaps[3].Map.Member);
  CHECK(contains(flat(F.Output), "o2c::MapAlloc | o2c::MapStruct);"));
  CHECK(contains(flat(F.Output), "o2c::MapTo | o2c::MapMember);"));
  // The mapper's present: the region translates, s present and from.
  const Region &R = F.Regions.at(1).R;
  REQUIRE(R.Translate);
  const Capture *S = findCapture(R, "s");
  REQUIRE(S);
  REQUIRE(S->Map);
  CHECK(S->Map->Present);
  // from and delete mixed: each member keeps its own block.
  for (const PointerMap &PM : F.Regions.at(2).R.PointerMaps)
    CHECK_FALSE((PM.Map.Member || PM.Map.StructSpan));
  // Exit data: the members first, then the span, released.
  const Region &X = F.Regions.at(3).R;
  REQUIRE(X.PointerMaps.size() == 3);
  CHECK(X.PointerMaps[0].Map.Member);
  CHECK(X.PointerMaps[1].Map.Member);
  CHECK(X.PointerMaps[2].Map.StructSpan);
  CHECK(X.PointerMaps[2].Map.Type == MapType::Release);
  // One member: its own block is the span.
  REQUIRE(F.Regions.at(4).R.PointerMaps.size() == 1);
  CHECK_FALSE(F.Regions.at(4).R.PointerMaps[0].Map.Member);
  // target update through a mapper: b and the items of the update's
  // direction (b.w is alloc in the mapper: not updated).
  for (int I : {5, 6}) {
    const Region &U = F.Regions.at(I).R;
    REQUIRE(U.Translate);
    REQUIRE(U.PointerMaps.size() == 1);
    CHECK(U.PointerMaps[0].Base == "b.v");
    CHECK(U.PointerMaps[0].Map.Type == (I == 5 ? MapType::To : MapType::From));
  }
  CHECK(contains(flat(F.Output), "o2c::update(o2c_loc, -1, true, &(b), sizeof(b), true);"));
  CHECK(contains(flat(F.Output), "o2c::update(o2c_loc, -1, true, (b.v) + (0), "
                                 "(size_t)(b.n) * sizeof(*(b.v)), false);"));
  CHECK_FALSE(contains(flat(F.Output), "update(o2c_loc, -1, true, (b.w)"));
}

TEST_CASE("the iterator map modifier maps each item of the iterator space "
          "in a loop of the stub, after the other maps",
          "[analysis][iterator]") {
  FileResult F = translateC(R"src(
void f(int n, int m, int *lst[], double *b) {
  #pragma omp target map(iterator(it = 0:n), tofrom: lst[it][:m]) map(to: lst[0:n])
  for (int i = 0; i < n; i++) lst[i][0] += 1;
  #pragma omp target map(iterator(i = 0:n:2, j = n-1:-1:-1), to: b[i + j])
  b[0] += 1;
  #pragma omp target map(iterator(it = 0:n:m), to: lst[it][:m])
  lst[0][0] = 1;
  #pragma omp target map(iterator(it = 0:n), present, to: lst[it][:m])
  lst[0][0] = 1;
})src");
  REQUIRE(F.Ok);
  const Region &R0 = F.Regions.at(0).R;
  REQUIRE(R0.Translate);
  REQUIRE(R0.PointerMaps.size() == 1);
  CHECK(R0.PointerMaps[0].Base == "lst[it]");
  CHECK(R0.PointerMaps[0].AttachBase);
  CHECK(R0.PointerMaps[0].Map.Length == "m");
  CHECK(!findCapture(R0, "it")); // declared by the clause
  const Capture *M = findCapture(R0, "m");
  REQUIRE(M); // the length reaches the stub
  // The loop comes after lst's own map, so the pointers are attached.
  std::string Out = flat(F.Output);
  size_t Lst = Out.find("o2c_region.mapSection(lst, 0, o2c_len_lst, o2c::MapTo);");
  size_t Loop = Out.find("for (int it = (0); it < (n); it += (1)) { "
                         "o2c_region.map((lst[it]) + (0), (size_t)(m) * "
                         "sizeof(*(lst[it])), o2c::MapToFrom); "
                         "o2c_region.attachSection(&(lst[it]), 0); }");
  CHECK(Lst != std::string::npos);
  CHECK(Loop != std::string::npos);
  CHECK(Lst < Loop);
  // Two iterators over elements of one pointer: one map each would put
  // them apart on the device, where the kernel's b reached one alone (a
  // wrong answer with elements the kernel reached through another).
  const Region &R1 = F.Regions.at(1).R;
  CHECK_FALSE(R1.Translate);
  CHECK(R1.Why == DiagId::HostClause);
  CHECK(contains(R1.Reason, "pieces of one array"));
  // Not translated: a step that is not a constant, and 'present' on a
  // target region.
  CHECK_FALSE(F.Regions.at(2).R.Translate);
  CHECK(contains(F.Regions.at(2).R.Reason, "not a non-zero constant"));
  CHECK_FALSE(F.Regions.at(3).R.Translate);
  CHECK(contains(F.Regions.at(3).R.Reason, "on data constructs only"));
}

TEST_CASE("the iterator map modifier on data constructs: one runtime call "
          "per iterator value, where the construct stands",
          "[analysis][iterator]") {
  FileResult F = translateC(R"src(
struct S { int len; double *data; };
void f(int n, int m, int *lst[], struct S *s, int *p) {
  #pragma omp target enter data map(to: lst[0:n]) map(iterator(it = 0:n), to: lst[it][:m])
  #pragma omp target exit data map(iterator(it = 0:n), from: lst[it][:m]) map(release: lst[0:n])
  #pragma omp target data map(iterator(i = 0:n:2, j = 1:-1:-1), tofrom: s[i + j].data[0:s[i + j].len])
  { }
  #pragma omp target enter data map(iterator(it = 0:n), present, alloc: lst[it][:m])
  #pragma omp target exit data map(iterator(it = 0:n), delete: lst[it][:m]) nowait
  #pragma omp target exit data map(iterator(it = 0:n:m), release: p[it])
  #pragma omp target enter data map(iterator(n = 0:n), to: p[n])
  #pragma omp target enter data map(iterator(j = 0:n, n = 0:2), to: lst[j][n])
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 8);
  std::string Out = flat(F.Output);
  // enter data: lst first, then each row, attached to its slot of lst.
  const Region &E = F.Regions[0].R;
  REQUIRE(E.Translate);
  REQUIRE(E.PointerMaps.size() == 1);
  CHECK(E.PointerMaps[0].AttachBase);
  CHECK(!findCapture(E, "it"));
  size_t Lst = Out.find("o2c_enters.enterData(o2c_loc, -1, true, (lst) + (0), "
                        "(size_t)(n) * sizeof(*(lst)), o2c::MapTo);");
  size_t Rows = Out.find(
      "for (int it = (0); it < (n); it += (1)) { o2c_enters.enterData(o2c_loc, "
      "-1, true, (lst[it]) + (0), (size_t)(m) * sizeof(*(lst[it])), o2c::MapTo); "
      "o2c_enters.attachSection(o2c_loc, -1, true, &(lst[it]), 0); }");
  CHECK(Lst != std::string::npos);
  CHECK(Rows != std::string::npos);
  CHECK(Lst < Rows);
  // exit data: the rows in the clause's order, never attached (the loop's
  // body is the one call), recorded in the construct's batch.
  REQUIRE(F.Regions[1].R.Translate);
  CHECK(contains(Out, "o2c::ExitBatch o2c_exits; "
                      "o2c_exits.exitData(o2c_loc, -1, true, (lst) + (0), "
                      "(size_t)(n) * sizeof(*(lst)), o2c::MapRelease); "
                      "for (int it = (0); it < (n); it += (1)) { "
                      "o2c_exits.exitData(o2c_loc, -1, true, (lst[it]) + (0), "
                      "(size_t)(m) * sizeof(*(lst[it])), o2c::MapFrom); } "
                      "o2c_exits.run();"));
  // target data: two iterators, each member's pointee attached.
  REQUIRE(F.Regions[2].R.Translate);
  CHECK(contains(Out, "for (int i = (0); i < (n); i += (2)) "
                      "for (int j = (1); j > (-1); j += (-1)) { "
                      "o2c_data_L6.map((s[i + j].data) + (0), "
                      "(size_t)(s[i + j].len) * sizeof(*(s[i + j].data)), "
                      "o2c::MapToFrom); "
                      "o2c_data_L6.attachSection(&(s[i + j].data), 0); }"));
  // present, delete (deferred: recorded now), release with a step.
  REQUIRE(F.Regions[3].R.Translate);
  CHECK(contains(Out, "{ o2c_enters.enterData(o2c_loc, -1, true, (lst[it]) + (0), "
                      "(size_t)(m) * sizeof(*(lst[it])), o2c::MapAlloc | "
                      "o2c::MapPresent); "));
  REQUIRE(F.Regions[4].R.Translate);
  CHECK(contains(Out, "o2c::ExitBatch o2c_exits; "
                      "for (int it = (0); it < (n); it += (1)) { "
                      "o2c_exits.exitData(o2c_loc, -1, true, (lst[it]) + "
                      "(0), (size_t)(m) * sizeof(*(lst[it])), "
                      "o2c::MapDelete); } o2c_task->exitBatch(o2c_exits);"));
  // A step that is not a constant stays refused, as on a region.
  CHECK_FALSE(F.Regions[5].R.Translate);
  CHECK(contains(F.Regions[5].R.Reason, "not a non-zero constant"));
  // A bound naming a variable an iterator hides stays refused: `n < (n)`
  // would never run the loop, and an inner loop's n would hide the outer
  // bound's.
  for (int I : {6, 7}) {
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(contains(F.Regions[I].R.Reason, "which the iterator would hide"));
  }
}

TEST_CASE("device and if of a data construct with iterators are read once, "
          "before the loops, where no iterator hides their names",
          "[analysis][iterator]") {
  FileResult F = translateC(R"src(
void f(int n, int d, int **p) {
  #pragma omp target enter data if(n > 0) device(d) map(iterator(n = 0:4), to: p[n][0:2])
  #pragma omp target exit data if(n > 0) map(iterator(it = 0:4), from: p[it][0:2])
  #pragma omp target exit data if(n > 0) map(from: p[0:4])
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  std::string Out = flat(F.Output);
  for (int I : {0, 1, 2})
    REQUIRE(F.Regions[I].R.Translate);
  // In the loop `n` is the iterator: the clause's `n > 0` is the parameter.
  // The if clause guards the items (ex8): the calls take true.
  CHECK(contains(Out,
                 "if ((bool)(n > 0)) { "
                 "const int o2c_device = o2c::deviceClause(d); "
                 "o2c::EnterBatch o2c_enters; "
                 "for (int n = (0); n < (4); n += (1)) { "
                 "o2c_enters.enterData(o2c_loc, o2c_device, true, (p[n]) + (0), "));
  CHECK(contains(Out,
                 "if ((bool)(n > 0)) { o2c::ExitBatch o2c_exits; "
                 "for (int it = (0); it < (4); it += (1)) "
                 "{ o2c_exits.exitData(o2c_loc, -1, true, (p[it]) + (0), "));
  CHECK(contains(Out, "if ((bool)(n > 0)) { "
                      "o2c::exitData(o2c_loc, -1, true, (p) + (0), "));
}

TEST_CASE("declare mapper with the iterator modifier: one element per value "
          "is one section", "[analysis][maps][mapper][iterator]") {
  FileResult F = translateCode(R"src(
#include <stddef.h>
typedef struct { size_t len; double *data; } V;
#pragma omp declare mapper(V v) map(iterator(it = 0:v.len), tofrom: v.data[it])
#pragma omp declare mapper(down: V v) map(v) map(iterator(it = v.len - 1:-1:-1), to: v.data[it])
#pragma omp declare mapper(odd: V v) map(v) map(iterator(it = 0:v.len), to: v.data[2 * it])
void f(V s) {
  #pragma omp target
  s.data[0] = s.len;
  #pragma omp target map(mapper(down), tofrom: s)
  s.data[0] = 1;
  #pragma omp target map(mapper(odd), tofrom: s)
  s.data[0] = 1;
  #pragma omp target data map(s)
  s.data[0] = 1;
})src",
                               "input.c",
                               {"-fopenmp", "-fopenmp-version=52", "-xc",
                                "-std=c11"},
                               Options());
  REQUIRE(F.Ok);
  // OpenMP_VV's test_declare_mapper_iterator: the elements are one section,
  // attached to the copy of s, which goes in (the mapper does not map it).
  const Region &R0 = F.Regions.at(0).R;
  REQUIRE(R0.Translate);
  const Capture *S = findCapture(R0, "s");
  REQUIRE(S);
  REQUIRE(S->Map);
  CHECK(S->Map->Type == MapType::To);
  REQUIRE(R0.PointerMaps.size() == 1);
  CHECK(R0.PointerMaps[0].Base == "s.data");
  CHECK(R0.PointerMaps[0].AttachBase);
  CHECK(R0.PointerMaps[0].Loops.empty());
  CHECK(R0.PointerMaps[0].Map.Lower == "(int)(0)");
  CHECK(R0.PointerMaps[0].Map.Length ==
        "((int)(s.len) > (int)(0) ? (int)(s.len) - (int)(0) : 0)");
  // Counting down: from the last value up.
  const Region &R1 = F.Regions.at(1).R;
  REQUIRE(R1.Translate);
  REQUIRE(R1.PointerMaps.size() == 1);
  CHECK(R1.PointerMaps[0].Map.Lower == "(int)(-1) + 1");
  CHECK(R1.PointerMaps[0].Map.Length ==
        "((int)(s.len - 1) > (int)(-1) ? (int)(s.len - 1) - (int)(-1) : 0)");
  // Elements apart: on the host.
  CHECK_FALSE(F.Regions.at(2).R.Translate);
  CHECK(F.Regions.at(2).R.Why == DiagId::HostClause);
  CHECK(contains(F.Regions.at(2).R.Reason, "is not one element per value"));
  // A data construct through a mapper that does not map its variable.
  CHECK_FALSE(F.Regions.at(3).R.Translate);
  CHECK(contains(F.Regions.at(3).R.Reason, "does not map its variable 'v'"));
}

TEST_CASE("an iterator over the elements of one pointer is one section on a "
          "target region", "[analysis][iterator]") {
  FileResult F = translateCode(R"src(
#include <stddef.h>
typedef struct { size_t len; double *data; } V;
void f(V s, double *p, int n) {
  #pragma omp target map(to: s) map(iterator(it = 0:s.len), tofrom: s.data[it])
  s.data[1] = 2;
  #pragma omp target map(iterator(it = 2:n), to: p[it])
  p[3] = 1;
  #pragma omp target enter data map(iterator(it = 0:n), to: p[it])
})src",
                               "input.c",
                               {"-fopenmp", "-fopenmp-version=52", "-xc",
                                "-std=c11"},
                               Options());
  REQUIRE(F.Ok);
  // One map each put the elements apart on the device, and s.data,
  // attached to each in turn, reached the last one alone: the kernel's
  // s.data[1] was another allocation (a crash in the emu build).
  std::string Out = flat(F.Output);
  CHECK(contains(Out, "o2c_region.map((s.data) + ((int)(0)), (size_t)(((int)"
                      "(s.len) > (int)(0) ? (int)(s.len) - (int)(0) : 0)) * "
                      "sizeof(*(s.data)), o2c::MapToFrom);"));
  // On a pointer variable the kernel takes, the span is the section
  // p[2:n-2]: mapped apart, after the stub translated p, the kernel's p was
  // the host's (it8.c).
  CHECK(contains(Out, "o2c_lo_p = ((int)(2)), o2c_len_p = (((int)(n) > "
                      "(int)(2) ? (int)(n) - (int)(2) : 0));"));
  CHECK(contains(Out, "auto *p_d = o2c_region.mapSection(p, o2c_lo_p, "
                      "o2c_len_p, o2c::MapTo);"));
  CHECK_FALSE(contains(Out, "o2c_region.map((p) + "));
  CHECK(F.Regions[1].R.PointerMaps.empty());
  CHECK_FALSE(contains(Out, "for (int it = (0); it < (s.len)"));
  // A data construct maps one item per value, each with its own count,
  // which one section could not keep: it stays on the host (the test
  // below).
  CHECK_FALSE(F.Regions[2].R.Translate);
}

TEST_CASE("on a data construct, iterator items that are pieces of one array "
          "keep the program on the host; on any construct, so do two "
          "iterators over the elements of one row",
          "[analysis][iterator]") {
  FileResult F = translateCode(
      R"src(
struct S { int len; double *data; };
void f(int n, int m, double *p, double **lst, struct S s, struct S *v) {
  #pragma omp target enter data map(iterator(it = 0:n), to: p[it])
  #pragma omp target exit data map(iterator(it = 0:n / 2), from: p[2 * it])
  #pragma omp target data map(iterator(it = 0:n), tofrom: s.data[it])
  { }
  #pragma omp target enter data map(iterator(r = 0:n, j = 0:m), to: lst[r][j])
  #pragma omp target exit data map(iterator(it = 0:n), from: lst[it % 2][it])
  #pragma omp target map(to: lst[0:n]) map(iterator(r = 0:n, j = 0:m), tofrom: lst[r][j])
  lst[1][1] = 0;
  #pragma omp target enter data map(iterator(it = 0:n), to: lst[it][it])
  #pragma omp target enter data map(iterator(i = 0:n, j = 0:2), to: v[i + j].data[0:v[i + j].len])
})src",
      "input.c", {"-fopenmp", "-fopenmp-version=52", "-xc", "-std=c11"},
      Options());
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 8);
  // One runtime entry per element put p[1] apart from p[0], where the
  // region's p reached p[0] alone (sum 2016.0 instead of 4032.0 on the
  // emu), and the section they make would not keep each element's count.
  for (int I : {0, 1, 2, 3, 4}) {
    CAPTURE(I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(contains(F.Regions[I].R.Reason, "are pieces of one array, each "
                                          "with a reference count of its "
                                          "own"));
  }
  CHECK(contains(F.HostProgram, "input.c:4:3: "));
  // Two iterators over a row's elements on a region: lst[r] was attached
  // to one element alone (emu crash).
  CHECK_FALSE(F.Regions[5].R.Translate);
  CHECK(contains(F.Regions[5].R.Reason, "which the device would hold apart"));
  // One element per row, a row per value; a section per struct, read
  // through the same subscript as its base.
  CHECK(F.Regions[6].R.Translate);
  CHECK(F.Regions[7].R.Translate);
}

TEST_CASE("an iterator span on a variable is the variable's section, checked "
          "against its other items; two iterator items on one base keep the "
          "region on the host",
          "[analysis][iterator]") {
  FileResult F = translateCode(
      R"src(
struct S { int len; double *data; };
void f(struct S s, double *p, double *q, int n, int h) {
  #pragma omp target map(iterator(it = 5:20), tofrom: p[it])
  p[6] = 1;
  #pragma omp target map(iterator(it = 0:n / 2), tofrom: p[it]) map(tofrom: p[n / 2:n / 2])
  p[0] = 1;
  #pragma omp target map(iterator(it = 0:n), to: p[it]) map(from: p[0:n])
  p[0] = 1;
  #pragma omp target map(to: s) map(iterator(it = 0:h), tofrom: s.data[it]) map(iterator(it = h:s.len), tofrom: s.data[it])
  s.data[0] = 1;
  #pragma omp target map(iterator(it = 0:n), to: p[it]) map(iterator(it = 0:n), from: q[it])
  q[0] = p[0];
  double m[4][8];
  #pragma omp target map(tofrom: m[0][0:8]) map(iterator(it = 0:4), tofrom: m[it][0:n])
  m[1][1] = 1;
  #pragma omp target map(iterator(it = 0:4), tofrom: m[it][0:n]) map(tofrom: m)
  m[1][1] = 1;
  double *lst[2];
  #pragma omp target map(to: lst) map(iterator(it = 0:2), tofrom: lst[it][0:4]) map(iterator(j = 0:2), tofrom: lst[j][4:4])
  lst[1][1] = 1;
})src",
      "input.c", {"-fopenmp", "-fopenmp-version=52", "-xc", "-std=c11"},
      Options());
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 8);
  // p[5:15]: the kernel's p is the device copy of p, offset by the lower
  // bound (it7.c printed the host's sum before).
  const Region &R0 = F.Regions[0].R;
  REQUIRE(R0.Translate);
  CHECK(R0.PointerMaps.empty());
  const Capture *P = findCapture(R0, "p");
  REQUIRE(P);
  REQUIRE(P->Map);
  CHECK(P->Map->Section);
  CHECK(P->Map->Type == MapType::ToFrom);
  CHECK(P->Map->Lower == "(int)(5)");
  CHECK(P->Map->Length == "((int)(20) > (int)(5) ? (int)(20) - (int)(5) : 0)");
  // Beside another item on p: one pointer cannot reach both (it3.c, it4.c).
  for (int I : {1, 2}) {
    CAPTURE(I);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostClause);
    CHECK(contains(F.Regions[I].R.Reason,
                   "'p' appears in more than one map item"));
  }
  // s.data over two ranges was attached to the second alone (it13.c).
  CHECK_FALSE(F.Regions[3].R.Translate);
  CHECK(F.Regions[3].R.Why == DiagId::HostClause);
  CHECK(contains(F.Regions[3].R.Reason, "which another item maps too"));
  // A to/from pair on two pointers (it6.c).
  const Region &R4 = F.Regions[4].R;
  REQUIRE(R4.Translate);
  const Capture *Q = findCapture(R4, "q");
  REQUIRE(Q);
  REQUIRE(Q->Map);
  CHECK(Q->Map->Type == MapType::From);
  CHECK(contains(flat(F.Output),
                 "auto *q_d = o2c_region.mapSection(q, o2c_lo_q, "));
  // Rows beside one row's item: the kernel's m was that row's copy (a wrong
  // sum on the emu); beside the whole array they lie in its copy.
  CHECK_FALSE(F.Regions[5].R.Translate);
  CHECK(F.Regions[5].R.Why == DiagId::HostClause);
  CHECK(contains(F.Regions[5].R.Reason, "lies in 'm', a part of which another "
                                        "item maps"));
  CHECK(F.Regions[6].R.Translate);
  // Two items over the same rows: each row's pointer was attached to the
  // last piece alone (a wrong sum on the emu).
  CHECK_FALSE(F.Regions[7].R.Translate);
  CHECK(F.Regions[7].R.Why == DiagId::HostClause);
  CHECK(contains(F.Regions[7].R.Reason,
                 "lies in 'lst', in which another item with the 'iterator' "
                 "modifier lies too"));
}

TEST_CASE("a declare mapper that does not map its variable maps only "
          "sections of its pointer members on a target region",
          "[analysis][maps][mapper]") {
  FileResult F = translateC(R"src(
typedef struct { int len; double *data; } V;
#pragma omp declare mapper(V v) map(tofrom: v.len) map(tofrom: v.data[0:v.len])
#pragma omp declare mapper(sec: V v) map(tofrom: v.data[0:v.len])
void f(V s) {
  #pragma omp target map(tofrom: s)
  { s.data[0] = 1; s.len = 12; }
  #pragma omp target map(mapper(sec), tofrom: s)
  s.data[0] = 1;
})src");
  REQUIRE(F.Ok);
  // The stub copies s in and never back: s.len's 'from' was lost (mp3.c
  // printed 16 where the host build printed 12).
  const Region &R0 = F.Regions.at(0).R;
  CHECK_FALSE(R0.Translate);
  CHECK(R0.Why == DiagId::HostClause);
  CHECK(contains(R0.Reason, "does not map its variable 'v' itself, yet maps "
                            "a member of it"));
  CHECK(F.Regions.at(1).R.Translate);
}
