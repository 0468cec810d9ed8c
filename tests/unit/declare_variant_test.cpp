// declare variant in device code (issue 10 point 2, issue 8 "Why" 4): which
// variant the device calls, how device code names it, and which selectors
// keep a region on the host, soundly.
#include "ToolTestUtil.h"
#include "driver/Metadirectives.h"
#include "frontend/VariantBlocks.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {
const char *Variants = R"src(
int dev(int x);
#pragma omp declare target enter(dev) device_type(nohost)
int dev(int x) { return 10 * x; }
int other(int x) { return 3 * x; }
)src";
} // namespace

TEST_CASE("a kind(nohost) variant is what device code calls",
          "[analysis][declarevariant]") {
  FileResult F = translateC(std::string(Variants) + R"src(
#pragma omp declare variant(dev) match(device={kind(nohost)})
int f(int x) { return 2 * x; }
static int g(int x) { return f(x); }
void run(int *a) {
  #pragma omp target map(tofrom: a[0:2])
  { a[0] = f(a[0]); a[1] = g(a[1]); }
  a[0] += f(1);
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "a[0] = ::dev(a[0]);"));
  CHECK(contains(F.Output, "return O2C_DEVICE_CALL(f, (&::f), ::dev)(x);"));
  // The host keeps its own choice; the device-only variant gets a host
  // version for the CPU emulation.
  CHECK(contains(F.Output, "a[0] += f(1);"));
  CHECK(contains(F.Output, "device_type(any)"));
}

TEST_CASE("device selectors: gpu and nvptx match, host and cpu do not, the "
          "best score wins",
          "[analysis][declarevariant]") {
  FileResult F = translateC(std::string(Variants) + R"src(
#pragma omp declare variant(other) match(device={kind(gpu)})
#pragma omp declare variant(dev) match(device={kind(gpu), arch(nvptx64)})
int f(int x) { return 2 * x; }
#pragma omp declare variant(other) match(device={kind(fpga)})
int h(int x) { return x; }
void run(int *a) {
  #pragma omp target map(tofrom: a[0:2])
  { a[0] = f(a[0]); a[1] = h(a[1]); }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "a[0] = ::dev(a[0]);"));
  CHECK(contains(F.Output, "a[1] = (&::h)(a[1]);"));
}

TEST_CASE("a selector the translator cannot decide keeps the region on the "
          "host",
          "[analysis][declarevariant]") {
  FileResult F = translateC(std::string(Variants) + R"src(
#pragma omp declare variant(dev) match(construct={target})
int f(int x) { return 2 * x; }
#pragma omp begin declare variant match(device={kind(nohost)})
int tie(int x) { return 20; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={kind(gpu)})
int tie(int x) { return 30; }
#pragma omp end declare variant
int tie(int x) { return x; }
static int callsF(int x) { return f(x); }
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = callsF(a[0]);
  #pragma omp target map(tofrom: a[0:1])
  a[0] = tie(a[0]);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  for (const RegionReport &R : F.Regions) {
    CHECK_FALSE(R.R.Translate);
    CHECK(R.R.Why == DiagId::HostVariant);
  }
  CHECK(contains(F.Regions[0].R.Reason, "'construct' set"));
  CHECK(contains(F.Regions[0].R.Reason, "depend on its callers"));
  // A tie whose order in clang's look-up is not known here (the blocks'
  // functions come before any declaration of tie, so clang declares it
  // itself, and a block only one side's parse sees could do so too).
  CHECK(contains(F.Regions[1].R.Reason, "same score"));
  // The tie is between device variants: the host would run the wrong one.
  CHECK(contains(F.HostProgram, "'tie'"));
}

TEST_CASE("a region left on the host that reaches a device variant makes the "
          "program run on the host",
          "[analysis][declarevariant]") {
  FileResult F = translateC(std::string(Variants) + R"src(
#pragma omp declare variant(dev) match(device={kind(nohost)})
int f(int x) { return 2 * x; }
int (*volatile p)(int);
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = f(a[0]) + p(1);
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 1);
  CHECK(contains(F.HostProgram, "'f'"));
  CHECK(contains(F.Output, "static const o2c::HostProgram o2c_host_program("));
}

TEST_CASE("a function the device runs itself but the host replaces by a "
          "variant is called through a cast of its address",
          "[analysis][declarevariant]") {
  // OpenMP_VV test_declare_target_device_type_nohost1.c. The CPU emulation
  // compiles kernels with the host compiler, whose OpenMP resolves `k(x)`,
  // `(&k)(x)` and `(*k)(x)` for the host; a cast names no function.
  FileResult F = translateC(std::string(Variants) + R"src(
int k(int x);
#pragma omp declare target enter(k) device_type(nohost)
#pragma omp declare variant(other) match(device={kind(host)})
int k(int x) { return x; }
static int viaK(int x) { return k(x) + 1; }
void run(int *a) {
  #pragma omp target map(tofrom: a[0:2])
  { a[0] = k(a[0]); a[1] = viaK(a[1]); }
  a[0] += k(1);
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "a[0] = ((int (*)(int))&::k)(a[0]);"));
  // A function compiled for both sides picks by side, each spelled so
  // that no compiler resolves it again.
  CHECK(contains(F.Output,
            "return O2C_DEVICE_CALL(k, (&::other), ((int (*)(int))&::k))(x)"));
  // The host keeps its variant; the device's base gets its host version
  // for the emulation.
  CHECK(contains(F.Output, "a[0] += k(1);"));
  CHECK(contains(F.Output, "enter(k) device_type(any)"));
}

TEST_CASE("a kernel for a region in a function under declare variant goes "
          "ahead of the pragma",
          "[analysis][declarevariant]") {
  // The pragma must be followed by its function; a kernel printed between
  // them made the .cu fail to compile ("'#pragma omp declare variant' can
  // only be applied to functions", OpenMP_VV 5.1
  // test_dispatch_is_device_ptr.c).
  FileResult F = translateC(R"src(
void add_dev(int *a);
#pragma omp declare variant(add_dev) \
    match(construct={dispatch})
#pragma omp declare simd
void add(int *a) {
  #pragma omp target map(tofrom: a[0:4])
  for (int i = 0; i < 4; i++) a[i] += 2;
}
void add_dev(int *a) { a[0] = 0; })src");
  REQUIRE(F.Ok);
  size_t Kernel = F.Output.find("__global__");
  size_t Variant = F.Output.find("#pragma omp declare variant(add_dev)");
  size_t Simd = F.Output.find("#pragma omp declare simd");
  size_t Def = F.Output.find("void add(int *a) {");
  REQUIRE(Kernel != std::string::npos);
  REQUIRE(Variant != std::string::npos);
  CHECK(Kernel < Variant);
  CHECK(Variant < Simd);
  // Only line markers and the C linkage block may sit between the pragmas
  // and the function.
  REQUIRE(Simd < Def);
  CHECK(F.Output.substr(Simd, Def - Simd).find("__global__") ==
        std::string::npos);
}

TEST_CASE("a 'begin declare variant' function the device chooses is renamed, "
          "outside its block, which keeps a function of the base's name",
          "[analysis][declarevariant]") {
  // OpenMP_VV 5.1 test_begin_end_declare_variant.c. Clang names the block's
  // function `add$ompvariant$S2$s7$Ptarget`, which no output can spell.
  FileResult F = translateC(R"src(
int add(int x) { return x + 1; }
#pragma omp begin declare variant match(construct={target})
int add(int x) { return x + 3; }
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = add(a[0]);
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "a[0] = ::omp2cuda_variant_add_L4(a[0]);"));
  size_t Close = F.Output.find("#pragma omp end declare variant");
  size_t Def = F.Output.find(
      "extern \"C\" __host__ __device__ int omp2cuda_variant_add_L4(int x) "
      "{ return x + 3; }");
  size_t Reopen = F.Output.find(
      "#pragma omp begin declare variant match(construct={target})", Def);
  size_t Forward = F.Output.find(
      "extern \"C\" int add(int o2c_a0) { return "
      "omp2cuda_variant_add_L4(o2c_a0); }");
  REQUIRE(Def != std::string::npos);
  CHECK(Close < Def);
  CHECK(Def < Reopen);
  CHECK(Reopen < Forward);
  CHECK(Forward != std::string::npos);
  CHECK(F.Output.find("#pragma omp end declare variant", Forward) !=
        std::string::npos);
}

