// Dereferences of pointers that a region loads from storage it maps whole
// (a record's member, an array of pointers, a declare target pointer),
// whose device copies hold host addresses unless a map attaches them.
#include "analysis/PointerValueUse.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace omp2cuda {
namespace {

/// The variables that a map, to or from clause names through a member or
/// an element (a section there is attached), or with a mapper.
class AttachedFinder : public RecursiveASTVisitor<AttachedFinder> {
public:
  AttachedFinder(std::set<const VarDecl *> &Out, const Stmt *Current)
      : Out(Out), Current(Current) {}
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    // Another target region attaches nothing the next one sees (and may
    // itself stay on the host).
    if (D != Current &&
        !isOpenMPTargetDataManagementDirective(D->getDirectiveKind()))
      return true;
    for (const OMPClause *C : D->clauses()) {
      if (const auto *M = dyn_cast<OMPMapClause>(C))
        add(M->varlists(), !M->getMapperIdInfo().getName().isEmpty());
      else if (const auto *T = dyn_cast<OMPToClause>(C))
        add(T->varlists(), !T->getMapperIdInfo().getName().isEmpty());
      else if (const auto *F = dyn_cast<OMPFromClause>(C))
        add(F->varlists(), !F->getMapperIdInfo().getName().isEmpty());
    }
    return true;
  }

private:
  template <class R> void add(R Items, bool Mapper) {
    for (const Expr *E : Items) {
      const Expr *Bare = E->IgnoreParenImpCasts();
      const Expr *Root = Bare;
      while (true) {
        if (const auto *M = dyn_cast<MemberExpr>(Root))
          Root = M->getBase()->IgnoreParenImpCasts();
        else if (const auto *A = dyn_cast<ArraySubscriptExpr>(Root))
          Root = A->getBase()->IgnoreParenImpCasts();
        else if (const auto *S = dyn_cast<ArraySectionExpr>(Root))
          Root = S->getBase()->IgnoreParenImpCasts();
        else
          break;
      }
      const auto *D = dyn_cast<DeclRefExpr>(Root);
      const auto *VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
      if (VD && (Mapper || Root != Bare))
        Out.insert(VD);
    }
  }
  std::set<const VarDecl *> &Out;
  const Stmt *Current;
};

/// Finds dereferences of pointers loaded from mapped aggregates.
class LoadedFinder : public RecursiveASTVisitor<LoadedFinder> {
public:
  LoadedFinder(const Stmt *Body, const std::set<std::string> &Names)
      : Names(Names), Body(Body) {}
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_Deref)
      check(U->getSubExpr(), U);
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) {
    check(A->getBase(), A);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) {
    if (M->isArrow())
      check(M->getBase(), M);
    return true;
  }
  SourceLocation Where;
  std::string What;
  std::set<const VarDecl *> Attached;

private:
  bool outside(const VarDecl *VD) const {
    SourceRange R = Body->getSourceRange();
    SourceLocation L = VD->getLocation();
    const SourceManager &SM = VD->getASTContext().getSourceManager();
    return !(SM.isBeforeInTranslationUnit(R.getBegin(), L) &&
             SM.isBeforeInTranslationUnit(L, R.getEnd()));
  }
  /// The pointer E (a pointer-typed operand) as loaded storage.
  void check(const Expr *E, const Expr *At) {
    if (Where.isValid() || !E->getType()->isPointerType())
      return;
    E = E->IgnoreParenImpCasts();
    // Through pointer arithmetic: (s.p + 1)[0].
    while (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (!BO->isAdditiveOp())
        return;
      E = (BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                    : BO->getRHS())
              ->IgnoreParenImpCasts();
    }
    const Expr *Root = nullptr;
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (M->isArrow() || !M->getType()->isPointerType())
        return;
      Root = M->getBase()->IgnoreParenImpCasts();
      while (const auto *Inner = dyn_cast<MemberExpr>(Root)) {
        if (Inner->isArrow())
          return;
        Root = Inner->getBase()->IgnoreParenImpCasts();
      }
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!A->getType()->isPointerType())
        return;
      Root = A->getBase()->IgnoreParenImpCasts();
      if (!Root->getType()->isArrayType() &&
          !(isa<DeclRefExpr>(Root) &&
            cast<DeclRefExpr>(Root)->getDecl()->getType()->isArrayType()))
        return;
    } else if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(D->getDecl());
      if (VD && VD->hasGlobalStorage() && VD->getType()->isPointerType() &&
          VD->hasAttr<OMPDeclareTargetDeclAttr>() && !Attached.count(VD) &&
          !Names.count(VD->getNameAsString())) {
        Where = At->getBeginLoc();
        What = "the declare target pointer '" + VD->getNameAsString() + "'";
      }
      return;
    } else {
      return;
    }
    const auto *D = dyn_cast<DeclRefExpr>(Root);
    const auto *VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (!VD || VD->getType()->isReferenceType() || !outside(VD) ||
        Attached.count(VD) || Names.count(VD->getNameAsString()))
      return;
    Where = At->getBeginLoc();
    What = "a pointer held in '" + VD->getNameAsString() + "'";
  }
  const std::set<std::string> &Names;
  const Stmt *Body;
};

} // namespace

SourceLocation loadedPointerDeref(const Stmt *Body, const Stmt *Scope,
                                  const Stmt *Current,
                                  const std::set<std::string> &Attached,
                                  std::string &What) {
  if (!Body)
    return {};
  LoadedFinder F(Body, Attached);
  if (Scope)
    AttachedFinder(F.Attached, Current).TraverseStmt(const_cast<Stmt *>(Scope));
  F.TraverseStmt(const_cast<Stmt *>(Body));
  What = F.What;
  return F.Where;
}

} // namespace omp2cuda
