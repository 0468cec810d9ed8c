// metadirective (issue 8): inside a target region the device's variant is
// translated and the host fallback keeps the pragma; a target construct
// chosen on the host is written as that construct; target_device selectors
// give the kernel the device's variant and the fallback the host's; what is
// not decidable when translating keeps the region on the host.
#include "ToolTestUtil.h"
#include "frontend/Metadirective.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {
MetaSite site(const std::string &Pragma) {
  std::vector<MetaSite> S = findMetadirectives(Pragma);
  REQUIRE(S.size() == 1);
  return S.front();
}
std::string onDevice(const std::string &Pragma) {
  MetaChoice C = chooseVariant(site(Pragma), MetaSide::Device, std::nullopt);
  return C.Decided ? C.Directive : "undecided: " + C.Why;
}
std::string onHost(const std::string &Pragma) {
  MetaChoice C = chooseVariant(site(Pragma), MetaSide::Host, std::nullopt);
  return C.Decided ? C.Directive : "undecided: " + C.Why;
}
} // namespace

TEST_CASE("metadirective text: clauses, continuations, respelling",
          "[metadirective]") {
  std::string Text = "int x;\n  #pragma omp metadirective \\\n"
                     "    when(device={arch(\"nvptx\")}: teams distribute) \\\n"
                     "    default(parallel for)\nfor (;;) ;\n";
  std::vector<MetaSite> S = findMetadirectives(Text);
  REQUIRE(S.size() == 1);
  CHECK(Text.substr(S[0].Begin, 13) == "#pragma omp m");
  CHECK(Text.substr(S[0].End, 9) == "\nfor (;;)");
  REQUIRE(S[0].Variants.size() == 2);
  CHECK(S[0].Variants[0].Selector == "device={arch(\"nvptx\")}");
  CHECK(S[0].Variants[0].Directive == "teams distribute");
  CHECK(S[0].Variants[1].Default);
  std::string Raw = Text.substr(S[0].Begin, S[0].End - S[0].Begin);
  std::string R = respellPragma(Raw, "teams distribute");
  CHECK(R.size() == Raw.size());
  CHECK(std::count(R.begin(), R.end(), '\n') == 2);
  CHECK(R.rfind("#pragma omp teams", 0) == 0);
  // What the preprocessor reads: the lines spliced, whole words.
  std::string Spliced;
  for (size_t I = 0; I < R.size(); ++I)
    if (R[I] == '\\' && I + 1 < R.size() && R[I + 1] == '\n')
      ++I;
    else if (R[I] != ' ' || (!Spliced.empty() && Spliced.back() != ' '))
      Spliced += R[I];
  CHECK(Spliced == "#pragma omp teams distribute ");
  // Not a metadirective: `begin metadirective`, a string, another pragma.
  CHECK(findMetadirectives("#pragma omp begin metadirective when(x)\n"
                           "const char *s = \"#pragma omp metadirective\";\n"
                           "#pragma omp metadirectives\n")
            .empty());
}

