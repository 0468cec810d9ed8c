// The firstprivate-write lint (issue 13, point 10) on its own: ASTs parsed
// here, the check run on the first target construct, its findings compared;
// then the flag case through the whole pipeline, where the remark must not
// change the result.
#include "ToolTestUtil.h"
#include "analysis/Lint.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <catch2/catch.hpp>

using namespace clang;
using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

/// A finding with its place spelled out, for comparisons.
struct Found {
  std::string Var, Message;
  unsigned Line = 0, Col = 0;
};

/// Parses Code (C, or C++ when Cxx) and lints its first target construct.
std::vector<Found> lint(const std::string &Code, bool Cxx = false) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      Code,
      {"-fopenmp", "-fopenmp-version=52", Cxx ? "-xc++" : "-xc",
       Cxx ? "-std=c++17" : "-std=c11"},
      Cxx ? "input.cpp" : "input.c");
  REQUIRE(AST);
  REQUIRE_FALSE(AST->getDiagnostics().hasErrorOccurred());
  ASTContext &Ctx = AST->getASTContext();
  const OMPExecutableDirective *D = firstTarget(Ctx);
  REQUIRE(D);
  std::vector<Found> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const LintFinding &L : lintFirstprivateWrites(*D, Ctx)) {
    PresumedLoc P = SM.getPresumedLoc(L.Loc);
    Out.push_back({L.Var, L.Message, P.getLine(), P.getColumn()});
  }
  return Out;
}

/// The error-flag program with Directive on the region and Body in it.
std::string flagProgram(const std::string &Directive,
                        const std::string &Body = "if (a[i] < 0) err = 1;") {
  return "int check(const int *a, int n) {\n"
         "  int err = 0;\n"
         "  " +
         Directive +
         "\n"
         "  for (int i = 0; i < n; ++i)\n"
         "    " +
         Body +
         "\n"
         "  return err;\n"
         "}\n";
}

} // namespace

TEST_CASE("lint: an error flag written in a target region warns at the "
          "write",
          "[lint]") {
  std::vector<Found> F =
      lint(flagProgram("#pragma omp target teams distribute parallel for "
                       "map(to: a[0:n])"));
  REQUIRE(F.size() == 1);
  CHECK(F[0].Var == "err");
  CHECK(F[0].Line == 5);
  CHECK(F[0].Col == 19);
  CHECK(F[0].Message ==
        "'err' is written in the target region but is firstprivate there (a "
        "scalar without a map clause), so the write is lost when the region "
        "ends; map it with map(tofrom: err) or use a reduction");
}

TEST_CASE("lint: the first write of a plain target region, ++ and +=",
          "[lint]") {
  std::vector<Found> F = lint("int f(int n, int *p) {\n"
                              "  int count = 0;\n"
                              "  #pragma omp target\n"
                              "  {\n"
                              "    count += n;\n"
                              "    count++;\n"
                              "    p = 0;\n"
                              "  }\n"
                              "  return count + (p != 0);\n"
                              "}\n");
  REQUIRE(F.size() == 2);
  CHECK(F[0].Var == "count");
  CHECK(F[0].Line == 5);
  CHECK(F[0].Col == 5);
  // A pointer is a scalar too: its own value stays on the device.
  CHECK(F[1].Var == "p");
  CHECK(F[1].Line == 7);
}

TEST_CASE("lint: no warning where a clause or OpenMP's rules keep the "
          "write",
          "[lint]") {
  using P = std::pair<std::string, std::string>;
  for (const auto &[Directive, Body] :
       {P{"#pragma omp target teams distribute parallel for map(to: a[0:n]) "
          "map(tofrom: err)",
          "if (a[i] < 0) err = 1;"},
        P{"#pragma omp target teams distribute parallel for map(to: a[0:n]) "
          "reduction(max: err)",
          "if (a[i] < 0) err = 1;"},
        P{"#pragma omp target teams distribute parallel for map(to: a[0:n]) "
          "defaultmap(tofrom: scalar)",
          "if (a[i] < 0) err = 1;"},
        P{"#pragma omp target teams distribute parallel for map(to: a[0:n]) "
          "firstprivate(err)",
          "if (a[i] < 0) err = 1;"},
        // Declared in the region: a variable of its own.
        P{"#pragma omp target teams distribute parallel for map(to: a[0:n])",
          "{ int err = 0; if (a[i] < 0) err = 1; (void)err; }"}})
    CHECK(lint(flagProgram(Directive, Body)).empty());
}

TEST_CASE("lint: no warning for a loop variable, an unread variable, an "
          "array",
          "[lint]") {
  // The loop variable, declared outside and read after the loop.
  CHECK(lint("int f(int *a, int n) {\n"
             "  int i;\n"
             "  #pragma omp target teams distribute parallel for "
             "map(tofrom: a[0:n])\n"
             "  for (i = 0; i < n; ++i)\n"
             "    a[i] = i;\n"
             "  return i;\n"
             "}\n")
            .empty());
  // Written but never read after the region.
  CHECK(lint("void f(int *a, int n) {\n"
             "  int t = 0;\n"
             "  #pragma omp target map(tofrom: a[0:n])\n"
             "  { t = n; a[0] = t; }\n"
             "}\n")
            .empty());
  // An array is mapped tofrom, not firstprivate.
  CHECK(lint("int f(void) {\n"
             "  int v[4] = {0};\n"
             "  #pragma omp target\n"
             "  v[0] = 1;\n"
             "  return v[0];\n"
             "}\n")
            .empty());
}