TEST_CASE("a 'begin declare variant' function that cannot be renamed keeps "
          "its region on the host",
          "[analysis][declarevariant]") {
  // A definition sharing its line with code.
  FileResult F = translateC(R"src(
int sub(int x) { return x - 1; }
#pragma omp begin declare variant match(construct={target})
int sub(int x) { return x - 3; } int other;
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = sub(a[0]);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  for (const RegionReport &R : F.Regions) {
    CHECK_FALSE(R.R.Translate);
    CHECK(R.R.Why == DiagId::HostVariant);
    CHECK(contains(R.R.Reason, "cannot call"));
  }
  CHECK(F.Output.find("omp2cuda_variant_") == std::string::npos);
}

TEST_CASE("a nested block's function that both sides choose is renamed",
          "[analysis][declarevariant]") {
  // Blocks the host sees too (clang merges the selectors, inner first:
  // construct={target, teams}); clang's nvptx64 device IR and its host
  // build both run add's block in a target teams region (4). The region
  // used to stay on the host ("cannot call").
  FileResult F = translateC(R"src(
int add(int x) { return x + 1; }
#pragma omp begin declare variant match(construct={teams})
#pragma omp begin declare variant match(construct={target})
int add(int x) { return x + 3; }
#pragma omp end declare variant
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target teams map(tofrom: a[0:1])
  a[0] = add(a[0]);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "a[0] = ::omp2cuda_variant_add_L5(a[0]);"));
  CHECK(contains(F.Output, "#pragma omp begin declare variant "
                      "match(construct={teams})\n"
                      "#pragma omp begin declare variant "
                      "match(construct={target})\n"
                      "extern \"C\" int add(int o2c_a0) { return "
                      "omp2cuda_variant_add_L5(o2c_a0); }\n"));
}

TEST_CASE("a function compiled for both sides cannot call a 'begin declare "
          "variant' function the host chooses and the device does not",
          "[analysis][declarevariant]") {
  FileResult F = translateC(std::string(Variants) + R"src(
#pragma omp declare variant(dev) match(device={kind(gpu)})
int f(int x) { return x; }
#pragma omp begin declare variant match(user={condition(1)})
int f(int x) { return x + 7; }
#pragma omp end declare variant
static int g(int x) { return f(x); }
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = g(a[0]);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostVariant);
  CHECK(contains(F.Regions[0].R.Reason, "cannot name both"));
}

TEST_CASE("a 'begin declare variant' block for the GPU only is parsed "
          "respelled, and only the GPU's selectors are respelled",
          "[analysis][declarevariant]") {
  auto Respell = [](const std::string &Pragma) {
    return respellDeviceSet(Pragma, 0, unsigned(Pragma.size()));
  };
  std::string P =
      "#pragma omp begin declare variant match(device={kind(nohost)})";
  std::optional<DeviceSetRespelling> R = Respell(P);
  REQUIRE(R);
  CHECK(R->Parsed.size() == R->Original.size());
  CHECK(R->Original == "device={kind(nohost)}");
  CHECK(llvm::StringRef(R->Parsed).rtrim() == "__o2D({kind(nohost)})");
  std::string Parsed = P.substr(0, R->Begin) + R->Parsed + P.substr(R->End);
  CHECK(respelledDeviceSet(Parsed) == std::string("kind(nohost)"));
  CHECK(originalPragma(Parsed) == P);
  CHECK(Respell("#pragma omp begin declare variant match(device = "
                "{kind(gpu), arch(nvptx64)}) // the GPU's"));
  // The host matches these (clang parses the block itself), no device
  // matches fpga, and other sets or scores are not read.
  CHECK_FALSE(
      Respell("#pragma omp begin declare variant match(device={kind(any)})"));
  CHECK_FALSE(
      Respell("#pragma omp begin declare variant match(device={kind(host)})"));
  CHECK_FALSE(
      Respell("#pragma omp begin declare variant match(device={kind(fpga)})"));
  CHECK_FALSE(Respell(
      "#pragma omp begin declare variant match(device={arch(amdgcn)})"));
  // Another set beside the device set: respelled, the whole clause the
  // macro's argument, which the analysis does not score (review rK
  // skip.c: the block was skipped, unseen).
  std::string Both = "#pragma omp begin declare variant "
                     "match(device={kind(nohost)}, construct={target})";
  std::optional<DeviceSetRespelling> B = Respell(Both);
  REQUIRE(B);
  CHECK(B->Parsed.size() == B->Original.size());
  std::string BothParsed =
      Both.substr(0, B->Begin) + B->Parsed + Both.substr(B->End);
  CHECK(contains(BothParsed, "match(__o2D({kind(nohost)}, construct={target})"));
  CHECK_FALSE(respelledDeviceSet(BothParsed));
  // The device set after another: `device=` dropped where it was.
  std::optional<DeviceSetRespelling> A =
      Respell("#pragma omp begin declare variant "
              "match(implementation={vendor(llvm)}, device={arch(nvptx64)})");
  REQUIRE(A);
  CHECK(llvm::StringRef(A->Parsed).rtrim() ==
        "__o2D(implementation={vendor(llvm)}, {arch(nvptx64)})");
  // clang ignores a score on a device selector: the set is the GPU's.
  std::optional<DeviceSetRespelling> S =
      Respell("#pragma omp begin declare variant match(device={kind(score(5): "
              "nohost)})");
  REQUIRE(S);
  CHECK(deviceSetScore("kind(score(5): nohost)") == 1);
  // An isa may be the GPU's: respelled, not scored.
  CHECK(Respell("#pragma omp begin declare variant "
                "match(device={isa(\"sm_90\")})"));
  CHECK_FALSE(deviceSetScore("isa(\"sm_90\")"));
}

