// Host variables device code may name as they are (FoldedConstants.h).
#include "analysis/FoldedConstants.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace omp2cuda {
namespace {

/// Whether E calls a builtin that clang folds and nvcc's front end does
/// not (`__builtin_fmax(1.0, 2.0)`: "identifier is undefined in device
/// code"; review rC of c20). Those nvcc folds too are allowed.
bool callsUnfoldedBuiltin(const Expr *E) {
  static const llvm::StringSet<> Folded = {
      "__builtin_fabs",     "__builtin_fabsf",   "__builtin_copysign",
      "__builtin_copysignf", "__builtin_inf",    "__builtin_inff",
      "__builtin_huge_val", "__builtin_huge_valf", "__builtin_nan",
      "__builtin_nanf",     "__builtin_nans",    "__builtin_nansf",
      "__builtin_isfinite", "__builtin_isnormal", "__builtin_expect",
      "__builtin_is_constant_evaluated"};
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitCallExpr(CallExpr *CE) {
      if (CE->getBuiltinCallee())
        if (const FunctionDecl *FD = CE->getDirectCallee())
          Found = Found || !Folded.count(FD->getName());
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

} // namespace

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
  // Another unit's definition may replace a weak one's value at link time:
  // the host reads that one, a kernel the folded value (review rC of c20).
  if (VD->isWeak() || VD->hasAttr<SelectAnyAttr>())
    return false;
  const VarDecl *Init = VD->getInitializingDeclaration();
  if (!Init || !Init->getInit() || callsUnfoldedBuiltin(Init->getInit()))
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
