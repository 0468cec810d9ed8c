// Which pointers a comparison or a difference may hold against one the
// translation moves (pointerValueUse's Classifier, PointerClassifier.h).
// Each map item's storage moves to an allocation of its own, and a
// captured pointer to where the runtime finds its host address: two
// pointers keep the host's order and distance only when one lookup gives
// both, and their equality also when neither has moved from the address
// its own lookup gave (p + 2 == q holds on the host for two sections of
// one array, never on the device).
#include "analysis/PointerClassifier.h"

using namespace clang;

namespace omp2cuda {
namespace pvu {

/// Whether E's value is moved by the translation as the variable's is,
/// so that p == E gives the host's answer: null, an address the runtime
/// looks up as it looks p up (a mapped array, a captured pointer that
/// does not escape, a local of the body so derived), or the address of
/// another object. Strict (for p < E and p - E, which also need the same
/// mapping): null, or derived from the variable itself only.
bool Classifier::movesAlike(const Expr *E, bool Strict, unsigned Steps) {
  E = E->IgnoreParenCasts();
  if (Steps > 8)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    // The value the expression gives: the pointer operand of p + n, what
    // `r = x` assigns, the right of a comma.
    const Expr *Ptr = nullptr;
    if (BO->getOpcode() == BO_Assign || BO->isCommaOp())
      Ptr = BO->getRHS();
    else if (BO->isCompoundAssignmentOp() || BO->isAdditiveOp())
      Ptr = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                     : BO->getRHS();
    return Ptr && Ptr->getType()->isPointerType() &&
           movesAlike(Ptr, Strict, Steps + 1);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_Plus ||
        UO->getOpcode() == UO_Extension)
      return movesAlike(UO->getSubExpr(), Strict, Steps + 1);
    if (UO->getOpcode() != UO_AddrOf)
      return false;
    const Expr *Base = UO->getSubExpr()->IgnoreParenImpCasts();
    while (const auto *ME = dyn_cast<MemberExpr>(Base)) {
      if (ME->isArrow())
        return movesAlike(ME->getBase(), Strict, Steps + 1);
      Base = ME->getBase()->IgnoreParenImpCasts();
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Base))
      return movesAlike(subscriptBase(AS), Strict, Steps + 1);
    return !Strict && isa<DeclRefExpr>(Base);
  }
  if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) !=
      Expr::NPCK_NotNull)
    return true;
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!VD || VD->getType()->isReferenceType())
    return false;
  if (VD == Origin || Checking.count(VD) || Alike.count(VD))
    return true;
  if (VD->hasGlobalStorage())
    return false;
  if (VD->getType()->isArrayType())
    return !Strict; // mapped, or a local of the body
  if (!VD->getType()->isPointerType())
    return false;
  // A captured pointer; a callee does not know what its caller passes.
  if (!inBody(VD) || isa<ParmVarDecl>(VD))
    return !Strict && Depth == 0 && !Untranslated.count(VD);
  // A local: what it starts from and every value assigned to it.
  if (VD->getInit() && !movesAlike(VD->getInit(), Strict, Steps + 1))
    return false;
  Checking.insert(VD);
  bool Alike = true;
  RefFinder F(VD);
  F.TraverseStmt(const_cast<Stmt *>(Root));
  for (const DeclRefExpr *R : F.Refs)
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(PM.getParent(R));
        BO && BO->isAssignmentOp() && BO->getLHS() == R &&
        !movesAlike(BO->getRHS(), Strict, Steps + 1))
      Alike = false;
  Checking.erase(VD);
  return Alike;
}

/// Whether the body writes V (assigns it, moves it, takes its address or
/// binds a reference to it): any use but a read of its value.
bool Classifier::written(const VarDecl *V) const {
  RefFinder F(V);
  F.TraverseStmt(const_cast<Stmt *>(Root));
  for (const DeclRefExpr *R : F.Refs) {
    if (unevaluated(R))
      continue;
    const Stmt *P = PM.getParent(R);
    while (P && isa<ParenExpr>(P))
      P = PM.getParent(P);
    const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P);
    if (!IC || IC->getCastKind() != CK_LValueToRValue)
      return true;
  }
  return false;
}

/// Whether E is the very address a lookup gave, not one moved from it: an
/// array, an object's address (`&x`), a captured pointer the body never
/// writes, or a local initialised so and never written. Distinct host
/// addresses of such give distinct device ones, whichever items hold them.
bool Classifier::atLookup(const Expr *E, unsigned Steps) const {
  E = E->IgnoreParenCasts();
  if (Steps > 8)
    return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    const auto *DR =
        UO->getOpcode() == UO_AddrOf
            ? dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts())
            : nullptr;
    return DR && isa<VarDecl>(DR->getDecl()) &&
           !DR->getDecl()->getType()->isReferenceType();
  }
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!VD || VD->getType()->isReferenceType())
    return false;
  if (VD->getType()->isArrayType())
    return true;
  if (!VD->getType()->isPointerType() || written(VD))
    return false;
  // A callee's parameter holds whatever its caller passes.
  if (!inBody(VD))
    return Depth == 0;
  return !isa<ParmVarDecl>(VD) && VD->getInit() &&
         atLookup(VD->getInit(), Steps + 1);
}

} // namespace pvu
} // namespace omp2cuda