TEST_CASE("each respelled block has its own macro, of one length, with its "
          "own construct set",
          "[analysis][declarevariant]") {
  std::string P =
      "#pragma omp begin declare variant match(device={arch(nvptx64)})";
  std::set<std::string> Names, Defs;
  for (unsigned I = 0; I < 32; ++I) {
    std::optional<DeviceSetRespelling> R =
        respellDeviceSet(P, 0, unsigned(P.size()), I);
    REQUIRE(R);
    CHECK(R->Parsed.size() == R->Original.size());
    Names.insert(R->Parsed.substr(0, 6));
    std::string Parsed = P.substr(0, R->Begin) + R->Parsed + P.substr(R->End);
    CHECK(respelledDeviceSet(Parsed) == std::string("arch(nvptx64)"));
    CHECK(originalPragma(Parsed) == P);
  }
  CHECK(Names.size() == 32);
  for (const std::string &D : variantMacros()) {
    CHECK(llvm::StringRef(D).starts_with("-D__o2"));
    CHECK(D.substr(7, 38) == "(...)=implementation={vendor(unknown)}");
    Defs.insert(D.substr(D.find('=') + 1));
  }
  CHECK(Defs.size() == 32); // 32 distinct selectors: 32 distinct variants
}

TEST_CASE("diagnostics quote a respelled block's pragma as written",
          "[analysis][declarevariant]") {
  std::string Text = "int f(int);\n#pragma omp begin declare variant "
                     "match(device = {kind(nohost)}) junk\nint f(int x) { "
                     "return x; }\n#pragma omp end declare variant\n";
  FileResult R;
  planMetadirectives(Text, R);
  std::string Parsed = metaParseText(Text, R);
  REQUIRE(Parsed != Text);
  // A diagnostic quotes the parsed line; the user sees the written one,
  // the caret's column unchanged.
  std::string Line = Parsed.substr(12, Parsed.find('\n', 12) - 12);
  std::string Diag = "input.c:2:64: warning: extra tokens\n    2 | " + Line +
                     "\n      |    ^\n";
  std::string Shown = metaDiagnosticText(Diag, R);
  CHECK(Shown.size() == Diag.size());
  CHECK(contains(Shown, "    2 | #pragma omp begin declare variant match(device = "
                   "{kind(nohost)}) junk\n"));
  CHECK_FALSE(contains(Shown, "__o2"));
}

TEST_CASE("blocks for the GPU only that define one function are distinct "
          "variants: the device takes the highest score, of a tie the "
          "first",
          "[analysis][declarevariant]") {
  // Review: the respelled blocks collided as one redefinition, the parse
  // was retried without any respelling, and the device ran the base.
  FileResult F = translateC(R"src(
int f(int x) { return 1; }
#pragma omp begin declare variant match(device={kind(nohost)})
int f(int x) { return 10 + x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={arch(nvptx64)})
int f(int x) { return 20 + x; }
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = f(a[0]);
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "a[0] = ::omp2cuda_variant_f_L7(a[0]);"));
  CHECK(F.Output.find("__o2") == std::string::npos);

  FileResult T = translateC(R"src(
int f(int x) { return 1; }
#pragma omp begin declare variant match(device={kind(nohost)})
int f(int x) { return 10 + x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={kind(gpu)})
int f(int x) { return 20 + x; }
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = f(a[0]);
})src");
  // As clang's device compile breaks the tie: the first in the text
  // (tests/variant/device_ties.c). The region used to stay on the host.
  REQUIRE(T.Ok);
  REQUIRE(T.Regions.size() == 1);
  CHECK(T.Regions[0].R.Translate);
  CHECK(contains(T.Output, "a[0] = ::omp2cuda_variant_f_L4(a[0]);"));
}

TEST_CASE("the device runs the functions of a 'begin declare variant' block "
          "for the GPU only, which the host's parse skips",
          "[analysis][declarevariant]") {
  // Issue 8: the device used to run the base function, unlike an OpenMP
  // GPU build.
  FileResult F = translateC(R"src(
int scale(int x) { return 2 * x; }
#pragma omp begin declare variant match(device={kind(nohost)})
int scale(int x) { return 10 * x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={kind(fpga)})
int scale(int x) { return -1; }
#pragma omp end declare variant
static int g(int x) { return scale(x); }
void run(int *a) {
  #pragma omp target map(tofrom: a[0:2])
  { a[0] = scale(a[0]); a[1] = g(a[1]); }
  a[0] += scale(1);
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "a[0] = ::omp2cuda_variant_scale_L4(a[0]);"));
  CHECK(contains(F.Output, "return O2C_DEVICE_CALL(scale, (&::scale), "
                      "::omp2cuda_variant_scale_L4)(x);"));
  CHECK(contains(F.Output, "a[0] += scale(1);"));
  // The pragmas as written; the fpga block untouched.
  CHECK(F.Output.find("__o2D") == std::string::npos);
  CHECK(contains(F.Output, "#pragma omp begin declare variant "
                      "match(device={kind(nohost)})\n"));
  CHECK(contains(F.Output, "match(device={kind(fpga)})\nint scale(int x) { return "
                      "-1; }"));

  // A region left on the host that calls it would run the base where the
  // program has a device: the program runs on the host.
  FileResult H = translateC(R"src(
int scale(int x) { return 2 * x; }
#pragma omp begin declare variant match(device={arch(nvptx64)})
int scale(int x) { return 10 * x; }
#pragma omp end declare variant
int (*volatile p)(int);
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = scale(a[0]) + p(1);
})src");
  REQUIRE(H.Ok);
  CHECK(H.LeftOnHost == 1);
  CHECK(contains(H.HostProgram, "'scale'"));
}

TEST_CASE("a 'begin declare variant' block for the GPU only that the host's "
          "parse rejects is skipped, as the host compiler skips it",
          "[analysis][declarevariant]") {
  // An nvptx builtin is no function on the host: the respelled parse
  // fails, and the file is parsed again as written. The device does not
  // know what the GPU would call: a region that calls a function the
  // block may define stays on the host (it used to run the base, or
  // another variant, which neither build runs).
  FileResult F = translateC(R"src(
int tid(void) { return 0; }
int other(int x) { return x; }
#pragma omp begin declare variant match(device={arch(nvptx64)})
int tid(void) { return __nvvm_read_ptx_sreg_tid_x(); }
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = tid();
  #pragma omp target map(tofrom: a[0:1])
  a[0] = other(a[0]);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostVariant);
  CHECK(contains(F.Regions[0].R.Reason, "block at line 4 may define"));
  CHECK(F.Output.find("omp2cuda_variant_") == std::string::npos);
  // The program then runs on the host, as the host build does.
  CHECK(contains(F.HostProgram, "'tid'"));
}

