// Host variables device code may name as they are (FoldedConstants.h).
#include "analysis/FoldedConstants.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace omp2cuda {

bool foldedConstant(const VarDecl *VD, SourceLocation Use) {
  QualType T = VD->getType();
  if (!T.isConstQualified() || T.isVolatileQualified())
    return false;
  // Not long double, which device code treats as double.
  const auto *BT = T->getAs<BuiltinType>();
  bool Integral = T->isIntegralOrEnumerationType();
  if (!Integral && !(BT && (BT->getKind() == BuiltinType::Float ||
                            BT->getKind() == BuiltinType::Double)))
    return false;
  const VarDecl *Init = VD->getInitializingDeclaration();
  if (!Init || !Init->getInit())
    return false;
  const ASTContext &Ctx = VD->getASTContext();
  bool Constant = Integral ? Init->getInit()->isIntegerConstantExpr(Ctx)
                           : Init->getInit()->isConstantInitializer(
                                 const_cast<ASTContext &>(Ctx), false) &&
                                 Init->evaluateValue();
  // nvcc folds only a value it has seen (`const double K::sd = 1.5;` after
  // the function that reads it is an undefined identifier there).
  const SourceManager &SM = Ctx.getSourceManager();
  return Constant &&
         SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Init->getLocation()),
                                      SM.getExpansionLoc(Use));
}

bool valueOnlyUse(const VarDecl *VD, const Expr *E, NonOdrUseReason NOUR,
                  bool Read) {
  if (NOUR == NOUR_Unevaluated)
    return true;
  // `std::min(k, x)` binds a reference: nvcc has no device variable for it.
  return (Read || NOUR == NOUR_Constant) &&
         foldedConstant(VD, E->getBeginLoc());
}

} // namespace omp2cuda
