// Classifies each reference to a pointer variable by what its enclosing
// expressions do with the value (OpenMP leaves a firstprivate pointer's
// value as the host's: only dereferences want the device copy).
#include "analysis/PointerValueUse.h"
#include "analysis/LoadedStore.h"

#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include <algorithm>
#include <memory>
#include <set>

using namespace clang;

namespace omp2cuda {
namespace {

enum UseKind : unsigned { Neutral = 0, Deref = 1, Escape = 2, Both = 3 };

/// A cast that keeps the pointer a pointer to the same place.
bool keepsPointer(const CastExpr *CE) {
  if (!CE->getType()->isPointerType())
    return false;
  switch (CE->getCastKind()) {
  case CK_LValueToRValue:
  case CK_NoOp:
  case CK_BitCast:
  case CK_ArrayToPointerDecay:
    return true;
  default:
    return false;
  }
}

class Classifier {
public:
  Classifier(const Stmt *Body, ASTContext &Ctx)
      : PM(const_cast<Stmt *>(Body)), Root(Body), Ctx(Ctx) {}

  /// What the expressions around E (a use of the pointer) do with it.
  UseKind classify(const Expr *E) {
    const Expr *Cur = E;
    while (const Stmt *P = PM.getParent(Cur)) {
      if (const auto *PE = dyn_cast<ParenExpr>(P)) {
        Cur = PE;
        continue;
      }
      if (const auto *CE = dyn_cast<CastExpr>(P)) {
        if (keepsPointer(CE)) {
          Cur = CE;
          continue;
        }
        CastKind K = CE->getCastKind();
        return K == CK_PointerToBoolean || K == CK_ToVoid ? Neutral : Escape;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
        switch (UO->getOpcode()) {
        case UO_Deref:
          return Deref;
        case UO_LNot:
          return Neutral;
        case UO_PreInc:
        case UO_PreDec:
        case UO_PostInc:
        case UO_PostDec:
          Cur = UO; // the result is the pointer still
          continue;
        default:
          return Both;
        }
      }
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(P))
        return AS->getBase()->IgnoreParenImpCasts() ==
                       Cur->IgnoreParenImpCasts()
                   ? Deref
                   : Both;
      if (const auto *ME = dyn_cast<MemberExpr>(P))
        return ME->isArrow() ? Deref : Both;
      if (const auto *BO = dyn_cast<BinaryOperator>(P))
        return binaryUse(BO, Cur);
      if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
        if (CO->getCond() == Cur)
          return Neutral;
        Cur = CO;
        continue;
      }
      if (isa<UnaryExprOrTypeTraitExpr>(P))
        return Neutral;
      // A statement of its own (`p++;`, a loop's increment); a call's
      // argument, an initialiser, a return or an asm operand may do both.
      if (!isa<Expr>(P) && !isa<DeclStmt>(P) && !isa<ReturnStmt>(P) &&
          !isa<AsmStmt>(P))
        return Neutral;
      return Both;
    }
    return Cur == Root ? Neutral : Both;
  }

private:
  UseKind binaryUse(const BinaryOperator *BO, const Expr *Cur) {
    bool IsLHS = BO->getLHS() == Cur;
    switch (BO->getOpcode()) {
    case BO_Add:
    case BO_Sub:
      if (BO->getType()->isPointerType())
        return classify(BO);
      return Both; // p - q: against which copy?
    case BO_Assign:
      return IsLHS ? Neutral : storedUse(BO->getLHS());
    case BO_AddAssign:
    case BO_SubAssign:
      return IsLHS ? classify(BO) : Both;
    case BO_EQ:
    case BO_NE:
    case BO_LT:
    case BO_GT:
    case BO_LE:
    case BO_GE: {
      const Expr *Other = IsLHS ? BO->getRHS() : BO->getLHS();
      if (Other->IgnoreParenImpCasts()->isNullPointerConstant(
              Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull)
        return Neutral; // non-null either way
      return Both;
    }
    case BO_LAnd:
    case BO_LOr:
      return Neutral;
    case BO_Comma:
      return IsLHS ? Neutral : classify(BO);
    default:
      return Both;
    }
  }

  /// p stored into L: memory the host may read back keeps p's value (an
  /// escape); a variable of the region may be dereferenced later (both).
  UseKind storedUse(const Expr *L) {
    L = L->IgnoreParenImpCasts();
    if (const auto *DR = dyn_cast<DeclRefExpr>(L))
      if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
        if (VD->getType()->isPointerType() || VD->getType()->isReferenceType())
          return Both;
    return Escape;
  }

  ParentMap PM;
  const Stmt *Root;
  ASTContext &Ctx;
};

class RefFinder : public RecursiveASTVisitor<RefFinder> {
public:
  RefFinder(const ValueDecl *VD) : VD(VD) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == VD)
      Refs.push_back(E);
    return true;
  }
  const ValueDecl *VD;
  std::vector<const DeclRefExpr *> Refs;
};