TEST_CASE("a GPU-only block with a comment in its 'match' clause is not "
          "seen: it is warned about, and regions that call its functions "
          "stay on the host",
          "[analysis][declarevariant]") {
  std::string Code = R"src(int f(int x) { return 1; }
int g(int x) { return 2; }
#pragma omp begin declare variant match(device={kind(nohost)} /* GPU */)
int f(int x) { return 10 + x; }
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = f(a[0]);
})src";
  Options O;
  O.LineDirectives = false;
  Options E = O;
  E.AsErrors.insert(DiagId::VariantBlock);
  CHECK_FALSE(translateCode(Code, "input.c", {"-xc"}, E).Ok);
  FileResult F = translateCode(Code, "input.c", {"-xc"}, O);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostVariant);
}

TEST_CASE("a GPU-only block beside a user condition block of the same "
          "function is the device's choice",
          "[analysis][declarevariant]") {
  // Review rK cond.c: a user condition selector mangles as any other, so
  // the respelling, a user condition then, made the two one redefinition.
  FileResult F = translateC(R"src(
int f(int x) { return 1; }
#pragma omp begin declare variant match(user={condition(1)})
int f(int x) { return 10 + x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={kind(nohost)})
int f(int x) { return 20 + x; }
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = f(a[0]);
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(F.SkippedVariantBlocks.empty());
  CHECK(contains(F.Output, "a[0] = ::omp2cuda_variant_f_L7(a[0]);"));
}

TEST_CASE("nested GPU-only blocks are parsed, their selectors merged; a "
          "nested block's function the device chooses is renamed out of "
          "every block around it",
          "[analysis][declarevariant]") {
  // Review rK nest.c: two nested respellings were two nested user
  // conditions, which clang refuses, and every block was dropped.
  std::string Text = R"src(int f(int x) { return 1; }
int h(int x) { return 3; }
#pragma omp begin declare variant match(device={arch(nvptx64)})
int f(int x) { return 20 + x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={kind(nohost)})
#pragma omp begin declare variant match(device={kind(nohost)})
int h(int x) { return 40 + x; }
#pragma omp end declare variant
#pragma omp end declare variant
#pragma omp begin declare variant match(device={arch(nvptx64)})
int h(int x) { return 50 + x; }
#pragma omp end declare variant
)src";
  std::vector<DeviceSetRespelling> Plan = planDeviceSetRespellings(Text);
  REQUIRE(Plan.size() == 4);
  std::set<std::string> Macros;
  for (const DeviceSetRespelling &D : Plan)
    Macros.insert(D.Parsed.substr(0, 5));
  CHECK(Macros.size() == 4);
  std::string Parsed = Text;
  for (const DeviceSetRespelling &D : Plan)
    Parsed.replace(D.Begin, D.End - D.Begin, D.Parsed);
  // kind(nohost) in kind(nohost): one property, clang's score 1.
  RespelledSelector In = respelledSelectorAt(
      Parsed, unsigned(Parsed.find("int h(int x) { return 40")));
  CHECK(In.K == RespelledSelector::Device);
  CHECK(In.Score == 1);

  FileResult F = translateC(Text + R"src(
void run(int *a) {
  #pragma omp target map(tofrom: a[0:2])
  { a[0] = f(a[0]); a[1] = h(a[1]); }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(F.SkippedVariantBlocks.empty());
  CHECK(contains(F.Output, "::omp2cuda_variant_f_L4(a[0])"));
  CHECK(contains(F.Output, "::omp2cuda_variant_h_L12(a[1])"));

  // The nested block's function, when it is the device's, is renamed: both
  // blocks are closed before it and opened again after it, outermost
  // first, around the forwarder, whose merged selector is the one the
  // function had (the region used to stay on the host).
  FileResult G = translateC(R"src(int g(int x) { return 2; }
#pragma omp begin declare variant match(device={kind(nohost)})
#pragma omp begin declare variant match(device={arch(nvptx64)})
int g(int x) { return 30 + x; }
#pragma omp end declare variant
int k(int x) { return 60 + x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={kind(gpu)})
int g(int x) { return 70 + x; }
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = g(a[0]);
})src");
  REQUIRE(G.Ok);
  REQUIRE(G.Regions.size() == 1);
  CHECK(G.Regions[0].R.Translate);
  CHECK(contains(G.Output, "a[0] = ::omp2cuda_variant_g_L4(a[0]);"));
  // Both blocks closed before the function, innermost first, both opened
  // again after it, outermost first, around the forwarder; k stays in the
  // outer block. The host skips both: each is in `#if 0`.
  size_t Closed = G.Output.find("#pragma omp end declare variant\n#endif\n"
                                "#pragma omp end declare variant\n#endif\n");
  size_t Def = G.Output.find("__host__ __device__ int "
                             "omp2cuda_variant_g_L4(int x) { return 30 + x; }");
  size_t Reopened = G.Output.find("#if 0\n#pragma omp begin declare variant "
                                  "match(device={kind(nohost)})\n"
                                  "#if 0\n#pragma omp begin declare variant "
                                  "match(device={arch(nvptx64)})\n"
                                  "extern \"C\" int g(int o2c_a0)");
  REQUIRE(Closed != std::string::npos);
  REQUIRE(Def != std::string::npos);
  REQUIRE(Reopened != std::string::npos);
  CHECK(Closed < Def);
  CHECK(Def < Reopened);
  CHECK(contains(G.Output, "#if 0\n#pragma omp begin declare variant "
                      "match(device={kind(nohost)})\n"
                      "#if 0\n#pragma omp begin declare variant "
                      "match(device={arch(nvptx64)})\n"
                      "extern \"C\" int g(int o2c_a0) { return "
                      "omp2cuda_variant_g_L4(o2c_a0); }\n"));
  CHECK(contains(G.Output, "#pragma omp end declare variant\n#endif\n"
                      "extern \"C\" int k(int x) { return 60 + x; }\n"
                      "#pragma omp end declare variant\n#endif\n"));

  // A declaration of an enclosing block is not seen once the function is
  // out of it: such a function is not renamed, the region stays on the
  // host.
  FileResult H = translateC(R"src(int g(int x) { return 2; }
#pragma omp begin declare variant match(device={kind(nohost)})
static int helper(int x) { return x + 1; }
#pragma omp begin declare variant match(device={arch(nvptx64)})
int g(int x) { return 30 + helper(x); }
#pragma omp end declare variant
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = g(a[0]);
})src");
  REQUIRE(H.Ok);
  REQUIRE(H.Regions.size() == 1);
  CHECK_FALSE(H.Regions[0].R.Translate);
  CHECK(H.Regions[0].R.Why == DiagId::HostVariant);
}

