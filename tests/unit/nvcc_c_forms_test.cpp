// C forms that the generated .cu kept and nvcc rejected (helper cc3): a
// device copy's string literal with no room for its null, `_Bool`,
// designated initialisers out of order, a jump past a declaration of
// several initialised variables.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a C declare target char array filled by a literal: its device "
          "copy is a list",
          "[declare-target][ccompat]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
char ds[2] = "xy";
char dt[3] = "xy";
#pragma omp end declare target
void run(char *o) {
  #pragma omp target map(from: o[0:3])
  { o[0] = ds[0]; o[1] = ds[1]; o[2] = dt[2]; }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "char ds[2] = {'x', 'y'};"));
  CHECK(contains(F.Output, "__device__ char omp2cuda_dev_ds[2] = {'x', 'y'};"));
  CHECK(contains(F.Output, "__device__ char omp2cuda_dev_dt[3] = \"xy\";"));
}

TEST_CASE("C's _Bool is bool in the .cu", "[ccompat]") {
  FileResult F = translateC(R"src(
#define FLAG _Bool
static int flip(_Bool b) { return b ? 1 : 0; }
void run(_Bool *p, int *q, int n) {
  FLAG f = 1;
  #pragma omp target teams distribute parallel for map(tofrom: p[0:n], q[0:n])
  for (int i = 0; i < n; i++) {
    p[i] = (_Bool)(i % 3);
    q[i] = (int)(_Bool)(i & 1) + flip(p[i]) + f;
  }
  const char *s = "_Bool"; (void)s;
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK_FALSE(contains(F.Output, "_Bool *"));
  CHECK_FALSE(contains(F.Output, "(_Bool)"));
  CHECK(contains(F.Output, "#define FLAG bool"));
  CHECK(contains(F.Output, "static int flip(bool b)"));
  CHECK(contains(F.Output, "void run(bool *p, int *q, int n)"));
  CHECK(contains(F.Output, "p[i] = (bool)(i % 3);"));
  CHECK(contains(F.Output, "\"_Bool\""));
}

TEST_CASE("C designated initialisers out of order", "[ccompat]") {
  SECTION("literal values are written again in the members' order") {
    FileResult F = translateC(R"src(
struct S { int a; int b; double c; };
void run(int *r) {
  struct S h = {.c = -1.5, .b = 'x', .a = 2 + 1};
  #pragma omp target map(tofrom: r[0:3])
  {
    struct S s = {.b = 1, .a = 2, .c = 3.5};
    struct S t = {.a = 4, .c = 5};
    r[0] = s.a; r[1] = s.b + t.a; r[2] = (int)s.c;
  }
  r[0] += h.a;
})src");
    REQUIRE(F.Ok);
    CHECK(F.LeftOnHost == 0);
    CHECK(contains(F.Output, "struct S h = {.a = 2 + 1, .b = 'x', .c = -1.5};"));
    CHECK(contains(F.Output, "struct S s = {.a = 2, .b = 1, .c = 3.5};"));
    CHECK(contains(F.Output, "struct S t = {.a = 4, .c = 5};"));
    CHECK_FALSE(contains(F.Output, ".b = 1, .a = 2"));
  }
  // A function whose local is initialised with Init.
  auto WithInit = [](const char *Init) {
    return translateC(std::string(R"src(
struct S { int a; int b; int c; };
int f(void);
int g(int k) {
  struct S s = )src") + Init + R"src(;
  return s.a;
})src");
  };
  SECTION("others stay as written (clang and nvcc warn)") {
    for (const char *Init :
         {"{.b = k, .a = 2}", "{.c = 1, .a = 2, 3}", "{.b = f(), .a = 1}"}) {
      FileResult F = WithInit(Init);
      INFO(Init);
      REQUIRE(F.Ok);
      CHECK(contains(F.Output, std::string("struct S s = ") + Init + ";"));
    }
  }
  SECTION("a member named twice is an error") {
    for (const char *Init : {"{.b = 1, .a = 2, .b = 3}", "{.a = 1, .a = 2}",
                             "{.b = 1, .a = 2, 3}"}) {
      FileResult F = WithInit(Init);
      INFO(Init);
      CHECK_FALSE(F.Ok);
    }
  }
}

TEST_CASE("a jump past a declaration of several initialised scalars",
          "[ccompat]") {
  FileResult F = translateC(R"src(
int f(int k) {
  int o = 0;
  if (k) goto out;
  int w = 3, *p = &o, v, u = w + 1;
  unsigned long x = 1, y = x;
  _Bool b = 1, c = 0;
  int *q = &o, z = 4, (*fp)(int) = 0, *r = q;
  o += w + *p + u + (int)y + b + c + *q + z + (fp != 0) + *r;
  v = 0;
out:
  return o;
})src");
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "int w ; w = 3; int *p ; p = &o; int v; int u ; u = w + 1;"));
  CHECK(contains(F.Output, "unsigned long x ; x = 1; unsigned long y ; y = x;"));
  CHECK(contains(F.Output, "bool b ; b = 1; bool c ; c = 0;"));
  // The specifiers end before the first declarator's `*` and `(`.
  CHECK(contains(F.Output, "int *q ; q = &o; int z ; z = 4; int (*fp)(int) ; "
                           "fp = 0; int *r ; r = q;"));
}
