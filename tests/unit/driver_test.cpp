// The driver's pieces (issue 13 points 5, 6, 9): compile flags, the escape
// hatch comment, the closing summary and statistics, and diagnostic control.
#include "ToolTestUtil.h"
#include "driver/Report.h"
#include "frontend/RegionFinder.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

/// findHostComment on Text, for the directive on the line that starts with
/// "#pragma".
std::string hostComment(const std::string &Text) {
  unsigned At = static_cast<unsigned>(Text.find("#pragma"));
  return findHostComment(Text, At, At);
}

const char *const Loop = "#pragma omp target teams distribute parallel for "
                         "map(tofrom: a[0:n])\n"
                         "  for (int i = 0; i < n; ++i)\n"
                         "    a[i] += 1;\n";

FileResult withRegions(const std::string &Source, unsigned Translated,
                       unsigned Host, unsigned OnPurpose) {
  FileResult F;
  F.Source = Source;
  F.Ok = true;
  for (unsigned I = 0; I < Translated + Host + OnPurpose; ++I) {
    RegionReport Rep;
    Rep.R.Translate = I < Translated;
    if (I < Translated)
      Rep.Kernel = "k" + std::to_string(I);
    Rep.R.Why =
        I >= Translated + Host ? DiagId::HostOnPurpose : DiagId::HostCall;
    F.Regions.push_back(Rep);
  }
  return F;
}

} // namespace

TEST_CASE("escape hatch: the comment on the line, above it, or in the "
          "comment block above") {
  CHECK(hostComment("#pragma omp target // omp2cuda: host\n") ==
        "omp2cuda: host");
  CHECK(hostComment("  // omp2cuda: host (too small)\n#pragma omp target\n") ==
        "omp2cuda: host (too small)");
  CHECK(hostComment("  x = 1; /* omp2cuda: host */\n#pragma omp target\n") ==
        "omp2cuda: host");
  CHECK(hostComment(
            "// omp2cuda: host\n// why: too small\n#pragma omp target\n") ==
        "omp2cuda: host");
  // Not a marker: another word, a comment not right above, code between.
  CHECK(hostComment("// omp2cuda: hostile\n#pragma omp target\n").empty());
  CHECK(hostComment("// omp2cuda: host\n\n#pragma omp target\n").empty());
  CHECK(hostComment("// omp2cuda: host\nx = 1;\n#pragma omp target\n").empty());
  CHECK(hostComment("#pragma omp target\n// omp2cuda: host\n").empty());
}

TEST_CASE("escape hatch: the region stays on the host with a remark, not a "
          "warning") {
  FileResult F = translateC(std::string("void f(double *a, int n) {\n"
                                        "  // omp2cuda: host\n") +
                            Loop + "}\n");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostOnPurpose);
  CHECK(diagSeverity(DiagId::HostOnPurpose) == DiagSeverity::Remark);
  CHECK(F.KeptOnHost == 1);
  CHECK(F.LeftOnHost == 0); // so no exit status 3
  CHECK(contains(F.Output, "[omp2cuda-host-on-purpose]"));
}

TEST_CASE("diagnostic IDs by name, with or without the omp2cuda- prefix") {
  CHECK(diagIdFromName("host-call") == DiagId::HostCall);
  CHECK(diagIdFromName("omp2cuda-schedule") == DiagId::ScheduleRemap);
  CHECK_FALSE(diagIdFromName("no-such-id").has_value());
  CHECK(diagSeverity(DiagId::CCompat) == DiagSeverity::Error);
}

TEST_CASE("--warnings-as-errors fails the file; --suppress does not") {
  std::string Code =
      "double ext(double);\nvoid f(double *a, int n) {\n"
      "#pragma omp target teams distribute parallel for "
      "map(tofrom: a[0:n])\n"
      "  for (int i = 0; i < n; ++i)\n    a[i] = ext(a[i]);\n}\n";
  Options O;
  O.LineDirectives = false;
  O.Suppress.insert(DiagId::HostCall);
  FileResult Quiet = translateCode(Code, "input.c", {"-xc"}, O);
  CHECK(Quiet.Ok);
  CHECK(Quiet.LeftOnHost == 1);
  Options E;
  E.AsErrors.insert(DiagId::HostCall);
  CHECK_FALSE(translateCode(Code, "input.c", {"-xc"}, E).Ok);
  Options All;
  All.AllWarningsAsErrors = true;
  CHECK_FALSE(translateCode(Code, "input.c", {"-xc"}, All).Ok);
}

TEST_CASE("our flags go before '--' (database entries inferred for a file "
          "end with '-- file')") {
  std::vector<std::string> A =
      adjustArgs({"cc", "-DX=1", "-foffload=nvptx-none", "--", "k.c"}, nullptr);
  auto Sep = std::find(A.begin(), A.end(), "--");
  REQUIRE(Sep != A.end());
  CHECK(std::vector<std::string>(Sep, A.end()) ==
        std::vector<std::string>{"--", "k.c"});
  CHECK(std::find(A.begin(), Sep, "-fopenmp") != Sep);
  CHECK(std::find(A.begin(), A.end(), "-foffload=nvptx-none") == A.end());
}

TEST_CASE("closing summary, totals and per-file statistics") {
  FileResult Failed;
  Failed.Source = "bad,name.c";
  std::vector<FileResult> Files{withRegions("a.c", 2, 1, 0),
                                withRegions("b.c", 1, 0, 2), Failed};
  Totals T = countRegions(Files);
  CHECK(T.Files == 3);
  CHECK(T.FilesFailed == 1);
  CHECK(T.Regions == 6);
  CHECK(T.Translated == 3);
  CHECK(T.Kernels == 3);
  CHECK(T.Host == 3);
  CHECK(T.HostOnPurpose == 2);
  CHECK(summaryLine(T) == "omp2cuda: 6 regions in 3 files: 3 translated, 3 "
                          "left on the host (2 on purpose); 1 file failed\n");
  CHECK(summaryLine(countRegions({withRegions("a.c", 1, 0, 0)})) ==
        "omp2cuda: 1 region: 1 translated, 0 left on the host\n");
  CHECK(summaryLine(countRegions({withRegions("a.c", 0, 0, 0)})) ==
        "omp2cuda: no target regions\n");
  CHECK(statsCsv(Files) ==
        "file,regions,translated,kernels,host,host_on_purpose,status\n"
        "a.c,3,2,2,1,0,host\n"
        "b.c,3,1,1,2,2,translated\n"
        "\"bad,name.c\",0,0,0,0,0,failed\n"
        "total,6,3,3,3,2,failed\n");
  CHECK(contains(textReport(Files), "omp2cuda: 6 regions in 3 files"));
  CHECK(contains(jsonReport(Files), "\"host_on_purpose\": 2"));
}