TEST_CASE("a GPU-only block whose selector the translator does not "
          "evaluate keeps the regions that call its functions on the host",
          "[analysis][declarevariant]") {
  // Review rK skip.c: the block was skipped and the device ran the other
  // block's function, which neither build runs.
  FileResult F = translateC(R"src(
int f(int x) { return 1; }
#pragma omp begin declare variant match(device={kind(nohost)})
int f(int x) { return 10 + x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={arch(nvptx64)}, implementation={vendor(llvm)})
int f(int x) { return 20 + x; }
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = f(a[0]);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostVariant);
  CHECK(contains(F.Regions[0].R.Reason, "block at line 6"));
  CHECK(contains(F.Output, "match(device={arch(nvptx64)}, "
                      "implementation={vendor(llvm)})\n"));
  CHECK(F.Output.find("__o2") == std::string::npos);
}

TEST_CASE("the GPU-only blocks the retry skips are warned about, each",
          "[analysis][declarevariant]") {
  // One block the host rejects takes the other with it (review: silent,
  // the device ran both base functions).
  std::string Code = R"src(int tid(void) { return 0; }
int twice(int x) { return x; }
#pragma omp begin declare variant match(device={arch(nvptx64)})
int tid(void) { return __nvvm_read_ptx_sreg_tid_x(); }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={kind(gpu)})
int twice(int x) { return 2 * x; }
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = tid() + twice(a[0]);
})src";
  Options O;
  O.LineDirectives = false;
  FileResult F = translateCode(Code, "input.c", {"-xc"}, O);
  REQUIRE(F.Ok);
  size_t First = Code.find("#pragma omp begin");
  size_t Second = Code.find("#pragma omp begin", First + 1);
  CHECK(F.SkippedVariantBlocks == std::vector<unsigned>{unsigned(First),
                                                        unsigned(Second)});
  // Reported: promoted to an error, it fails the file.
  Options E = O;
  E.AsErrors.insert(DiagId::VariantBlock);
  CHECK_FALSE(translateCode(Code, "input.c", {"-xc"}, E).Ok);
  // A file whose blocks parse has none skipped.
  std::string Fine = Code;
  Fine.replace(Fine.find("__nvvm_read_ptx_sreg_tid_x()"),
               std::string("__nvvm_read_ptx_sreg_tid_x()").size(), "7");
  FileResult G = translateCode(Fine, "input.c", {"-xc"}, E);
  CHECK(G.Ok);
  CHECK(G.SkippedVariantBlocks.empty());
}

TEST_CASE("a 'begin declare variant' pragma with a block comment is not "
          "copied: its region stays on the host",
          "[analysis][declarevariant]") {
  // The comment closes on a later line: a copy of the pragma's line would
  // leave it open and comment out the forwarder after it.
  FileResult F = translateC(R"src(
int add(int x) { return x + 1; }
#pragma omp begin declare variant match(construct={parallel}) /* parallel
   variant */
int add(int x) { return x + 2; }
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:4])
  for (int i = 0; i < 4; i++) a[i] = add(i);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostVariant);
  CHECK(F.Output.find("omp2cuda_variant_") == std::string::npos);
}

TEST_CASE("arch(nvptx) is not the GPU's architecture, and device traits "
          "score per property",
          "[analysis][declarevariant]") {
  // clang's sm_90 device compile has the architecture nvptx64 only, and
  // scores kind(nohost, gpu) 2, as much as arch(nvptx64): a tie.
  FileResult F = translateC(std::string(Variants) + R"src(
#pragma omp declare variant(dev) match(device={arch(nvptx)})
int f(int x) { return 2 * x; }
#pragma omp declare variant(dev) match(device={arch(nvptx, nvptx64)})
int g(int x) { return 2 * x; }
#pragma omp declare variant(dev) match(device={kind(nohost, gpu)})
#pragma omp declare variant(other) match(device={arch(nvptx64)})
int h(int x) { return 2 * x; }
void run(int *a) {
  #pragma omp target map(tofrom: a[0:2])
  { a[0] = f(a[0]); a[1] = g(a[1]); }
  #pragma omp target map(tofrom: a[0:1])
  a[0] = h(a[0]);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "a[0] = ((int (*)(int))&::f)(a[0]);"));
  CHECK(contains(F.Output, "a[1] = ((int (*)(int))&::g)(a[1]);"));
  // The tie goes as clang's device compile breaks it: the pragma nearest
  // the function comes first in its look-up, and neither selector is a
  // superset of the other (clang's nvptx64 IR calls other).
  CHECK(F.Regions[1].R.Translate);
  CHECK(contains(F.Output, "a[0] = ::other(a[0]);"));
}

TEST_CASE("variants that match the device with the same score are chosen "
          "as clang's device compile chooses",
          "[analysis][declarevariant]") {
  // getBestVariantMatchForContext: in the order clang's look-up meets the
  // variants (the call's declaration, inherited ones first, then earlier
  // declarations; stacked pragmas nearest the function first), the first,
  // unless a later one's traits are a strict superset. Each expectation is
  // what clang's nvptx64 device IR calls (tests/variant/device_ties.c).
  // Before, each of these regions stayed on the host ("same score").
  FileResult F = translateC(std::string(Variants) + R"src(
int third(int x) { return 7 * x; }
#pragma omp declare target enter(third)
#pragma omp declare variant(dev) match(device={kind(nohost)})
#pragma omp declare variant(other) match(device={kind(gpu)})
int stacked(int x) { return x; }
#pragma omp declare variant(dev) match(device={kind(nohost)})
int redecl(int x);
#pragma omp declare variant(other) match(device={kind(gpu)})
int redecl(int x) { return x; }
#pragma omp declare variant(other) match(device={kind(gpu, any)})
#pragma omp declare variant(third) match(device={kind(gpu)})
int superset(int x) { return x; }
int blocks(int x) { return 1; }
#pragma omp begin declare variant match(device={kind(gpu)})
int blocks(int x) { return 30 + x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={kind(nohost)})
int blocks(int x) { return 50 + x; }
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:4])
  {
    a[0] = stacked(a[0]);
    a[1] = redecl(a[1]);
    a[2] = superset(a[2]);
    a[3] = blocks(a[3]);
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "a[0] = ::other(a[0]);"));
  CHECK(contains(F.Output, "a[1] = ::dev(a[1]);"));
  CHECK(contains(F.Output, "a[2] = ::other(a[2]);"));
  // The kind(gpu) block's function, line 21 (the first of the two).
  CHECK(contains(F.Output, "a[3] = ::omp2cuda_variant_blocks_L21(a[3]);"));
  CHECK(contains(F.Output,
            "int omp2cuda_variant_blocks_L21(int x) { return 30 + x; }"));
}