TEST_CASE("metadirective selectors for the device and for the host",
          "[metadirective]") {
  const std::string Kind = "#pragma omp metadirective when(device={kind(nohost)}: "
                           "nothing) default(teams distribute parallel for)\n";
  CHECK(onDevice(Kind) == "nothing");
  CHECK(onHost(Kind) == "teams distribute parallel for");
  const std::string Arch = "#pragma omp metadirective when(device={arch(\"nvptx\")}"
                           ": teams loop) otherwise(parallel for)\n";
  // clang's sm_90 device compile has the architecture nvptx64 only.
  CHECK(onDevice(Arch) == "parallel for");
  CHECK(onHost(Arch) == "parallel for");
  CHECK(onDevice("#pragma omp metadirective when(device={arch(nvptx64)}: teams "
                 "loop) otherwise(parallel for)\n") == "teams loop");
  // Vendor: omp2cuda on Clang, both sides.
  CHECK(onDevice("#pragma omp metadirective when(implementation={vendor(amd)}"
                 ": masked) when(implementation={vendor(llvm)}: single) "
                 "default(for)\n") == "single");
  // Constant user conditions; several matches with one directive.
  CHECK(onDevice("#pragma omp metadirective when(user={condition(0)}: single) "
                 "when(device={kind(gpu)}: masked) when(device={arch(nvptx64)}: "
                 "masked) default(for)\n") == "masked");
  // No default and nothing matches: nothing.
  CHECK(onDevice("#pragma omp metadirective when(device={kind(host)}: for)\n") ==
        "nothing");
  // Not decidable when translating.
  CHECK(onDevice("#pragma omp metadirective when(user={condition(n > 1)}: for) "
                 "default(nothing)\n")
            .rfind("undecided", 0) == 0);
  CHECK(onDevice("#pragma omp metadirective when(device={isa(sm_90)}: for) "
                 "default(nothing)\n")
            .rfind("undecided", 0) == 0);
  CHECK(onDevice("#pragma omp metadirective when(construct={parallel}: for) "
                 "default(nothing)\n")
            .rfind("undecided", 0) == 0);
  CHECK(onDevice("#pragma omp metadirective when(device={kind(gpu)}: for) "
                 "when(device={arch(nvptx64)}: masked)\n")
            .rfind("undecided", 0) == 0);
}

TEST_CASE("a metadirective inside a target region is the device's variant",
          "[metadirective]") {
  FileResult F = translateC(R"src(
#include <omp.h>
void run(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    #pragma omp metadirective \
        when(device={kind(nohost)}: nothing) \
        default(teams distribute parallel for)
    for (int i = 0; i < n; i++)
      a[i] += omp_in_parallel();
  }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  // One thread runs the loop (nothing), not a grid-stride kernel ...
  CHECK_FALSE(contains(F.Output, "blockDim.x * gridDim.x"));
  CHECK(contains(F.Output, "o2c_dev::omp_in_parallel()"));
  // ... and the host fallback keeps the metadirective for the host.
  CHECK(contains(F.Output, "#pragma omp metadirective \\\n"
                           "        when(device={kind(nohost)}: nothing) \\\n"
                           "        default(teams distribute parallel for)\n"));
}

TEST_CASE("a target construct that a metadirective chooses on the host",
          "[metadirective]") {
  FileResult F = translateC(R"src(
#include <omp.h>
int run(void) {
  int on_host = 1;
  #pragma omp metadirective when(device={kind(nohost)}: nothing) \
      otherwise(target map(tofrom: on_host))
  {
    on_host = omp_is_initial_device();
  }
  return on_host;
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK_FALSE(contains(F.Output, "metadirective when"));
  CHECK(contains(F.Output, "_launch(on_host)) {"));
  CHECK(contains(F.Output, "#pragma omp target map(tofrom: on_host)"));
}

TEST_CASE("target_device: the kernel takes the device's variant, the "
          "fallback the host's",
          "[metadirective]") {
  FileResult F = translateC(R"src(
void run(int *A) {
  #pragma omp metadirective \
     when(target_device={kind(gpu)}: target map(tofrom: A[0:8])) \
     default(target map(to: A[0:8]))
  for (int i = 0; i < 8; i++)
    A[i] = i;
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "o2c::MapToFrom"));
  CHECK(contains(F.Output, "#pragma omp target "));
  CHECK(contains(F.Output, "map(to: A[0:8])"));
  CHECK_FALSE(contains(F.Output, "target_device"));
}

TEST_CASE("a metadirective the translation cannot decide keeps the region "
          "on the host",
          "[metadirective]") {
  FileResult F = translateC(R"src(
void run(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    #pragma omp metadirective when(user={condition(n > 100)}: teams loop) \
        default(parallel for)
    for (int i = 0; i < n; i++)
      a[i] += 1;
  }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 1);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Why == DiagId::HostVariant);
  CHECK(contains(F.Regions[0].R.Reason, "user={condition(n > 100)}"));
  CHECK(F.Regions[0].R.WhyPos.Line == 5);
  CHECK(contains(F.Output, "#pragma omp metadirective when(user="));
}
