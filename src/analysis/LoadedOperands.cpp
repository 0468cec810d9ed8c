// See LoadedOperands.h.
#include "analysis/LoadedOperands.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace omp2cuda {

std::vector<const FunctionDecl *> indirectFunctions(const ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (const auto *A = FD->getAttr<OMPDeclareTargetDeclAttr>();
          A && A->getIndirect())
        Found.push_back(FD);
      return true;
    }
    std::vector<const FunctionDecl *> Found;
  } F;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.Found;
}

const Expr *pointerOperand(const Expr *E) {
  while (true) {
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E);
        CE && CE->getSubExpr()->getType()->isPointerType()) {
      E = CE->getSubExpr()->IgnoreParenImpCasts();
    } else if (const auto *U = dyn_cast<UnaryOperator>(E);
               U && U->isIncrementDecrementOp()) {
      E = U->getSubExpr()->IgnoreParenImpCasts();
    } else if (const auto *CA = dyn_cast<CompoundAssignOperator>(E);
               CA && (CA->getOpcode() == BO_AddAssign ||
               CA->getOpcode() == BO_SubAssign)) {
      E = CA->getLHS()->IgnoreParenImpCasts();
    } else if (const auto *BO = dyn_cast<BinaryOperator>(E);
               BO && BO->isAdditiveOp()) {
      E = (BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                    : BO->getRHS())
              ->IgnoreParenImpCasts();
    } else {
      return E;
    }
  }
}

bool holdsPointer(QualType T) {
  T = T.getCanonicalType();
  if (T->isPointerType())
    return true;
  if (const auto *A = dyn_cast<ArrayType>(T.getTypePtr()))
    return holdsPointer(A->getElementType());
  if (const auto *RD = T->getAsRecordDecl()) {
    if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
      if (CRD->hasDefinition())
        for (const CXXBaseSpecifier &B : CRD->bases())
          if (holdsPointer(B.getType()))
            return true;
    for (const FieldDecl *F : RD->fields())
      if (holdsPointer(F->getType()))
        return true;
  }
  return false;
}

const Expr *throughRecords(const MemberExpr *M, bool &Through) {
  // A reference member names storage elsewhere, as a pointer does
  // (`r.x.p` of `struct R { S &x; }`).
  bool Ref = false;
  while (true) {
    if (M->isArrow()) {
      Through = true;
      return M->getBase()->IgnoreParenImpCasts();
    }
    const Expr *B = M->getBase()->IgnoreParenImpCasts();
    if (const auto *Inner = dyn_cast<MemberExpr>(B)) {
      Ref |= Inner->getMemberDecl()->getType()->isReferenceType();
      M = Inner;
      continue;
    }
    const auto *U = dyn_cast<UnaryOperator>(B);
    const auto *A = dyn_cast<ArraySubscriptExpr>(B);
    bool Deref = (U && U->getOpcode() == UO_Deref) ||
                 (A && A->getBase()->getType()->isPointerType());
    Through = Deref || Ref;
    if (U && Deref)
      return U->getSubExpr()->IgnoreParenImpCasts();
    if (A && Deref)
      return A->getBase()->IgnoreParenImpCasts();
    return B;
  }
}

std::string thisMemberName(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      E = A->getBase();
      continue;
    }
    const auto *M = dyn_cast<MemberExpr>(E);
    if (!M)
      return "this";
    if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      return M->getMemberDecl()->getNameAsString();
    E = M->getBase();
  }
}

} // namespace omp2cuda