TEST_CASE("with a GCC host compiler a function the host replaces by a "
          "variant keeps the region on the host",
          "[analysis][declarevariant][host-compiler]") {
  // GCC folds ((int (*)(int))&::k)(x) back into k(x) and calls the host's
  // variant in the CPU emulation (review hv2.c: 15 where a GPU gives 11).
  Options O;
  O.LineDirectives = false;
  O.Host = HostCompiler::Gcc;
  FileResult F = translateCode(std::string(Variants) + R"src(
int k(int x);
#pragma omp declare target enter(k) device_type(nohost)
#pragma omp declare variant(other) match(device={kind(host)})
int k(int x) { return x; }
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = k(a[0]);
})src",
                               "input.c", {"-xc", "-std=c11"}, O);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostVariant);
  CHECK(contains(F.Regions[0].R.Reason, "the host compiler is GCC"));
  CHECK(F.Regions[0].R.WhyPos.Line == 13);
  CHECK(F.Output.find("&::k)") == std::string::npos);
}

TEST_CASE("a C function with a 'declare variant' pragma and a GPU-only "
          "block gets its linkage block around the pragma",
          "[analysis][declarevariant]") {
  // The block's attribute has no location: it was taken as a pragma that
  // cannot be found, and `extern "C"` went between pragma and function.
  FileResult F = translateC(R"src(
int fa(int x) { return 20; }
#pragma omp declare variant(fa) match(device={arch(nvptx64)})
int f(int x) { return 1; }
#pragma omp begin declare variant match(device={kind(nohost)})
int f(int x) { return 10; }
#pragma omp end declare variant
void run(int *a) { a[0] = f(3); }
)src");
  REQUIRE(F.Ok);
  CHECK_FALSE(contains(F.Output, "arch(nvptx64)})\nextern \"C\" int f"));
  CHECK(contains(F.Output, "extern \"C\" {\n#pragma omp declare variant(fa)"));
}

TEST_CASE("a function the host replaces by a variant, called with default "
          "arguments, keeps the region on the host",
          "[analysis][declarevariant]") {
  // A call through the cast address takes no default arguments.
  FileResult F = translateC(R"src(
int hb(int x, int y) { return x + 5; }
#pragma omp declare target
#pragma omp declare variant(hb) match(device = {kind(host)})
int bump(int x, int y = 2) { return x + y; }
#pragma omp end declare target
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = bump(10);
})src",
                            true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostVariant);
  CHECK(contains(F.Regions[0].R.Reason, "default arguments"));
}

TEST_CASE("a constexpr 'begin declare variant' function's forwarder is "
          "constexpr",
          "[analysis][declarevariant]") {
  FileResult F = translateC(R"src(
constexpr int add(int x) { return x + 1; }
#pragma omp begin declare variant match(user={condition(1)})
constexpr int add(int x) { return x + 3; }
#pragma omp end declare variant
static_assert(add(1) == 4, "variant");
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = add(3);
})src",
                            true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "constexpr int add(int o2c_a0) { return "
                      "omp2cuda_variant_add_L4(o2c_a0); }"));
}

TEST_CASE("a 'begin declare variant' function that uses another declaration "
          "of its block is not renamed",
          "[analysis][declarevariant]") {
  // The renamed function moves out of the block, away from K and helper.
  FileResult F = translateC(R"src(
int scale(int x) { return 2 * x; }
int shift(int x) { return x + 1; }
#pragma omp begin declare variant match(device={arch(nvptx64)})
static const int K = 10;
int scale(int x) { return K * x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={kind(nohost)})
static int helper(int x) { return 10 * x; }
int shift(int x) { return helper(x) + 1; }
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = scale(3);
  #pragma omp target map(tofrom: a[0:1])
  a[0] = shift(3);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  for (const RegionReport &R : F.Regions) {
    CHECK_FALSE(R.R.Translate);
    CHECK(R.R.Why == DiagId::HostVariant);
  }
  CHECK(F.Output.find("omp2cuda_variant_") == std::string::npos);
}

TEST_CASE("a 'begin declare variant' function defined after the call is not "
          "the device's choice there",
          "[analysis][declarevariant]") {
  // clang's choice at a call sees only the variants declared before it
  // (its device IR calls the base add).
  FileResult F = translateC(R"src(
int add(int x);
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = add(0);
}
int add(int x) { return x + 1; }
#pragma omp begin declare variant match(device={kind(nohost)})
int add(int x) { return x + 3; }
#pragma omp end declare variant
)src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(F.Output.find("omp2cuda_variant_") == std::string::npos);
  CHECK(contains(F.Output, "&::add)(0);"));
}

TEST_CASE("GPU-only blocks spelled where the block scan cannot read them "
          "keep the regions that call functions on the host",
          "[analysis][declarevariant]") {
  // Review rSV v7b, v8b, v9b: a block comment over lines in the clause, a
  // _Pragma, a continuation line before 'begin'. clang's nvptx64 compile
  // runs the block's f (21); the emu ran fv (2) or the base, silently.
  const char *Head = R"src(int f(int x);
int fv(int x) { return 2; }
#pragma omp declare variant(fv) match(device={kind(gpu)})
int f(int x) { return 1; }
)src";
  const char *Tail = R"src(int f(int x) { return 20 + x; }
#pragma omp end declare variant
void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = f(1);
})src";
  const char *Begins[] = {
      "#pragma omp begin declare variant match(device={arch(nvptx64) /* "
      "the GPU\n   only */})\n",
      "_Pragma(\"omp begin declare variant match(device={arch(nvptx64)})\")\n",
      "#pragma omp \\\n  begin declare variant "
      "match(device={arch(nvptx64)})\n"};
  for (const char *B : Begins) {
    INFO(B);
    FileResult F = translateC(std::string(Head) + B + Tail);
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 1);
    CHECK_FALSE(F.Regions[0].R.Translate);
    CHECK(F.Regions[0].R.Why == DiagId::HostVariant);
  }
  // A mention in a comment is no block.
  FileResult F = translateC(std::string("// no begin declare variant here\n") +
                            Head + R"src(void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = f(1);
})src");
  REQUIRE(F.Ok);
  CHECK(F.Regions[0].R.Translate);
}

