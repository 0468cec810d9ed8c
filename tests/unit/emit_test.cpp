// Emission: KernelModel -> text, without any AST.
#include "ToolTestUtil.h"
#include "emit/Emit.h"
#include "lowering/Lower.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {
KernelModel vaddModel() {
  KernelModel K;
  K.Shape = KernelShape::GridStride;
  K.Name = "omp2cuda_vadd_L3";
  K.StubName = "omp2cuda_vadd_L3_launch";
  K.Comment = "'#pragma omp target teams distribute parallel for' at v.c:3";
  K.Loc = {"v.c", 3, 1};
  K.Directive = "target teams distribute parallel for";
  K.Params = {{"double *a", "a_d"}, {"int n", "n"}};
  LoopLevel L;
  L.Var = "i";
  L.VarType = "int";
  L.Lower = "0";
  L.Upper = "n";
  K.Loops = {L};
  K.SimpleLoop = true;
  K.TripType = "unsigned int";
  K.TripExpr = tripCountExpr(L, "unsigned int");
  K.Body = "a[i] = 0;";
  K.BodyPos = {"v.c", 5, 5};
  K.BodyIndent = 4;
  K.LineDirectives = true;
  K.StubParams = {"double *a", "int n"};
  K.CallArgs = {"a", "n"};
  K.Maps = {{"auto *a_d = o2c_region.mapSection(a, 0, n, o2c::MapFrom);"}};
  return K;
}
} // namespace

TEST_CASE("grid-stride kernel in the form of seed 000 Fig. 5", "[emit]") {
  std::string K = emitKernel(vaddModel());
  CHECK(contains(K, "__global__ void omp2cuda_vadd_L3(double *a, int n) {"));
  CHECK(contains(K, "for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; "
                    "i += blockDim.x * gridDim.x)"));
  CHECK(contains(K, "#line 5 \"v.c\"\n    a[i] = 0;"));
  CHECK_FALSE(contains(K, "o2c_dev::")); // no runtime calls
}

TEST_CASE("line markers can be turned off", "[emit]") {
  KernelModel M = vaddModel();
  M.LineDirectives = false;
  CHECK_FALSE(contains(emitKernel(M), "#line"));
}

TEST_CASE("non-unit stride loops use a normalised counter", "[emit]") {
  KernelModel M = vaddModel();
  M.SimpleLoop = false;
  M.Loops[0].Step = "3";
  M.Loops[0].UnitStep = false;
  std::string K = emitKernel(M);
  CHECK(contains(K, "const unsigned int o2c_trip = (n > 0 ? ((unsigned int)n + 3 - 1) / 3 : 0);"));
  CHECK(contains(K, "int i = (int)((o2c_iv) * 3);"));
}

TEST_CASE("reductions fold per-thread partials once per block", "[emit]") {
  KernelModel M = vaddModel();
  M.Reductions = {{"s", "double", "o2c_dev::RedPlus", "o2c_red_s"}};
  std::string K = emitKernel(M);
  CHECK(contains(K, "double s = o2c_dev::RedPlus::identity<double>();"));
  CHECK(contains(K, "__shared__ unsigned long long o2c_scratch[32];"));
  CHECK(contains(K, "o2c_dev::reduceToGlobal<o2c_dev::RedPlus>(s, o2c_red_s, o2c_scratch);"));
}

TEST_CASE("host stub maps, launches and keeps the host fallback decision", "[emit]") {
  std::string S = emitStub(vaddModel());
  CHECK(contains(S, "static bool omp2cuda_vadd_L3_launch(double *a, int n) {"));
  CHECK(contains(S, "if (!o2c_region.offload())\n    return false;"));
  CHECK(contains(S, "O2C_LAUNCH(o2c_shape, 0, o2c_region.stream(), omp2cuda_vadd_L3)(a_d, n);"));
  CHECK(contains(S, "return o2c_region.finish();"));
}

TEST_CASE("the stub's lines are the generated file's, not the input's (issue "
          "13 point 4)",
          "[emit]") {
  KernelModel K = vaddModel();
  CHECK(contains(emitStub(K), generatedMarker(true) +
                                  "static bool omp2cuda_vadd_L3_launch("));
  K.LineDirectives = false;
  CHECK_FALSE(contains(emitStub(K), "#line"));
}

TEST_CASE("a kernel is the generated file's but for the user's body (issue 13 "
          "point 4)",
          "[emit]") {
  KernelModel M = vaddModel();
  M.Reductions = {{"s", "double", "o2c_dev::RedPlus", "o2c_red_s"}};
  std::string K = emitKernel(M);
  CHECK(K.rfind(generatedMarker(true), 0) == 0); // preamble included
  // The driver turns the `clang-format on` after the body into a marker.
  CHECK(contains(K, "#line 5 \"v.c\"\n    a[i] = 0;\n// clang-format on\n"));
  CHECK_FALSE(contains(K, "#line 3 \"v.c\""));
}

TEST_CASE("generated markers name the output and the line after them (issue "
          "13 point 4)",
          "[emit]") {
  std::string G = generatedMarker(true);
  CHECK(resolveGeneratedMarkers("#line 1 \"v.c\"\na\n" + G +
                                    "b\n#line 9 \"v.c\"\nc\n" + G + "d",
                                "out/v.cu") ==
        "#line 1 \"v.c\"\na\n#line 4 \"out/v.cu\"\nb\n#line 9 \"v.c\"\nc\n"
        "#line 8 \"out/v.cu\"\nd");
  // None where the lines are the file's own already (before any marker,
  // after a marker to it) or where another marker follows at once; the
  // lines after are numbered as written.
  CHECK(resolveGeneratedMarkers("a\n" + G + "b\n#line 9 \"v.c\"\nc\n" + G +
                                    "#line 2 \"v.c\"\nd\n" + G + "e\n" + G +
                                    "f\n",
                                "v.cu") ==
        "a\nb\n#line 9 \"v.c\"\nc\n#line 2 \"v.c\"\nd\n#line 8 \"v.cu\"\ne\nf\n");
  CHECK(generatedMarker(false).empty());
}

