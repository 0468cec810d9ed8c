// collapse over loops with intervening code (OpenMP 5.0 §2.9.2; issue 9):
// analyzeLoopNest on small nests, and a region through the pipeline.
#include "ToolTestUtil.h"
#include "analysis/LoopNest.h"
#include "edits/SourceText.h"

#include "clang/AST/StmtOpenMP.h"

#include <catch2/catch.hpp>

using namespace clang;
using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

/// analyzeLoopNest over the loop of the first `parallel for` inside the
/// target region of Code, collapsing Depth levels.
Verdict nest(const std::string &Code, unsigned Depth,
             std::vector<TextEdit> &Headers, std::string &BodyText) {
  Parsed P = parse(Code);
  const auto *CS = dyn_cast<CompoundStmt>(P.Body);
  const auto *D = CS ? dyn_cast<OMPExecutableDirective>(CS->body_front())
                     : nullptr;
  REQUIRE(D);
  std::vector<LoopLevel> Levels;
  std::set<const VarDecl *> Vars;
  const Stmt *Body = nullptr;
  Verdict V = analyzeLoopNest(D->getInnermostCapturedStmt()->getCapturedStmt(),
                              Depth, P.ctx(), {}, Levels, Vars, &Body, nullptr,
                              &Headers);
  if (V.Ok) {
    const SourceManager &SM = P.ctx().getSourceManager();
    unsigned B, E;
    REQUIRE(fileOffsets(SM, P.ctx().getLangOpts(), Body->getSourceRange(), B,
                        E));
    BodyText = textWithEdits(SM.getBufferData(SM.getMainFileID()), B, E,
                             Headers);
    CHECK(Levels.size() == Depth);
  }
  return V;
}

std::string nestRegion(const std::string &Loop) {
  return "void f(int *a, int *b) {\n"
         "  #pragma omp target map(tofrom: a[0:100], b[0:10])\n"
         "  {\n"
         "    #pragma omp parallel for collapse(2)\n" +
         Loop + "\n  }\n}\n";
}

} // namespace

TEST_CASE("imperfect nest: intervening code runs once per collapsed "
          "iteration",
          "[analysis][collapse]") {
  std::vector<TextEdit> Headers;
  std::string Text;
  Verdict V = nest(nestRegion("    for (int i = 0; i < 10; i++) {\n"
                          "      int base = 10 * i;\n"
                          "      for (int j = 0; j < 10; j++)\n"
                          "        a[base + j] = j;\n"
                          "      b[i] = base;\n"
                          "    }"),
                   2, Headers, Text);
  INFO(V.Reason);
  REQUIRE(V.Ok);
  REQUIRE(Headers.size() == 1);
  // The inner header goes; its body and the code around it stay in order.
  CHECK(Text.find("for (int j") == std::string::npos);
  CHECK(Text.find("int base = 10 * i;") < Text.find("a[base + j] = j;"));
  CHECK(Text.find("a[base + j] = j;") < Text.find("b[i] = base;"));
  // Without the caller's consent, imperfect nests are refused as before.
  Parsed P = parse(nestRegion("    for (int i = 0; i < 10; i++) {\n"
                          "      b[i] = 0;\n"
                          "      for (int j = 0; j < 10; j++)\n"
                          "        a[j] = j;\n"
                          "    }"));
  const auto *D =
      cast<OMPExecutableDirective>(cast<CompoundStmt>(P.Body)->body_front());
  std::vector<LoopLevel> Levels;
  std::set<const VarDecl *> Vars;
  const Stmt *Body = nullptr;
  CHECK_FALSE(analyzeLoopNest(D->getInnermostCapturedStmt()->getCapturedStmt(),
                              2, P.ctx(), {}, Levels, Vars, &Body)
                  .Ok);
}

TEST_CASE("imperfect nest: what is refused", "[analysis][collapse]") {
  struct Case {
    const char *Loop;
    const char *Why;
  };
  const Case Cases[] = {
      // The inner loop may run no iteration: the intervening code must
      // still run once per outer iteration.
      {"    for (int i = 0; i < 10; i++) {\n      b[i] = 0;\n"
       "      for (int j = 0; j < b[0]; j++)\n        a[j] = j;\n    }",
       "not proved to run at least once"},
      {"    for (int i = 0; i < 10; i++) {\n      const int m = 4;\n"
       "      for (int j = 0; j < m; j++)\n        a[j] = j;\n    }",
       "bounds use a variable of the intervening code"},
      {"    for (int i = 0; i < 10; i++) {\n      int j;\n"
       "      for (j = 0; j < 4; j++)\n        a[j] = j;\n      b[i] = j;\n"
       "    }",
       "declared outside it"},
      {"    for (int i = 0; i < 10; i++) {\n      b[i] = 0;\n"
       "      for (int j = 0; j < 4; j++) {\n        if (j == 2) continue;\n"
       "        a[j] = j;\n      }\n    }",
       "a directive, a jump or an OpenMP API call"},
  };
  for (const Case &C : Cases) {
    std::vector<TextEdit> Headers;
    std::string Text;
    Verdict V = nest(nestRegion(C.Loop), 2, Headers, Text);
    INFO(C.Loop);
    CHECK_FALSE(V.Ok);
    CHECK(V.Reason.find(C.Why) != std::string::npos);
  }
}

TEST_CASE("imperfect nest: a nested parallel for through the pipeline",
          "[analysis][collapse]") {
  FileResult F = translateC(nestRegion("    for (int i = 0; i < 10; i++) {\n"
                                   "      int base = 10 * i;\n"
                                   "      for (int j = 0; j < 10; j++) {\n"
                                   "        a[base + j] = j;\n"
                                   "      }\n"
                                   "      b[i] = base;\n"
                                   "    }"));
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  REQUIRE(F.Regions.at(0).R.Translate);
  // The kernel (the host fallback keeps the loop as written).
  const std::string &O = F.Output;
  size_t KB = O.find("__global__"), KE = O.find("host launch stub");
  REQUIRE(KB != std::string::npos);
  REQUIRE(KE != std::string::npos);
  std::string Kernel = O.substr(KB, KE - KB);
  CHECK(contains(Kernel, "int base = 10 * i;"));
  CHECK(contains(Kernel, "b[i] = base;"));
  CHECK(contains(Kernel, "a[base + j] = j;"));
  CHECK_FALSE(contains(Kernel, "for (int j"));
  CHECK(F.LeftOnHost == 0);
}
