// See StaticReferences.h.
#include "analysis/StaticReferences.h"
#include "analysis/PointerValueUse.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <set>
#include <vector>

using namespace clang;

namespace omp2cuda {
namespace {

/// The variable whose storage the reference VD is bound to (`g` of `int &r
/// = g.y;`), or null.
const VarDecl *boundRoot(const VarDecl *VD) {
  const Expr *E = VD->getInit();
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow())
      E = M->getBase();
    else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E);
             A && A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      E = A->getBase();
    else
      return namedVarOf(E);
  }
  return nullptr;
}

class StaticRefUses : public RecursiveASTVisitor<StaticRefUses> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    if (!VD)
      return true;
    if (!VD->getType()->isReferenceType())
      Named.insert(VD->getCanonicalDecl());
    else if (VD->isLocalVarDecl() && E->isNonOdrUse() == NOUR_Constant)
      Uses.push_back(E);
    return true;
  }
  std::set<const VarDecl *> Named;
  std::vector<const DeclRefExpr *> Uses;
};

/// Whether the use E (of a reference) is written or has its address taken:
/// an assignment's left side, a step, `&r`, or bound to a reference or
/// passed where the callee may write it (anything but a read).
bool writtenUse(const DeclRefExpr *E, ParentMap &PM) {
  const Stmt *P = PM.getParentIgnoreParenCasts(E);
  if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(PM.getParent(E));
      IC && IC->getCastKind() == CK_LValueToRValue)
    return false;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
    return BO->isAssignmentOp() &&
           BO->getLHS()->IgnoreParenImpCasts() == E;
  return true; // `++r`, `&r`, `f(r)` with a reference parameter, a member
}

} // namespace

StaticReferences staticReferences(const Stmt *Body) {
  StaticReferences Out;
  if (!Body)
    return Out;
  StaticRefUses V;
  V.TraverseStmt(const_cast<Stmt *>(Body));
  if (V.Uses.empty())
    return Out;
  ParentMap PM(const_cast<Stmt *>(Body));
  std::set<const VarDecl *> Bad;
  for (const DeclRefExpr *E : V.Uses) {
    const auto *VD = cast<VarDecl>(E->getDecl());
    if (Body->getSourceRange().fullyContains(VD->getSourceRange()))
      continue; // the region's own
    const VarDecl *Root = boundRoot(VD);
    if (!Root || Root->hasAttr<OMPDeclareTargetDeclAttr>() ||
        V.Named.count(Root->getCanonicalDecl()) ||
        (!VD->getType()->getPointeeType().isConstQualified() &&
         writtenUse(E, PM))) {
      Bad.insert(VD);
      if (!Out.Unsafe)
        Out.Unsafe = E;
    } else {
      Out.Copied.insert(VD);
    }
  }
  for (const VarDecl *VD : Bad)
    Out.Copied.erase(VD);
  return Out;
}

} // namespace omp2cuda