TEST_CASE("translations attribute generated code to the output (issue 13 "
          "point 4)",
          "[emit]") {
  Options O; // with line markers
  FileResult F = translateCode(R"(
void f(int *a, int n) {
#pragma omp target teams distribute parallel for map(from: a[0:n])
  for (int i = 0; i < n; i++) a[i] = i;
})",
                               "input.c", {"-xc", "-std=c11"}, O);
  REQUIRE(F.Ok);
  CHECK_FALSE(contains(F.Output, "<omp2cuda: generated code>"));
  CHECK(contains(F.Output, "#line 4 \"input.c\"\n  a[i] = i;\n#line "));
  CHECK(contains(F.Output, "\"input.cu\"\n"));
}

TEST_CASE("trip counts for every comparison", "[emit]") {
  LoopLevel L;
  L.Lower = "lo";
  L.Upper = "hi";
  L.Cmp = LoopCmp::LE;
  CHECK(tripCountExpr(L, "unsigned") ==
        "(hi >= lo ? (unsigned)hi - (unsigned)lo + 1 : 0)");
  L.Cmp = LoopCmp::GT;
  L.Increasing = false;
  CHECK(tripCountExpr(L, "unsigned") ==
        "(lo > hi ? (unsigned)lo - (unsigned)hi : 0)");
  L.Lower = "a + 1";
  L.Upper = "0";
  CHECK(tripCountExpr(L, "unsigned") == "((a + 1) > 0 ? (unsigned)(a + 1) : 0)");
}

TEST_CASE("a schedule chunk that names variables is passed by the stub",
          "[emit]") {
  FileResult F = translateC(R"(
void f(int *a, int n, int ch) {
#pragma omp target teams distribute parallel for map(from: a[0:n]) schedule(static, ch)
  for (int i = 0; i < n; i++) a[i] = i;
})");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "(int *a, int n, long long o2c_chunk)"));
  CHECK(contains(F.Output, "(a_d, n, (long long)(ch))"));
}

TEST_CASE("grid-stride kernels come in a one-pass instantiation the stub picks "
          "per launch (issue 11 point 2)",
          "[emit]") {
  KernelModel M = vaddModel();
  M.OnePassVariant = true;
  std::string K = emitKernel(M);
  CHECK(contains(K, "template <bool O2cOnePass>\n"
                    "static __global__ void omp2cuda_vadd_L3(double *a, int n) {"));
  // Templates need C++ linkage, also in a header a C program includes.
  CHECK(contains(K, "extern \"C++\" {\ntemplate <bool O2cOnePass>"));
  CHECK(contains(K, "  }\n}\n} // extern \"C++\"\n"));
  // The body once: `continue` in it reaches the `while`, then the break.
  CHECK(contains(K, "i += blockDim.x * gridDim.x) {\n    do {\n"));
  CHECK(contains(K, "    } while (0);\n    if (O2cOnePass)\n      break;"));
  std::string S = emitStub(M);
  CHECK(contains(S, "o2c::gridStrideShape(omp2cuda_vadd_L3<false>, o2c_region"));
  CHECK(contains(S, "auto *o2c_kernel = o2c::coversTrip(o2c_shape, o2c_trip) ? "
                    "omp2cuda_vadd_L3<true> : omp2cuda_vadd_L3<false>;"));
  CHECK(contains(S, "O2C_LAUNCH(o2c_shape, 0, o2c_region.stream(), o2c_kernel)(a_d, n);"));

  // In a template, the flag comes first (a parameter pack must be last).
  M.TemplateHeader = "template <typename T, int... Ns>";
  M.TemplateArgs = "<T, Ns...>";
  CHECK(contains(emitKernel(M), "template <bool O2cOnePass, typename T, int... Ns>\n"));
  CHECK(contains(emitStub(M), "omp2cuda_vadd_L3<true, T, Ns...> : "
                              "omp2cuda_vadd_L3<false, T, Ns...>;"));

  // The normalised counter and lastprivate forms end their pass the same way.
  M = vaddModel();
  M.OnePassVariant = true;
  M.SimpleLoop = false;
  M.LastPrivates = {{"x", "o2c_last_x", "x"}};
  K = emitKernel(M);
  CHECK(contains(K, "    if (o2c_iv == o2c_trip - 1) {\n      *o2c_last_x = x;\n    }\n"
                    "    if (O2cOnePass)\n      break;"));
}

TEST_CASE("lowering gives grid-stride loops the one-pass instantiation, except "
          "chunked ones",
          "[emit]") {
  FileResult F = translateC(R"(
void f(double *a, int n, int ch) {
#pragma omp target teams distribute parallel for map(from: a[0:n])
  for (int i = 0; i < n; i++) { if (i % 2) continue; a[i] = i; }
#pragma omp target teams distribute parallel for map(from: a[0:n]) schedule(static, 4)
  for (int i = 0; i < n; i++) a[i] = i;
})");
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "template <bool O2cOnePass>\nstatic __global__ void omp2cuda_f_L3("));
  CHECK(contains(F.Output, "__global__ void omp2cuda_f_L5("));
  CHECK_FALSE(contains(F.Output, "omp2cuda_f_L5<true>"));
}
