#include "analysis/Instantiations.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace omp2cuda {

std::vector<const Stmt *> instantiatedCopies(const Stmt *Pattern,
                                             ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const Stmt *Pattern;
    const SourceManager &SM;
    std::vector<const Stmt *> Found;
    Finder(const Stmt *P, const SourceManager &SM) : Pattern(P), SM(SM) {}
    bool shouldVisitTemplateInstantiations() const { return true; }
    // A generic lambda's instantiations are members of its class, which
    // only the implicit code holds.
    bool shouldVisitImplicitCode() const { return true; }
    bool TraverseDecl(Decl *D) {
      // The standard library's templates hold none of the program's
      // regions.
      if (D && !isa<TranslationUnitDecl>(D) &&
          isa<TranslationUnitDecl>(D->getDeclContext()) &&
          SM.isInSystemHeader(D->getLocation()))
        return true;
      return RecursiveASTVisitor::TraverseDecl(D);
    }
    // Not the end: an instantiated fold expression loses its parentheses
    // (`r = (0 + ... + f(ps))` ends earlier in a copy). The outermost match
    // is the copy; a statement of the same class at the same place inside
    // it (`a + b + c`) is part of it.
    bool TraverseStmt(Stmt *S, DataRecursionQueue *Q = nullptr) {
      if (!S || S->getStmtClass() != Pattern->getStmtClass() ||
          S->getBeginLoc() != Pattern->getBeginLoc())
        return RecursiveASTVisitor::TraverseStmt(S, Q);
      if (S != Pattern)
        Found.push_back(S);
      return true;
    }
  } F(Pattern, Ctx.getSourceManager());
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.Found;
}

bool isDependentCall(const Expr *E) {
  if (isa<CXXUnresolvedConstructExpr>(E))
    return true;
  const auto *C = dyn_cast<CallExpr>(E);
  return C && !C->getDirectCallee() &&
         (C->isTypeDependent() || C->getCallee()->isTypeDependent() ||
          isa<UnresolvedLookupExpr, UnresolvedMemberExpr,
              CXXDependentScopeMemberExpr>(C->getCallee()->IgnoreParens()));
}

} // namespace omp2cuda
