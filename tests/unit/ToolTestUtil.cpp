#include "ToolTestUtil.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

namespace omp2cuda::test {
namespace {

struct FirstTarget : clang::RecursiveASTVisitor<FirstTarget> {
  const clang::OMPExecutableDirective *D = nullptr;
  bool VisitOMPExecutableDirective(clang::OMPExecutableDirective *E) {
    if (!D && clang::isOpenMPTargetExecutionDirective(E->getDirectiveKind()))
      D = E;
    return true;
  }
};

} // namespace

const clang::OMPExecutableDirective *firstTarget(clang::ASTContext &Ctx) {
  FirstTarget F;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.D;
}

Parsed parse(const std::string &Code) {
  Parsed P;
  P.AST = clang::tooling::buildASTFromCodeWithArgs(
      Code, {"-fopenmp", "-fopenmp-version=52", "-xc", "-std=c11"}, "input.c");
  REQUIRE(P.AST);
  P.Target = firstTarget(P.AST->getASTContext());
  REQUIRE(P.Target);
  P.Body = P.Target->getInnermostCapturedStmt()->getCapturedStmt();
  return P;
}

std::vector<const Region *> targetRegions(const FileResult &F) {
  std::vector<const Region *> Out;
  for (const auto &R : F.Regions)
    if (R.R.Directive.find("data") == std::string::npos)
      Out.push_back(&R.R);
  return Out;
}

unsigned lineOf(const std::string &Code, const std::string &S) {
  size_t At = Code.find(S);
  REQUIRE(At != std::string::npos);
  return 1 + unsigned(std::count(Code.begin(), Code.begin() + At, '\n'));
}

unsigned lineOfLoc(Parsed &P, clang::SourceLocation L) {
  return P.ctx().getSourceManager().getExpansionLineNumber(L);
}

DirectiveTree teamTree(Parsed &P) {
  return spmdTree(DirKind::Team, P.Body, P.Body, ClauseInfo(), P.ctx(), true);
}

} // namespace omp2cuda::test
