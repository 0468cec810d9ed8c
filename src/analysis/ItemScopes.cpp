// Facts about the code around a data construct's items (ItemScopes.h).
#include "analysis/ItemScopes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace omp2cuda {

bool exitsOrJumps(const Stmt *S, int Calls) {
  if (!S)
    return false;
  if (isa<OMPTargetExitDataDirective>(S) || isa<SwitchCase>(S) ||
      isa<LabelStmt>(S))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(S); CE && Calls >= 0) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return true;
    const SourceManager &SM = FD->getASTContext().getSourceManager();
    const FunctionDecl *Def = nullptr;
    if (FD->hasBody(Def) && Def) {
      // Deeper than we look, a call may exit data too (rm21 R5).
      if (!SM.isInSystemHeader(Def->getLocation()) &&
          (Calls == 0 || exitsOrJumps(Def->getBody(), Calls - 1)))
        return true;
    } else if (!SM.isInSystemHeader(FD->getLocation()) &&
               !FD->getBuiltinID()) {
      return true;
    }
  }
  for (const Stmt *C : S->children())
    if (exitsOrJumps(C, Calls))
      return true;
  return false;
}

bool unnamedPointerHolder(const Expr *Next, const VarDecl *Root) {
  const Expr *E = Next->IgnoreParenImpCasts();
  if (isa<DeclRefExpr>(E))
    return false; // a pointer variable: no storage holds it
  if (Root->hasGlobalStorage() || Root->getType()->isReferenceType())
    return true;
  while (true) {
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (M->isArrow() || M->getMemberDecl()->getType()->isReferenceType())
        return true;
      E = M->getBase()->IgnoreParenImpCasts();
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        return true;
      E = A->getBase()->IgnoreParenImpCasts();
    } else if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(D->getDecl());
      return !VD || VD->hasGlobalStorage() ||
             VD->getType()->isReferenceType();
    } else {
      return true;
    }
  }
}

} // namespace omp2cuda
