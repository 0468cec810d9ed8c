// The program's own names that CUDA's headers also declare are renamed in
// the output (src/edits/CudaNames.cpp).
#include "ToolTestUtil.h"

#include "edits/Edits.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("the table holds CUDA's names and none of the C library's",
          "[cudanames]") {
  for (const char *N : {"float2", "double2", "float4", "int3", "dim3", "rsqrt",
                        "make_float2", "__syncthreads", "threadIdx", "warpSize",
                        "atomicAdd", "cudaMalloc"})
    CHECK(isCudaName(N));
  for (const char *N : {"sqrt", "printf", "malloc", "abs", "size_t", "main", "x"})
    CHECK_FALSE(isCudaName(N));
  CHECK(isCudaMacro("CUDART_VERSION"));
  CHECK_FALSE(isCudaMacro("NULL"));
}

TEST_CASE("a C file's float2 and rsqrt are renamed everywhere it names them",
          "[cudanames]") {
  FileResult F = translateC(R"src(
#include <math.h>
typedef struct float2 { float x, y; } float2;
#define LEN(v) rsqrt((v).x * (v).x + (v).y * (v).y)
static float rsqrt(float v) { return 1.0f / sqrtf(v); }
enum { warpSize = 32 };
void f(float2 *p, float *r, int n) {
  #pragma omp target teams distribute parallel for map(to: p[0:n]) map(from: r[0:n])
  for (int i = 0; i < n; i++) {
    struct float2 q = p[i];
    r[i] = LEN(q) * warpSize + sizeof(float2);
  }
})src");
  REQUIRE(F.Ok);
  INFO(F.Output);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "typedef struct float2_ { float x, y; } float2_;"));
  CHECK(contains(F.Output, "#define LEN(v) rsqrt_((v).x"));
  CHECK(contains(F.Output, "float rsqrt_(float v)"));
  CHECK(contains(F.Output, "enum { warpSize_ = 32 };"));
  CHECK(contains(F.Output, "void f(float2_ *p, float *r, int n)"));
  // The kernel: its parameters are printed from the AST, its body is the
  // edited text.
  CHECK(contains(F.Output, "struct float2_ q = p[i];"));
  CHECK(contains(F.Output, "r[i] = LEN(q) * warpSize_ + sizeof(float2_);"));
  CHECK(contains(F.Output, "float2_ *p"));
  CHECK_FALSE(contains(F.Output, "float2 *"));
}

TEST_CASE("names CUDA declares elsewhere than at global scope stay",
          "[cudanames]") {
  FileResult F = translateC(R"src(
struct point { float float2; };
namespace geo { struct float2 { float x, y; }; }
void f(geo::float2 *p, int n) {
  int rsqrt = 2;
  #pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; i++) p[i].x *= rsqrt;
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "struct point { float float2; };"));
  CHECK(contains(F.Output, "namespace geo { struct float2 { float x, y; }; }"));
  CHECK(contains(F.Output, "int rsqrt = 2;"));
}

TEST_CASE("a C++ class named like CUDA's is renamed with its constructor",
          "[cudanames]") {
  FileResult F = translateC(R"src(
struct int3 { int a, b, c; int3(int v) : a(v), b(v), c(v) {} };
int3 make(int v) { return int3(v); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "struct int3_ { int a, b, c; int3_(int v)"));
  CHECK(contains(F.Output, "int3_ make(int v) { return int3_(v); }"));
}

TEST_CASE("a CUDA macro the program defines itself is #undef'd first",
          "[cudanames]") {
  FileResult F = translateC(R"src(#define CUDART_VERSION 7
int v(void) { return CUDART_VERSION; }
)src");
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "#undef CUDART_VERSION"));
  CHECK(contains(F.Output, "#define CUDART_VERSION 7"));
}

TEST_CASE("the C++ keyword a C name is and the CUDA name another is are both "
          "renamed",
          "[cudanames][ccompat]") {
  // A program that already names something float4_: the rename takes the
  // next free name.
  FileResult G = translateC(R"src(
int float4_;
struct float4 { float new; };
int get(struct float4 *p) { return (int)p->new + float4_; }
)src");
  REQUIRE(G.Ok);
  CHECK(contains(G.Output, "struct float4__ { float new_; };"));
  CHECK(contains(G.Output, "int get(struct float4__ *p) { return (int)p->new_ + float4_; }"));
}

TEST_CASE("a float passed to a double parameter of the math library is cast "
          "explicitly",
          "[cudanames]") {
  // The generated file sees exp10(float) (CUDA's) and, in C++, sqrt(float)
  // (<math.h>'s): the program computes these in double.
  FileResult F = translateC(R"src(
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
void f(float *a, double *r, int n) {
  #pragma omp target teams distribute parallel for map(to: a[0:n]) map(from: r[0:n])
  for (int i = 0; i < n; i++)
    r[i] = exp10(a[i]) + sqrt(a[i] * 2.0f) + sqrtf(a[i]);
  printf("%f\n", a[0]);
})src");
  REQUIRE(F.Ok);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output,
                 "r[i] = exp10((double)a[i]) + sqrt((double)(a[i] * 2.0f)) + sqrtf(a[i]);"));
  CHECK(contains(F.Output, "printf(\"%f\\n\", a[0]);"));
}
