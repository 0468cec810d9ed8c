#include "ToolTestUtil.h"

#include "clang/AST/RecursiveASTVisitor.h"

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

} // namespace omp2cuda::test
