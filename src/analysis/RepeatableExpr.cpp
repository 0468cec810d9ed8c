// Clause expressions that may be evaluated twice (RepeatableExpr.h).
#include "analysis/RepeatableExpr.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace omp2cuda {

bool safeToRepeat(const Expr *E, const ASTContext &Ctx) {
  if (E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
    return false;
  struct Calls : RecursiveASTVisitor<Calls> {
    bool Other = false;
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *F = C->getDirectCallee();
      Other = Other || !F || !F->getIdentifier() ||
              !F->getName().starts_with("omp_get_");
      return !Other;
    }
  } V;
  V.TraverseStmt(const_cast<Expr *>(E));
  return !V.Other;
}

} // namespace omp2cuda
