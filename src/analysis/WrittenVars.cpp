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

/// What a call may write: any global, what it is given by reference, the
/// object a member function or operator is called on.
void callWrites(const CallExpr *CE, std::set<const void *> &Out) {
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

} // namespace

void writtenVars(const Stmt *S, const Stmt *Skip, std::set<const void *> &Out,
                 std::set<const void *> *PointerOut) {
  if (!S || S == Skip)
    return;
  std::set<const void *> &Ptr = PointerOut ? *PointerOut : Out;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp()) {
    writtenRoot(BO->getLHS(), Out);
    if (BO->getLHS()->getType()->isPointerType())
      writtenRoot(BO->getLHS(), Ptr);
  } else if (const auto *U = dyn_cast<UnaryOperator>(S);
             U &&
             (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)) {
    writtenRoot(U->getSubExpr(), Out);
    if (U->getOpcode() == UO_AddrOf ||
        U->getSubExpr()->getType()->isPointerType())
      writtenRoot(U->getSubExpr(), Ptr);
  } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
    // A call may write any pointer it reaches: through one it is given too
    // (`h(sp)` with `sp = &s1`).
    callWrites(CE, Out);
    if (PointerOut) {
      callWrites(CE, *PointerOut);
      for (const Expr *Arg : CE->arguments())
        if (Arg->getType()->isPointerType())
          writtenRoot(Arg, *PointerOut);
    }
  }
  for (const Stmt *C : S->children())
    writtenVars(C, Skip, Out, PointerOut);
}

void escapedVars(const Stmt *S, std::set<const void *> &Out) {
  if (!S)
    return;
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && U->getOpcode() == UO_AddrOf)
    writtenRoot(U->getSubExpr(), Out);
  else if (const auto *C = dyn_cast<ImplicitCastExpr>(S);
           C && C->getCastKind() == CK_ArrayToPointerDecay)
    writtenRoot(C->getSubExpr(), Out);
  else if (const auto *CE = dyn_cast<CallExpr>(S))
    for (const Expr *Arg : CE->arguments())
      if (Arg->isGLValue())
        writtenRoot(Arg, Out);
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D);
          VD && VD->getType()->isReferenceType() && VD->getInit())
        writtenRoot(VD->getInit(), Out);
  for (const Stmt *C : S->children())
    escapedVars(C, Out);
}

} // namespace omp2cuda