/// The variables that a map, to or from clause names through a member or
/// an element (a section there is attached), or with a mapper.
class AttachedFinder : public RecursiveASTVisitor<AttachedFinder> {
public:
  AttachedFinder(std::set<const VarDecl *> &Out,
                 std::set<const VarDecl *> &Members, const Stmt *Current,
                 const Stmt *Scope)
      : Out(Out), Members(Members), Current(Current),
        PM(const_cast<Stmt *>(Scope)) {}
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    // Another target region attaches nothing the next one sees (and may
    // itself stay on the host).
    if (D != Current &&
        (!isOpenMPTargetDataManagementDirective(D->getDirectiveKind()) ||
         !inForce(D)))
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
  /// Whether what D maps is on the device whenever Current runs: a target
  /// data construct around it, or an enter data or update construct
  /// before it in an enclosing block with no exit data, and no label a
  /// jump could bypass D by, from D to the end of Current's statement
  /// there. (A construct later in the function attaches nothing here.)
  bool inForce(const OMPExecutableDirective *D) {
    if (isa<OMPTargetExitDataDirective>(D))
      return false; // it releases what it names
    const Stmt *Child = Current;
    for (const Stmt *P = PM.getParent(Child); P;
         Child = P, P = PM.getParent(P)) {
      if (P == D)
        return isa<OMPTargetDataDirective>(D);
      const auto *CS = dyn_cast<CompoundStmt>(P);
      if (!CS || isa<OMPTargetDataDirective>(D))
        continue;
      auto Pos = std::find(CS->body_begin(), CS->body_end(), Child);
      auto K = std::find(CS->body_begin(), Pos, D);
      if (Pos == CS->body_end() || K == Pos)
        continue;
      for (auto J = K + 1; J != Pos + 1; ++J)
        if (exitsOrJumps(*J))
          return false;
      return true;
    }
    return false;
  }
  static bool exitsOrJumps(const Stmt *S) {
    if (!S)
      return false;
    if (isa<OMPTargetExitDataDirective>(S) || isa<SwitchCase>(S) ||
        isa<LabelStmt>(S))
      return true;
    for (const Stmt *C : S->children())
      if (exitsOrJumps(C))
        return true;
    return false;
  }
  template <class R> void add(R Items, bool Mapper) {
    for (const Expr *E : Items) {
      const Expr *Bare = E->IgnoreParenImpCasts();
      const Expr *Root = Bare;
      bool Member = Mapper;
      while (true) {
        if (const auto *M = dyn_cast<MemberExpr>(Root)) {
          Root = M->getBase()->IgnoreParenImpCasts();
          Member = true;
        } else if (const auto *U = dyn_cast<UnaryOperator>(Root);
                   U && U->getOpcode() == UO_Deref)
          Root = U->getSubExpr()->IgnoreParenImpCasts();
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
      if (VD && Member)
        Members.insert(VD);
    }
  }
  std::set<const VarDecl *> &Out;
  std::set<const VarDecl *> &Members;
  const Stmt *Current;
  ParentMap PM;
};

/// Finds dereferences of pointers loaded from mapped aggregates.
class LoadedFinder : public RecursiveASTVisitor<LoadedFinder> {
public:
  LoadedFinder(const Stmt *Body, const Stmt *Current,
               const std::set<std::string> &Names,
               const std::set<std::string> &MemberNames)
      : Names(Names), MemberNames(MemberNames), Body(Body), Current(Current) {}
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
  /// A load of such a pointer that goes on to be dereferenced elsewhere
  /// (`int *t = s.p; t[0] = 1;`, `f(s.p)`).
  bool VisitImplicitCastExpr(ImplicitCastExpr *IC) {
    // A function's address goes through the table of indirect functions.
    if (IC->getCastKind() == CK_LValueToRValue &&
        !IC->getType()->isFunctionPointerType())
      check(IC->getSubExpr(), IC, /*Flow=*/true);
    return true;
  }
  SourceLocation Where;
  std::string What;
  std::set<const VarDecl *> Attached;
  std::set<const VarDecl *> AttachedMembers;

private:
  bool outside(const VarDecl *VD) const {
    SourceRange R = Body->getSourceRange();
    SourceLocation L = VD->getLocation();
    const SourceManager &SM = VD->getASTContext().getSourceManager();
    return !(SM.isBeforeInTranslationUnit(R.getBegin(), L) &&
             SM.isBeforeInTranslationUnit(L, R.getEnd()));
  }
  /// Whether the loaded pointer Load may reach a dereference through
  /// a copy or a call: a copy into a pointer variable that the region
  /// dereferences or passes on, or any other use that may do both
  /// (pointerValueUse's rules). Its value alone is the host's either way.
  bool flowsToDeref(const Expr *Load, ASTContext &Ctx) {
    if (!Uses)
      Uses = std::make_unique<Classifier>(Body, Ctx);
    if (Uses->classify(Load) != Both)
      return false;
    if (!Parents)
      Parents = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
    const Expr *Cur = Load;
    const Stmt *P = Parents->getParent(Cur);
    while (P && (isa<ParenExpr>(P) ||
                 (isa<CastExpr>(P) && keepsPointer(cast<CastExpr>(P))) ||
                 (isa<ConditionalOperator>(P) &&
                  cast<ConditionalOperator>(P)->getCond() != Cur) ||
                 (isa<BinaryOperator>(P) &&
                  cast<BinaryOperator>(P)->getType()->isPointerType() &&
                  cast<BinaryOperator>(P)->isAdditiveOp()))) {
      Cur = cast<Expr>(P);
      P = Parents->getParent(Cur);
    }
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
      if (BO->isComparisonOp() ||
          (BO->getOpcode() == BO_Sub && !BO->getType()->isPointerType()))
        return false; // compares or subtracts values only
    const VarDecl *Into = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(P))
      Into =
          DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
      if (BO->getOpcode() == BO_Assign && BO->getRHS() == Cur)
        if (const auto *D =
                dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
          Into = dyn_cast<VarDecl>(D->getDecl());
    if (!Into || !Into->getType()->isPointerType())
      return true;
    return pointerValueUse(Body, Into).Derefs;
  }
  /// The pointer E (a pointer-typed operand) as loaded storage: for a
  /// dereference At, or (Flow) the load At of E, reported where its value
  /// flows to a dereference.
  void check(const Expr *E, const Expr *At, bool Flow = false) {
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
    const MemberExpr *Member = nullptr;
    // A record reached through a pointer (sp->p, (*sp).p, sp[i].p) is the
    // device copy of what sp points to, which holds the host's pointer too.
    bool Through = false;
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (!M->getType()->isPointerType())
        return;
      Member = M;
      Root = throughRecords(M, Through);
      if (!Root)
        return;
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
          !Names.count(VD->getNameAsString()) &&
          (!Flow || flowsToDeref(At, VD->getASTContext()))) {
        Where = At->getBeginLoc();
        What = "the declare target pointer '" + VD->getNameAsString() + "'" +
               (Flow ? Passed : " is dereferenced");
      }
      return;
    } else {
      return;
    }
    const auto *D = dyn_cast<DeclRefExpr>(Root);
    const auto *VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (!VD || VD->getType()->isReferenceType() || (!outside(VD) && !Through))
      return;
    if (Through ? AttachedMembers.count(VD) ||
                      MemberNames.count(VD->getNameAsString())
                : Attached.count(VD) || Names.count(VD->getNameAsString()))
      return;
    // The region may first store a device address there itself.
    if (Flow ? !flowsToDeref(At, VD->getASTContext())
             : Member && storedDeviceAddress(Body, Current, Member, At))
      return;
    Where = At->getBeginLoc();
    What = (Through ? "a pointer held in what '" + VD->getNameAsString() +
                          "' points to"
                    : "a pointer held in '" + VD->getNameAsString() + "'") +
           (Flow ? Passed : " is dereferenced");
  }
  static constexpr const char *Passed =
      " is copied to a pointer that is dereferenced, or passed on";
  /// The variable expression under M's records: s of s.a.p, sp of
  /// sp->a.p, (*sp).p or sp[i].p (Through set); null for anything else
  /// (`this`, a call).
  static const Expr *throughRecords(const MemberExpr *M, bool &Through) {
    while (true) {
      if (M->isArrow()) {
        Through = true;
        return M->getBase()->IgnoreParenImpCasts();
      }
      const Expr *B = M->getBase()->IgnoreParenImpCasts();
      if (const auto *Inner = dyn_cast<MemberExpr>(B)) {
        M = Inner;
        continue;
      }
      const auto *U = dyn_cast<UnaryOperator>(B);
      const auto *A = dyn_cast<ArraySubscriptExpr>(B);
      Through = (U && U->getOpcode() == UO_Deref) ||
                (A && A->getBase()->getType()->isPointerType());
      if (U && Through)
        return U->getSubExpr()->IgnoreParenImpCasts();
      if (A && Through)
        return A->getBase()->IgnoreParenImpCasts();
      return B;
    }
  }
  const std::set<std::string> &Names;
  const std::set<std::string> &MemberNames;
  const Stmt *Body;
  const Stmt *Current;
  std::unique_ptr<Classifier> Uses;
  std::unique_ptr<ParentMap> Parents;
};

} // namespace

SourceLocation loadedPointerDeref(const Stmt *Body, const Stmt *Scope,
                                  const Stmt *Current,
                                  const std::set<std::string> &Attached,
                                  const std::set<std::string> &Members,
                                  std::string &What) {
  if (!Body)
    return {};
  LoadedFinder F(Body, Current, Attached, Members);
  if (Scope)
    AttachedFinder(F.Attached, F.AttachedMembers, Current, Scope)
        .TraverseStmt(const_cast<Stmt *>(Scope));
  F.TraverseStmt(const_cast<Stmt *>(Body));
  What = F.What;
  return F.Where;
}

PointerValueUse pointerValueUse(const Stmt *Body, const ValueDecl *VD) {
  PointerValueUse Out;
  if (!Body || !VD)
    return Out;
  RefFinder F(VD);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  Classifier C(Body, VD->getASTContext());
  for (const DeclRefExpr *E : F.Refs) {
    UseKind K = C.classify(E);
    Out.Derefs |= (K & Deref) != 0;
    if ((K & Escape) && !Out.Escapes) {
      Out.Escapes = true;
      Out.EscapeAt = E->getBeginLoc();
    }
  }
  return Out;
}

} // namespace omp2cuda
