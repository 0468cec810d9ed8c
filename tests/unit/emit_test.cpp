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
  // Fig. 5's `i += blockDim.x * gridDim.x` wraps past INT_MAX when n lies
  // within a stride of it; the step stops at n instead (loops.h).
  CHECK(contains(K, "for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; "
                    "i = o2c_dev::strideNext(i, n, blockDim.x * gridDim.x))"));
  CHECK(contains(K, "#line 5 \"v.c\"\n    a[i] = 0;"));
  // No runtime calls: the inline step is the only o2c_dev name.
  std::string Rest = K;
  Rest.erase(Rest.find("o2c_dev::strideNext"), 19);
  CHECK_FALSE(contains(Rest, "o2c_dev::"));
}

TEST_CASE("a grid-stride loop from a lower bound starts without overflow",
          "[emit]") {
  KernelModel M = vaddModel();
  M.Loops[0].Lower = "lo";
  CHECK(contains(emitKernel(M),
                 "for (int i = o2c_dev::strideStart<int>(lo, blockIdx.x * "
                 "blockDim.x + threadIdx.x, n); i < n; "));
  // An inclusive bound may be INT_MAX itself, which no step can pass.
  M.Loops[0].Cmp = LoopCmp::LE;
  M.SimpleLoop = false;
  CHECK(contains(emitKernel(M), "o2c_iv < o2c_trip"));
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
  // A word of the reduced type per warp.
  CHECK(contains(K, "__shared__ unsigned long long "
                    "o2c_scratch[o2c_dev::ScratchWords<double>::value];"));
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
  // A chunk below 1 is 1, as libomp takes it (review rG t8.c).
  CHECK(contains(F.Output, "((long long)(ch) > 0 ? (long long)(ch) : 1LL)"));
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
  CHECK(contains(K, "gridDim.x)) {\n    do {\n"));
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
  // Without num_teams the shape may give it a thread for every iteration.
  CHECK(contains(emitStub(M), "o2c_trip, 0, 0, false, true);"));

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

TEST_CASE("64-bit counts get a 32-bit counter instantiation the stub picks "
          "per launch (issue 11 point 2)",
          "[emit]") {
  KernelModel M = vaddModel();
  M.OnePassVariant = true;
  M.CounterVariant = true;
  M.SimpleLoop = false;
  M.TripType = "unsigned long long";
  M.Loops[0].VarType = "long";
  M.Loops[0].Is64Bit = true;
  M.Loops[0].Lower = "lo";
  M.Loops[0].Step = "2";
  M.Loops[0].UnitStep = false;
  LoopLevel J;
  J.Var = "j";
  J.VarType = "int";
  J.Lower = "0";
  J.Upper = "m";
  M.Loops.push_back(J);
  std::string K = emitKernel(M);
  CHECK(contains(K, "template <bool O2cOnePass, class O2cIdx>\n"));
  // Each level is counted at its own width, then narrowed to the counter.
  CHECK(contains(K, "const O2cIdx o2c_trip0 = (O2cIdx)((n > lo ? "
                    "((unsigned long long)n - (unsigned long long)lo + 2 - 1) / 2 : 0));"));
  CHECK(contains(K, "const O2cIdx o2c_trip1 = (O2cIdx)((m > 0 ? (unsigned int)m : 0));"));
  CHECK(contains(K, "for (O2cIdx o2c_iv = blockIdx.x * blockDim.x + threadIdx.x; "
                    "o2c_iv < o2c_trip; o2c_iv += (O2cIdx)blockDim.x * gridDim.x)"));
  // The 64-bit variable is computed in 64 bits, whatever the counter's width.
  CHECK(contains(K, "long i = (long)((unsigned long long)(lo) + "
                    "((unsigned long long)(o2c_iv / (o2c_trip1))) * 2);"));
  CHECK(contains(K, "int j = (int)((unsigned int)((o2c_iv) % o2c_trip1));"));
  std::string S = emitStub(M);
  CHECK(contains(S, "o2c::gridStrideShape(omp2cuda_vadd_L3<false, unsigned long long>, "));
  CHECK(contains(S, "const bool o2c_one = o2c::coversTrip(o2c_shape, o2c_trip);\n"
                    "    auto *o2c_kernel = o2c::countsIn32Bits(o2c_shape, o2c_trip)\n"
                    "        ? (o2c_one ? omp2cuda_vadd_L3<true, unsigned int> : "
                    "omp2cuda_vadd_L3<false, unsigned int>)\n"
                    "        : (o2c_one ? omp2cuda_vadd_L3<true, unsigned long long> : "
                    "omp2cuda_vadd_L3<false, unsigned long long>);\n"));
}

TEST_CASE("lowering narrows the counter of 64-bit loops and collapsed nests "
          "only",
          "[emit]") {
  FileResult F = translateC(R"(
void f(double *a, long n, int m) {
#pragma omp target teams distribute parallel for map(from: a[0:n])
  for (long i = 0; i < n; i++) a[i] = i;
#pragma omp target teams distribute parallel for collapse(2) map(from: a[0:n])
  for (int i = 0; i < m; i++) for (int j = 0; j < m; j++) a[i * m + j] = j;
#pragma omp target teams distribute parallel for map(from: a[0:n])
  for (int i = 0; i < m; i++) a[i] = i;
})");
  REQUIRE(F.Ok);
  CHECK(contains(F.Output, "template <bool O2cOnePass, class O2cIdx>\nstatic __global__ void omp2cuda_f_L3("));
  CHECK(contains(F.Output, "template <bool O2cOnePass, class O2cIdx>\nstatic __global__ void omp2cuda_f_L5("));
  CHECK(contains(F.Output, "template <bool O2cOnePass>\nstatic __global__ void omp2cuda_f_L7("));
  // A 32-bit loop keeps its own variable striding over the grid.
  CHECK(contains(F.Output, "for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < m;"));
}

TEST_CASE("a chunked collapsed nest gets a 32-bit counter instantiation when "
          "its chunk is a literal (issue 9)",
          "[emit]") {
  FileResult F = translateC(R"(
void f(double *a, int n, int m, int ch) {
#pragma omp target teams distribute parallel for collapse(2) map(from: a[0:n]) schedule(static, 3)
  for (int i = 0; i < m; i++) for (int j = 0; j < m; j++) a[i * m + j] = j;
#pragma omp target teams distribute parallel for collapse(2) map(from: a[0:n]) schedule(static, ch)
  for (int i = 0; i < m; i++) for (int j = 0; j < m; j++) a[i * m + j] = j;
#pragma omp target teams distribute parallel for map(from: a[0:n]) schedule(static, 3)
  for (long i = 0; i < m; i++) a[i] = i;
})");
  REQUIRE(F.Ok);
  // (The output is formatted: the checks stop at its line breaks.)
  CHECK(contains(F.Output, "template <class O2cIdx> static __global__ void "
                           "omp2cuda_f_L3(double *a, int m) {"));
  CHECK(contains(F.Output, "for (O2cIdx o2c_base = (O2cIdx)(blockIdx.x * "
                           "blockDim.x + threadIdx.x) * (3);\n"));
  CHECK(contains(F.Output, "o2c_base += (O2cIdx)blockDim.x * gridDim.x * (3))"));
  // The stub multiplies the grid by the chunk.
  CHECK(contains(F.Output, "omp2cuda_f_L3<unsigned long long>, o2c_region, "
                           "o2c_trip, 0, 0, false);"));
  CHECK(contains(F.Output, "auto *o2c_kernel = o2c::countsIn32Bits(o2c_shape, "
                           "o2c_trip, 3)\n"));
  CHECK(contains(F.Output, "? omp2cuda_f_L3<unsigned int>\n"));
  CHECK(contains(F.Output, ": omp2cuda_f_L3<unsigned long long>;\n"));
  // A chunk the stub evaluates, and one 64-bit loop (no divisions to
  // spare): one fixed counter.
  CHECK(contains(F.Output, "__global__ void omp2cuda_f_L5("));
  CHECK_FALSE(contains(F.Output, "omp2cuda_f_L5<"));
  CHECK(contains(F.Output, "__global__ void omp2cuda_f_L7("));
  CHECK_FALSE(contains(F.Output, "omp2cuda_f_L7<"));
}

TEST_CASE("a thread_limit clause bounds the one-pass kernel's launch when it "
          "is a constant (issue 11 point 3)",
          "[emit]") {
  KernelModel M = vaddModel();
  M.OnePassVariant = true;
  M.BoundedThreads = true;
  M.ThreadLimit = "THREADS";
  std::string K = emitKernel(M);
  CHECK(contains(K, "template <bool O2cOnePass, int O2cMaxThreads>\n"
                    "static __global__ void __launch_bounds__(O2cMaxThreads) "
                    "omp2cuda_vadd_L3(double *a, int n) {"));
  std::string S = emitStub(M);
  CHECK(contains(S, "constexpr int o2c_max_threads = O2C_MAX_THREADS(THREADS);\n"));
  CHECK(contains(S, "? omp2cuda_vadd_L3<true, o2c_max_threads> : "
                    "omp2cuda_vadd_L3<false, o2c_max_threads>;"));

  FileResult F = translateC(R"(
void f(double *a, int n, int t) {
#pragma omp target teams distribute parallel for map(from: a[0:n]) thread_limit(64)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp target teams distribute parallel for map(from: a[0:n]) thread_limit(t)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp target teams distribute parallel for map(from: a[0:n])
  for (int i = 0; i < n; i++) a[i] = i;
})");
  REQUIRE(F.Ok);
  // A clause that is no constant still compiles: O2C_MAX_THREADS gives 0.
  CHECK(contains(F.Output, "O2C_MAX_THREADS(64);"));
  CHECK(contains(F.Output, "O2C_MAX_THREADS(t);"));
  CHECK(contains(F.Output, "template <bool O2cOnePass>\nstatic __global__ void omp2cuda_f_L7("));
}
