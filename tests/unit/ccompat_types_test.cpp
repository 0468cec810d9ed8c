// C forms whose meaning C++ changes without an error: expressions typed
// otherwise (CExprTypes.cpp), the macros that tell the languages apart
// (CLanguageMacros.cpp), abs() of a non-int, compound literals' lifetime
// and empty structs.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("what decides the type sizeof, __typeof__ or __auto_type asks "
          "keeps C's int",
          "[ccompat]") {
  // scratch-ccomp cc4.c-cc8.c: sizeof(x < y) 4 in C, 1 in C++;
  // __typeof__(x < y) t; t += 5 gave 1 where C gives 6.
  FileResult F = translateC(R"src(#include <stdbool.h>
enum E { EA, EB };
#define ACC(v, e) do { __typeof__(e) t_ = (e); t_ += 5; v += t_; } while (0)
int f(int x, int y) {
  int r[2] = {0, 0};
  #pragma omp target map(tofrom: r) firstprivate(x, y)
  {
    r[0] = sizeof(x < y) + sizeof(!x) + sizeof(x && y) + sizeof(true);
    ACC(r[1], x < y);
  }
  __typeof__(EB) e = 7;
  __auto_type a = x == y;
  __typeof__(x ? 'a' : (x, x || y)) c = 300;
  return r[0] + r[1] + e + a + c + (int)sizeof(x + (x < y)) + ~(x < y);
})src");
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "r[0] = sizeof(((int)(x < y))) + sizeof(((int)(!x))) "
                           "+ sizeof(((int)(x && y))) + sizeof(((int)true));"));
  CHECK(contains(F.Output, "ACC(r[1], ((int)(x < y)));"));
  CHECK(contains(F.Output, "__typeof__(((int)EB)) e = 7;"));
  CHECK(contains(F.Output, "auto a = ((int)(x == y));"));
  CHECK(contains(F.Output,
                 "__typeof__(x ? ((int)'a') : (x, ((int)(x || y)))) c = 300;"));
  // C converts short and char arms of ?: to int (C++ keeps short).
  FileResult G = translateC(R"src(int g(int c, short s, short t, char ch) {
  return (int)(sizeof(c ? s : t) + sizeof(c ? ch : 'b') + sizeof(c ? s : 1L));
})src");
  REQUIRE(G.Ok);
  CHECK(contains(G.Output, "sizeof(c ? ((int)(s)) : ((int)(t))) + "
                           "sizeof(c ? ((int)(ch)) : ((int)'b')) + "
                           "sizeof(c ? ((long)(s)) : 1L)"));
  // Promoted alike: left as written.
  CHECK(contains(F.Output, "(int)sizeof(x + (x < y)) + ~(x < y);"));
}

TEST_CASE("a type-deciding comparison in a macro's definition is an error",
          "[ccompat]") {
  CHECK_FALSE(translateC(R"src(#define SZ(a, b) sizeof(a < b)
int f(int x, int y) { return (int)SZ(x, y); })src")
                  .Ok);
  CHECK_FALSE(translateC(R"src(#include <stdio.h>
#define SHOW(e) printf("%s %d\n", #e, (int)sizeof(e))
void f(int x, int y) { SHOW(x < y); })src")
                  .Ok);
}

TEST_CASE("the macros that tell C from C++ keep their C values",
          "[ccompat]") {
  // scratch-ccomp pp1.c: the .cu took the C++ branches (52 5 2, C 31 3 1).
  FileResult F = translateC(R"src(#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L
#define SCALE 3
#endif
#ifdef __cplusplus
static const int lang = 2;
#elif defined __cplusplus || __cplusplus > 1
static const int lang = 3;
#endif
#ifndef __cplusplus
static const int lang = 1;
#endif
int f(void) { return SCALE + lang; })src");
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "#if 1 && 201112L >= 199901L\n"));
  CHECK(contains(F.Output, "#if 0\nstatic const int lang = 2;"));
  CHECK(contains(F.Output, "#elif 0 || 0 > 1\n"));
  CHECK(contains(F.Output, "#if 1\nstatic const int lang = 1;"));
  CHECK_FALSE(translateC("#undef __STDC_VERSION__\nint f(void);").Ok);
  // scratch-ccomp cx3.c: C++'s <complex.h> is <complex>.
  CHECK_FALSE(translateC("#include <complex.h>\nint f(void);").Ok);
}

TEST_CASE("abs and div of a double or a long take C's int", "[ccompat]") {
  // scratch-ccomp wrong7_abs.c: C's abs(-2.5) is 2, C++'s overload 2.5.
  FileResult F = translateC(R"src(#include <stdlib.h>
#include <math.h>
enum E { EA };
double f(double d, long v, char c, enum E e, long double q) {
  double r = 0;
  #pragma omp target map(tofrom: r)
  r = abs(d) + abs(v) + abs(c) + abs(e) + sqrt(q);
  return r + div(v, 2).quot;
})src");
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "r = abs((int)d) + abs((int)v) + abs(c) + abs(e) + "
                           "sqrt((double)q);"));
  CHECK(contains(F.Output, "return r + div((int)v, 2).quot;"));
}

TEST_CASE("a pointer into a block's compound literal that may outlive its "
          "expression is an error",
          "[ccompat]") {
  // scratch-ccomp wrong6_compound_literal.c, cl6.c (-O1: garbage),
  // cl_struct.c: C keeps the literal to the end of its block.
  auto Program = [](const std::string &Body) {
    return "#include <stdio.h>\nstruct V { int a, b; int c[2]; };\nint use(const "
           "int *p) { return p[0]; }\nint *id(int *p) { return p; "
           "}\nint *kept;\nvoid keep(int *p) { kept = p; }\nint f(int i) {\n  "
           "int r = 0;\n" +
           Body + "\n#pragma omp target map(tofrom: r)\n  r += 1;\n  return "
                  "r;\n}\n";
  };
  CHECK_FALSE(translateC(Program("int *p = (int[]){1, 2}; r = p[i];")).Ok);
  CHECK_FALSE(translateC(Program("struct V *v = &(struct V){1, 2}; r = v->a;")).Ok);
  CHECK_FALSE(translateC(Program("int *p = (struct V){1}.c; r = *p;")).Ok);
  // C++ takes no address of a temporary.
  CHECK_FALSE(translateC(Program("r = (&(struct V){3})->a;")).Ok);
  CHECK_FALSE(translateC(Program("int *p = id((int[]){1, 2}); r = *p;")).Ok);
  // A callee that may keep the pointer (id returns it; keep stores it).
  CHECK_FALSE(translateC(Program("id((int[]){1, 2});")).Ok);
  CHECK_FALSE(translateC(Program("keep((int[]){1, 2}); r = *kept;")).Ok);
  // Used within the expression, or by value: fine.
  for (const char *Fine :
       {"r = use((int[]){1, 2}) + (int[]){3, 4}[i];",
        "struct V v = (struct V){1, 2}; r = v.a + (struct V){3}.c[i];",
        "r = use((struct V){5, 6, {7, 8}}.c) + printf(\"%d\", *(int[]){1});"})
    CHECK(translateC(Program(Fine)).Ok);
}

TEST_CASE("an empty struct is an error", "[ccompat]") {
  // scratch-ccomp cc3.c: sizeof 0 in GNU C, 1 in C++.
  CHECK_FALSE(translateC("struct Empty {};\nint f(void) { return (int)sizeof(struct Empty); }").Ok);
  CHECK(translateC("struct Empty;\nint f(struct Empty *e) { return e != 0; }").Ok);
}