TEST_CASE("blocks with an extension trait in their own or an enclosing "
          "selector keep the regions that call functions on the host",
          "[analysis][declarevariant]") {
  // Review rV's x2, x3: the host skips these blocks and clang's nvptx64
  // compile parses them (its IR stores 51); the emu ran the base f (1),
  // silently.
  const char *Begins[] = {
      "#pragma omp begin declare variant match(device={kind(host)}, "
      "implementation={extension(match_none)})\n",
      "#pragma omp begin declare variant match(device={kind(nohost)})\n"
      "#pragma omp begin declare variant "
      "match(implementation={extension(match_any)})\n"};
  const char *Ends[] = {"#pragma omp end declare variant\n",
                        "#pragma omp end declare variant\n"
                        "#pragma omp end declare variant\n"};
  for (int I = 0; I < 2; ++I) {
    INFO(Begins[I]);
    FileResult F = translateC(std::string("int f(int x) { return x; }\n") +
                              Begins[I] + "int f(int x) { return 50 + x; }\n" +
                              Ends[I] + R"src(void run(int *a) {
  #pragma omp target map(tofrom: a[0:1])
  a[0] = f(1);
})src");
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 1);
    CHECK_FALSE(F.Regions[0].R.Translate);
    CHECK(F.Regions[0].R.Why == DiagId::HostVariant);
  }
}

TEST_CASE("a call in a template's instantiation, where clang sees variants "
          "declared after the call, stays on the host",
          "[analysis][declarevariant]") {
  // Review rV's tp3 (a dependent call) and tp2 (a non-dependent one):
  // clang chooses at the instantiation, at the end of the file, and its
  // nvptx64 IR stores 31; the emu took the base f (1), silently.
  const char *Tails[] = {R"src(
template <class T> T run(T x) {
  T a = 0;
#pragma omp target map(from : a)
  a = f(x);
  return a;
}
#pragma omp begin declare variant match(device={kind(gpu)})
int f(int x) { return 30 + x; }
#pragma omp end declare variant
int use() { return run(1); }
)src",
                         R"src(
template <class T> T tf(T x) { return f(1) + 0 * x; }
#pragma omp begin declare variant match(device={kind(gpu)})
int f(int x) { return 30 + x; }
#pragma omp end declare variant
int use() {
  int a = 0;
#pragma omp target map(from : a)
  a = tf(1);
  return a;
}
)src"};
  for (const char *T : Tails) {
    INFO(T);
    FileResult F =
        translateC(std::string("int f(int x) { return x; }\n") + T, true);
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 1);
    CHECK_FALSE(F.Regions[0].R.Translate);
    CHECK(F.Regions[0].R.Why == DiagId::HostVariant);
  }
  // Declared before the template: the choice is the same at the call and
  // at the instantiation, and the device makes it.
  FileResult F = translateC(R"src(int f(int x) { return x; }
#pragma omp begin declare variant match(device={kind(gpu)})
int f(int x) { return 30 + x; }
#pragma omp end declare variant
template <class T> T run(T x) {
  T a = 0;
#pragma omp target map(from : a)
  a = f(x);
  return a;
}
int use() { return run(1); }
)src",
                            true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
}

TEST_CASE("the blocks clang's parse for the host skips are the ones whose "
          "device set no host CPU has, with no extension around them",
          "[analysis][declarevariant]") {
  auto Skips = [](const std::string &Begin, const std::string &Outer = "") {
    std::string Text =
        Outer + Begin + "\nint f(int x);\n" +
        "#pragma omp end declare variant\n" +
        (Outer.empty() ? "" : "#pragma omp end declare variant\n");
    std::vector<VariantBlock> Blocks = findVariantBlocks(Text);
    REQUIRE(!Blocks.empty());
    return hostSkipsBlock(Text, Blocks.back(),
                          [](llvm::StringRef) { return false; });
  };
  const std::string B = "#pragma omp begin declare variant ";
  CHECK(Skips(B + "match(device={kind(nohost)})"));
  CHECK(Skips(B + "match(device = {kind(gpu), arch(nvptx64)})"));
  CHECK(Skips(B + "match(device={arch(nvptx)})")); // no GPU's either
  CHECK(Skips(B + "match(device={kind(fpga)})"));
  CHECK(Skips(B + "match(device={kind(nohost), isa(sm_90)})"));
  CHECK(Skips(B + "match(implementation={vendor(llvm)}, "
                  "device={kind(nohost)})"));
  // As the preprocessor reads it: a comment and a continuation line.
  CHECK(Skips(B + "match(device={/* the GPU */ kind(nohost)})"));
  CHECK(Skips(B + "match(device = \\\n {kind(nohost)})"));
  // The host's parse sees these, or may.
  CHECK_FALSE(Skips(B + "match(device={kind(any)})"));
  CHECK_FALSE(Skips(B + "match(device={kind(host)})"));
  CHECK_FALSE(Skips(B + "match(construct={target})"));
  CHECK_FALSE(Skips(B + "match(device={isa(sm_90)})"));
  // An architecture the translator reads as not x86-64's is some host's.
  CHECK_FALSE(Skips(B + "match(device={arch(aarch64)})"));
  CHECK_FALSE(Skips(B + "match(device={kind(nohost)}, "
                        "implementation={extension(match_any)})"));
  CHECK_FALSE(Skips(B + "match(device={kind(nohost)})",
                    B + "match(implementation={extension(match_none)})\n"));
  CHECK_FALSE(Skips(B + "match(device={kind(nohost)}) /* open\n */"));
}

