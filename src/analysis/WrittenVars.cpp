// The variables a statement may change on the host (WrittenVars.h).
#include "analysis/WrittenVars.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace omp2cuda {

const void *anyGlobal() {
  static const char G = 0;
  return &G;
}

namespace {

/// Adds the variable under E's members, elements and dereferences.
void writtenRoot(const Expr *E, std::set<const void *> &Out) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase();
    else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      E = A->getBase();
    else if (const auto *U = dyn_cast<UnaryOperator>(E))
      E = U->getSubExpr();
    else
      break;
  }
  const auto *D = dyn_cast_or_null<DeclRefExpr>(E);
  if (const auto *VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr) {
    Out.insert(VD->getCanonicalDecl());
    if (VD->hasGlobalStorage())
      Out.insert(anyGlobal());
  }
}

} // namespace

void writtenVars(const Stmt *S, const Stmt *Skip, std::set<const void *> &Out) {
  if (!S || S == Skip)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp()) {
    writtenRoot(BO->getLHS(), Out);
  } else if (const auto *U = dyn_cast<UnaryOperator>(S);
             U &&
             (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)) {
    writtenRoot(U->getSubExpr(), Out);
  } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
    Out.insert(anyGlobal());
    for (const Expr *Arg : CE->arguments())
      if (Arg->isGLValue())
        writtenRoot(Arg, Out);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
      writtenRoot(MC->getImplicitObjectArgument(), Out);
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE);
        Op && Op->getNumArgs())
      writtenRoot(Op->getArg(0), Out);
  }
  for (const Stmt *C : S->children())
    writtenVars(C, Skip, Out);
}

} // namespace omp2cuda