TEST_CASE("lint: nested constructs", "[lint]") {
  // A nested private copy takes the write.
  CHECK(lint("int f(int n) {\n"
             "  int t = 0;\n"
             "  #pragma omp target\n"
             "  #pragma omp parallel private(t)\n"
             "  t = n;\n"
             "  return t;\n"
             "}\n")
            .empty());
  // A nested reduction copies its result out to the target's own copy,
  // which is lost: the split form of a combined reduction.
  std::vector<Found> F = lint("int f(const int *a, int n) {\n"
                              "  int sum = 0;\n"
                              "  #pragma omp target map(to: a[0:n])\n"
                              "  #pragma omp teams distribute parallel for "
                              "reduction(+: sum)\n"
                              "  for (int i = 0; i < n; ++i)\n"
                              "    sum += a[i];\n"
                              "  return sum;\n"
                              "}\n");
  REQUIRE(F.size() == 1);
  CHECK(F[0].Var == "sum");
  CHECK(F[0].Line == 4);
}

TEST_CASE("lint: lambdas write their copies, references are left out",
          "[lint]") {
  CHECK(lint("int f(int n) {\n"
             "  int t = 0;\n"
             "  #pragma omp target\n"
             "  { auto g = [t]() mutable { t = 1; return t; }; (void)g(); }\n"
             "  return t + n;\n"
             "}\n",
             true)
            .empty());
  CHECK(lint("int f(int &r) {\n"
             "  #pragma omp target\n"
             "  r = 1;\n"
             "  return r;\n"
             "}\n",
             true)
            .empty());
}

TEST_CASE("lint: the remark changes neither the translation nor its "
          "status",
          "[lint]") {
  std::string Code = flagProgram(
      "#pragma omp target teams distribute parallel for map(to: a[0:n])");
  FileResult R = translateC(Code);
  CHECK(R.Ok);
  CHECK(R.LeftOnHost == 0);
  REQUIRE(R.Regions.size() == 1);
  CHECK(R.Regions[0].R.Translate);
  // Through the driver's reporting: as an error on request, so it is seen.
  Options O;
  O.LineDirectives = false;
  O.AsErrors.insert(DiagId::FirstprivateWrite);
  CHECK_FALSE(translateCode(Code, "input.c", {"-xc", "-std=c11"}, O).Ok);
}

TEST_CASE("lint: a nested task writes its own copy", "[lint]") {
  // Private to the target task, so implicitly firstprivate in the task.
  CHECK(lint("int f(int n) {\n"
             "  int t = 0;\n"
             "  #pragma omp target\n"
             "  {\n"
             "    #pragma omp task\n"
             "    t = n;\n"
             "  }\n"
             "  return t;\n"
             "}\n")
            .empty());
}

namespace {
/// Whether the firstprivate-present remark is given for Code (as an error
/// on request, so that it shows in the result).
bool presentRemark(const std::string &Code) {
  Options O;
  O.LineDirectives = false;
  O.AsErrors.insert(DiagId::FirstprivatePresent);
  return !translateCode(Code, "input.c", {"-xc", "-std=c11"}, O).Ok;
}

/// A data region that maps c, a region that writes c's device copy as
/// Writer says, and one that reads c as Reader's clauses say.
std::string presentProgram(const std::string &Writer,
                           const std::string &Reader) {
  return "int f(void) {\n"
         "  int c = 2, r = 0;\n"
         "  #pragma omp target data map(tofrom: c)\n"
         "  {\n"
         "    " +
         Writer +
         "\n"
         "    #pragma omp target map(from: r)" +
         Reader +
         "\n"
         "    { r = c; }\n"
         "  }\n"
         "  return r;\n"
         "}\n";
}
} // namespace

TEST_CASE("lint: an implicitly firstprivate scalar that an enclosing data "
          "region maps and another region writes starts from the host's "
          "value",
          "[lint][firstprivate-present]") {
  CHECK(presentRemark(
      presentProgram("#pragma omp target map(tofrom: c)\n { c = 5; }", "")));
  CHECK(presentRemark(presentProgram(
      "#pragma omp target teams distribute parallel for reduction(+: c)\n"
      " for (int i = 0; i < 4; ++i) c += i;",
      "")));
  // Named on the reader: it reads the device copy.
  CHECK_FALSE(presentRemark(presentProgram(
      "#pragma omp target map(tofrom: c)\n { c = 5; }", " map(to: c)")));
  // No region writes the device copy: both copies hold the same.
  CHECK_FALSE(presentRemark(
      presentProgram("#pragma omp target map(tofrom: c)\n { r = c; }", "")));
  // Written by the host only: the region reads the host's, as all do.
  CHECK_FALSE(presentRemark(presentProgram("c = 5;", "")));
  // The remark changes nothing: the region is translated, c by value.
  FileResult R = translateC(
      presentProgram("#pragma omp target map(tofrom: c)\n { c = 5; }", ""));
  REQUIRE(R.Ok);
  CHECK(R.LeftOnHost == 0);
}