TEST_CASE("a block whose text may not be what the preprocessor reads is "
          "not one the host is known to skip",
          "[analysis][declarevariant]") {
  // Review rV (v18): hiding a block in `#if 0` also hid the directives
  // the host's preprocessor runs in it, and the text was read as written
  // where the preprocessor expands macros and _Pragma.
  auto Skips = [](const std::string &Text,
                  llvm::StringRef Macro = llvm::StringRef()) {
    std::vector<VariantBlock> Blocks = findVariantBlocks(Text);
    REQUIRE(!Blocks.empty());
    return hostSkipsBlock(Text, Blocks.front(), [&](llvm::StringRef W) {
      return !Macro.empty() && W == Macro;
    });
  };
  const std::string B =
      "#pragma omp begin declare variant match(device={kind(gpu)})\n";
  const std::string E = "#pragma omp end declare variant\n";
  const std::string F = "int f(int x) { return 1 + x; }\n";
  CHECK(Skips(B + F + E));
  CHECK(Skips("#if 1\n#endif\n" + B + F + E + "#define M 1\n"));
  // v3/i.c, w.c, e.c: directives in the block.
  CHECK_FALSE(Skips(B + "#include \"cfg.h\"\n" + F + E));
  CHECK_FALSE(Skips(B + "#define SCALE 3\n" + F + E));
  CHECK_FALSE(Skips(B + "  /* c */ #undef X\n" + F + E));
  CHECK_FALSE(Skips(B + "%:define X 1\n" + F + E));
  CHECK_FALSE(Skips(B + "#ifdef FAST\n" + F + "#endif\n" + E));
  CHECK_FALSE(Skips(B + "_Pragma(\"push_macro(\\\"X\\\")\")\n" + F + E));
  // A directive in a comment is none.
  CHECK(Skips(B + "/*\n#define X 1\n*/\n" + F + E));
  // t1/d.cpp: the begin pragma in a conditional group.
  CHECK_FALSE(Skips("#ifdef ALT\n#pragma omp begin declare variant "
                    "match(device={arch(nvptx)})\n#else\n" +
                    B + "#endif\n" + F + E));
  CHECK_FALSE(Skips("#if 1\n" + B + F + E + "#endif\n"));
  // v3/mc.c: a word of the selector that is a macro, or no trait's.
  const std::string H =
      "#pragma omp begin declare variant match(device = "
      "{kind(host), arch(nvptx64)}, implementation = {EXT})\n";
  CHECK_FALSE(Skips(H + F + E, "EXT"));
  CHECK_FALSE(Skips(H + F + E));
  const std::string N = "#pragma omp begin declare variant "
                        "match(device={arch(nvptx64)})\n";
  CHECK(Skips(N + F + E));
  CHECK_FALSE(Skips(N + F + E, "nvptx64"));
  CHECK_FALSE(Skips(B +
                        "#pragma omp begin declare variant "
                        "match(device={kind(nohost)})\n" +
                        F + E + E,
                    "gpu"));
  // v3/up2.c, up.c: a begin or end pragma spelled through _Pragma or a
  // macro anywhere in the file pairs the text's pragmas wrongly.
  CHECK_FALSE(Skips("#define END_V _Pragma(\"omp end declare variant\")\n" + B +
                    F + E));
  CHECK_FALSE(Skips(B +
                    "_Pragma(\"omp begin declare variant "
                    "match(device={kind(nohost)})\")\n" +
                    F + E + E));
  CHECK_FALSE(Skips(B + F + E + "#pragma omp END_V\n", "END_V"));
}

TEST_CASE("blocks the host skips are in '#if 0' in the output, so that "
          "nvcc does not declare their functions beside C++ overloads",
          "[analysis][declarevariant]") {
  // nvcc named the block's function `f$$OMP_VARIANT000000(int)` beside the
  // base f(int), and the calls of f's overloads were ambiguous.
  FileResult F = translateC(R"src(int f(int x) { return x + 1; }
double f(double x) { return x * 2.0; }
#pragma omp begin declare variant match(device={kind(nohost)})
int f(int x) { return 1 + x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={arch(nvptx)})
double f(double x) { return -1.0; }
#pragma omp end declare variant
#pragma omp begin declare variant match(construct={parallel})
double f(double x) { return x + x; }
#pragma omp end declare variant
void run(int *a, double *b) {
  #pragma omp target map(tofrom: a[0:1], b[0:1])
  { a[0] = f(a[0]); b[0] = f(b[0]); }
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "a[0] = ::omp2cuda_variant_f_L4(a[0]);"));
  // The renamed function is outside the `#if 0`, the forwarder inside.
  size_t Def = F.Output.find("__host__ __device__ int omp2cuda_variant_f_L4");
  REQUIRE(Def != std::string::npos);
  CHECK(F.Output.rfind("#endif\n", Def) > F.Output.rfind("#if 0\n", Def));
  size_t Forward = F.Output.find("int f(int o2c_a0)", Def);
  REQUIRE(Forward != std::string::npos);
  CHECK(F.Output.rfind("#if 0\n", Forward) > Def);
  CHECK(F.Output.find("#endif\n", Forward) <
        F.Output.find("#pragma omp begin declare variant "
                      "match(device={arch(nvptx)})"));
  // Each hidden begin pragma right after its `#if 0` (a #line between),
  // the block the host sees not hidden.
  auto HiddenAt = [&](size_t At) {
    size_t If = F.Output.rfind("#if 0\n", At);
    size_t End = F.Output.rfind("#endif\n", At);
    return If != std::string::npos && (End == std::string::npos || End < If);
  };
  size_t Nvptx = F.Output.find("match(device={arch(nvptx)})");
  size_t Parallel = F.Output.find("match(construct={parallel})");
  REQUIRE(Nvptx != std::string::npos);
  REQUIRE(Parallel != std::string::npos);
  CHECK(HiddenAt(Nvptx));
  CHECK_FALSE(HiddenAt(Parallel));
  // Every #if has its #endif.
  size_t Ifs = 0, Endifs = 0;
  for (size_t At = F.Output.find("#if 0\n"); At != std::string::npos;
       At = F.Output.find("#if 0\n", At + 1))
    ++Ifs;
  for (size_t At = F.Output.find("#endif\n"); At != std::string::npos;
       At = F.Output.find("#endif\n", At + 1))
    ++Endifs;
  CHECK(Ifs == 3);
  CHECK(Ifs == Endifs);
}

TEST_CASE("a 'begin declare variant' block the host reads that defines an "
          "overloaded function is a warning",
          "[analysis][declarevariant]") {
  // Task b19: nvcc's front end declares the block's f beside its base
  // (f$$OMP_VARIANT000000), so `f(3)` with `f(double)` beside it was
  // ambiguous ("more than one instance of overloaded function f"), and the
  // translation said nothing. A block the host skips is hidden in #if 0,
  // and one whose function has no overload compiles: no warning.
  auto Code = [](const std::string &Selector, bool Overload) {
    return std::string("int f(int x) { return x + 1; }\n") +
           (Overload ? "double f(double x) { return x * 2.0; }\n" : "") +
           "#pragma omp begin declare variant match(" + Selector +
           ")\nint f(int x) { return 1 + x; }\n"
           "#pragma omp end declare variant\n"
           "int run(int *a) {\n"
           "  #pragma omp target map(tofrom: a[0:1])\n"
           "  a[0] = f(a[0]);\n  return f(3);\n}\n";
  };
  Options O;
  O.LineDirectives = false;
  Options E = O;
  E.AsErrors.insert(DiagId::VariantBlock);
  auto Warned = [&](const std::string &Selector, bool Overload) {
    INFO(Selector << (Overload ? " with overloads" : ""));
    REQUIRE(translateCode(Code(Selector, Overload), "input.cpp",
                          {"-xc++", "-std=c++17"}, O)
                .Ok);
    return !translateCode(Code(Selector, Overload), "input.cpp",
                          {"-xc++", "-std=c++17"}, E)
                .Ok;
  };
  CHECK(Warned("device = {kind(any)}", true));
  CHECK(Warned("device = {kind(host)}", true));
  CHECK_FALSE(Warned("device = {kind(any)}", false));
  CHECK_FALSE(Warned("device = {kind(nohost)}", true));
}
