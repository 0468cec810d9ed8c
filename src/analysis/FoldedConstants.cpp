// Host variables device code may name as they are (FoldedConstants.h).
#include "analysis/FoldedConstants.h"
#include "analysis/Analysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/StringExtras.h"
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

/// I as a literal of type long long or unsigned long long, a negative one
/// in parentheses (the least has no literal: -9223372036854775807LL - 1).
std::string wideLiteral(const llvm::APSInt &I) {
  if (I.isUnsigned() || !I.isNegative())
    return toString(I, 10, false) + (I.isUnsigned() ? "ULL" : "LL");
  llvm::APSInt Wide = I.extend(64);
  if (Wide.isMinSignedValue())
    return "(-9223372036854775807LL - 1)";
  return "(" + toString(Wide, 10, true) + "LL)";
}

} // namespace

std::string constantLiteral(const VarDecl *VD) {
  QualType T = VD->getType().getUnqualifiedType();
  const Expr *Init = VD->getAnyInitializer();
  if (T->isDependentType() || !Init || Init->isValueDependent())
    return "";
  const APValue *V = const_cast<VarDecl *>(VD)->evaluateValue();
  if (!V)
    return "";
  const ASTContext &Ctx = VD->getASTContext();
  std::string Spelled = declText(T, "", Ctx);
  if (V->isInt() && T->isIntegralOrEnumerationType()) {
    const llvm::APSInt &I = V->getInt();
    if (T->isBooleanType())
      return I.getBoolValue() ? "true" : "false";
    if (T->isSpecificBuiltinType(BuiltinType::Int) && !I.isMinSignedValue())
      return I.isNegative() ? "(" + toString(I, 10, true) + ")"
                            : toString(I, 10, true);
    return "static_cast<" + Spelled + ">(" + wideLiteral(I) + ")";
  }
  const auto *BT = T->getAs<BuiltinType>();
  if (!V->isFloat() || !V->getFloat().isFinite() || !BT ||
      (BT->getKind() != BuiltinType::Float &&
       BT->getKind() != BuiltinType::Double))
    return "";
  // A hexadecimal literal is exact; a float's value is a double's too.
  llvm::APFloat F = V->getFloat();
  bool Lost = false;
  F.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &Lost);
  char Hex[64];
  F.convertToHexString(Hex, 0, false, llvm::APFloat::rmNearestTiesToEven);
  if (BT->getKind() == BuiltinType::Float)
    return "static_cast<float>(" + std::string(Hex) + ")";
  return F.isNegative() ? "(" + std::string(Hex) + ")" : std::string(Hex);
}

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
