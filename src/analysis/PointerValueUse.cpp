// Classifies each reference to a pointer variable by what its enclosing
// expressions do with the value: a translated pointer (implicit, or
// attached) holds the device copy's address where the host build holds the
// host's, so only dereferences, and observations that the translation
// keeps (p == q of two translated pointers), give the host build's answer.
#include "analysis/PointerValueUse.h"
#include "analysis/LoadedStore.h"

#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/OpenMPKinds.h"
#include <optional>
#include <set>

using namespace clang;

namespace omp2cuda {

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

namespace {

enum UseKind : unsigned { Neutral = 0, Deref = 1, Escape = 2, Both = 3 };

class RefFinder : public RecursiveASTVisitor<RefFinder> {
public:
  RefFinder(const ValueDecl *VD) : VD(VD) {}
  /// A nested construct's data-sharing clauses (clang adds implicit ones)
  /// give each thread the same value, and use none; a task's depend and
  /// affinity items name storage that orders or places tasks alike on
  /// every build.
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    for (const OMPClause *C : D->clauses())
      if (isa<OMPPrivateClause>(C) || isa<OMPFirstprivateClause>(C) ||
          isa<OMPSharedClause>(C) || isa<OMPLastprivateClause>(C) ||
          isa<OMPDependClause>(C) || isa<OMPAffinityClause>(C))
        for (const Stmt *Child : const_cast<OMPClause *>(C)->children())
          share(Child);
    return true;
  }
  void share(const Stmt *S) {
    if (!S)
      return;
    Sharing.insert(S);
    for (const Stmt *Child : S->children())
      share(Child);
  }
  /// Nor do the references a captured statement lists for its captures.
  bool VisitCapturedStmt(CapturedStmt *CS) {
    for (const Expr *Init : CS->capture_inits())
      Sharing.insert(Init);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == VD && !Sharing.count(E))
      Refs.push_back(E);
    return true;
  }
  const ValueDecl *VD;
  std::vector<const DeclRefExpr *> Refs;
  std::set<const Stmt *> Sharing;
};

/// The pointer variables that a body uses and does not declare.
class PeerFinder : public RecursiveASTVisitor<PeerFinder> {
public:
  explicit PeerFinder(const Stmt *Body) : Body(Body) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    if (!VD || !VD->getType()->isPointerType() || VD->hasGlobalStorage())
      return true;
    if (!declaredIn(VD, Body))
      Found.insert(VD);
    return true;
  }
  std::set<const ValueDecl *> Found;

private:
  const Stmt *Body;
};

/// A use's kind and, for an escape, where the value escapes (At) and where
/// the host build sees it (SeenAt, PointerValueUse::SeenAt).
struct Found {
  unsigned K = Neutral;
  SourceLocation At;
  SourceLocation SeenAt;
};

/// Library functions that read or write through their pointer arguments
/// and keep none of them (a result that returns one is followed).
bool derefOnlyLibrary(const FunctionDecl *FD) {
  switch (FD->getBuiltinID()) {
  case Builtin::BImemcpy:
  case Builtin::BImemmove:
  case Builtin::BImemset:
  case Builtin::BImemcmp:
  case Builtin::BIstrlen:
  case Builtin::BIstrcmp:
  case Builtin::BIstrncmp:
  case Builtin::BIstrcpy:
  case Builtin::BIstrncpy:
  case Builtin::BI__builtin_memcpy:
  case Builtin::BI__builtin_memmove:
  case Builtin::BI__builtin_memset:
    return true;
  default:
    return false;
  }
}

/// The uses of one pointer variable in one body (a region's, or a
/// function's that the region calls). A copy into a local pointer of the
/// same body is followed, as is an argument into a defined callee's
/// parameter; a comparison or difference with a pointer the translation
/// moves alike (a mapped array, another captured pointer that does not
/// escape, a local derived from them) keeps the host's answer.
class Classifier {
public:
  Classifier(const Stmt *Body, ASTContext &Ctx, unsigned Depth,
             std::set<const ValueDecl *> &Busy)
      : PM(const_cast<Stmt *>(Body)), Root(Body), Ctx(Ctx), Depth(Depth),
        Busy(Busy) {}

  /// Every use of VD in the body. A variable already being followed counts
  /// as not escaping here: its own other uses decide.
  PointerValueUse useOf(const ValueDecl *VD) {
    PointerValueUse Out;
    if (!Origin)
      Origin = VD;
    if (!Busy.insert(VD).second)
      return Out;
    RefFinder F(VD);
    F.TraverseStmt(const_cast<Stmt *>(Root));
    // A reference names its object: `int &n` is used as n's address only
    // where that is taken, as for the object itself.
    QualType T = VD->getType().getNonReferenceType();
    bool Object = !T->isPointerType() && !T->isArrayType() &&
                  !T->isDependentType();
    for (const DeclRefExpr *E : F.Refs) {
      if (unevaluated(E))
        continue;
      Found U = Object ? addressUse(E) : classify(E);
      Out.Derefs |= (U.K & Deref) != 0;
      if (Out.SeenAt.isInvalid())
        Out.SeenAt = U.SeenAt;
      if ((U.K & Escape) && !Out.Escapes) {
        Out.Escapes = true;
        Out.EscapeAt = U.At.isValid() ? U.At : E->getBeginLoc();
      }
    }
    Busy.erase(VD);
    Out.ApartAt = ApartAt;
    return Out;
  }

  /// What the expressions around E do with it.
  bool derefs(const Expr *E) { return (classify(E).K & Deref) != 0; }

private:
  static Found kind(unsigned K) { return {K, {}, {}}; }
  static Found add(Found F, unsigned K) {
    F.K |= K;
    return F;
  }
  /// F, and the host build sees the value at Where (an escape too).
  static Found seen(Found F, SourceLocation Where) {
    F.K |= Escape;
    if (F.SeenAt.isInvalid())
      F.SeenAt = Where;
    return F;
  }

  /// What the expressions around E (a pointer derived from the variable)
  /// do with it.
  Found classify(const Expr *E) {
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
        if (K == CK_PointerToBoolean || K == CK_ToVoid)
          return kind(Neutral);
        QualType To = CE->getType();
        // An array's const view (`const int (&)[8]`): the same array.
        if (K == CK_NoOp && To->isArrayType()) {
          Cur = CE;
          continue;
        }
        // Another pointer to the same place (a base class's): where the
        // host sees it still counts.
        if (To->isPointerType())
          if (SourceLocation At = classify(CE).SeenAt; At.isValid())
            return seen(kind(Escape), At);
        // An integer, __builtin_bit_cast's value, a union: the address's
        // bits, which the host may read.
        if (To->isPointerType() || To->isDependentType())
          return kind(Escape);
        return seen(kind(Escape), CE->getBeginLoc());
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
        switch (UO->getOpcode()) {
        case UO_Deref:
          return pointee(UO);
        case UO_LNot:
          return kind(Neutral);
        case UO_AddrOf:
          // &a of an array: its first element's address, as a pointer.
          // &p of a pointer: anything may read p through it.
          if (!Cur->getType()->isArrayType())
            return seen(kind(Both), UO->getBeginLoc());
          Cur = UO;
          continue;
        case UO_PreInc:
        case UO_PreDec:
        case UO_PostInc:
        case UO_PostDec:
          Cur = UO; // the result is the pointer still
          continue;
        default:
          // +p, __extension__ p: the pointer still.
          if (UO->getType()->isPointerType()) {
            Cur = UO;
            continue;
          }
          return seen(kind(Both), UO->getBeginLoc());
        }
      }
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(P))
        return subscriptBase(AS) == Cur->IgnoreParenImpCasts() ? pointee(AS)
                                                               : kind(Both);
      if (const auto *ME = dyn_cast<MemberExpr>(P))
        return ME->isArrow() ? pointee(ME) : kind(Both);
      if (const auto *BO = dyn_cast<BinaryOperator>(P))
        return binaryUse(BO, Cur);
      if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
        if (CO->getCond() == Cur)
          return kind(Neutral);
        Cur = CO;
        continue;
      }
      if (isa<UnaryExprOrTypeTraitExpr>(P))
        return kind(Neutral);
      if (const Expr *Same = samePointer(P, Cur)) {
        Cur = Same;
        continue;
      }
      if (isUnevaluatedBranch(P))
        return kind(Neutral);
      if (const auto *Call = dyn_cast<CallExpr>(P))
        return argumentUse(Call, Cur);
      if (const auto *DS = dyn_cast<DeclStmt>(P))
        return initialised(DS, Cur);
      // An aggregate's member or element: seen where the host may read it.
      if (isa<InitListExpr>(P) || isa<CXXParenListInitExpr>(P) ||
          isa<CXXConstructExpr>(P))
        return aggregateUse(cast<Expr>(P), Cur);
      if (const auto *LE = dyn_cast<LambdaExpr>(P))
        return captured(LE, Cur);
      // A callee's result: its caller follows the call (argumentUse); a
      // lambda's, the lambda's calls.
      if (const auto *RS = dyn_cast<ReturnStmt>(P))
        return lambdaResult(RS, Cur);
      // A statement of its own (`p++;`, a loop's increment).
      if (!isa<Expr>(P) && !isa<AsmStmt>(P))
        return kind(Neutral);
      // An asm operand, or an expression not known to keep it from the
      // host.
      return seen(kind(Both), Cur->getBeginLoc());
    }
    return kind(Cur == Root ? Neutral : Both);
  }

  /// The first parent of Cur past parentheses and `.f` accesses (the same
  /// object or a part of it), Cur moved up to its child.
  const Stmt *climbSameObject(const Expr *&Cur) {
    while (const Stmt *P = PM.getParent(Cur)) {
      const auto *ME = dyn_cast<MemberExpr>(P);
      if (!isa<ParenExpr>(P) &&
          !(ME && !ME->isArrow() && ME->getBase() == Cur))
        return P;
      Cur = cast<Expr>(P);
    }
    return nullptr;
  }

  /// The parent P of Cur when it gives the same pointer: a temporary bound
  /// to a reference, a full expression, a statement expression's result,
  /// _Generic's or __builtin_choose_expr's chosen operand,
  /// __builtin_assume_aligned's or __builtin_launder's result.
  const Expr *samePointer(const Stmt *P, const Expr *Cur) const {
    if (isa<MaterializeTemporaryExpr>(P) || isa<FullExpr>(P))
      return cast<Expr>(P);
    if (const auto *CS = dyn_cast<CompoundStmt>(P))
      if (const auto *SE = dyn_cast_or_null<StmtExpr>(PM.getParent(CS));
          SE && !CS->body_empty() && CS->body_back() == Cur)
        return SE;
    if (const auto *GS = dyn_cast<GenericSelectionExpr>(P))
      if (!GS->isResultDependent() && GS->getResultExpr() == Cur)
        return GS;
    if (const auto *CE = dyn_cast<ChooseExpr>(P))
      if (CE->isConditionDependent() || CE->getChosenSubExpr() == Cur)
        return CE;
    if (const auto *Call = dyn_cast<CallExpr>(P)) {
      unsigned ID = Call->getBuiltinCallee();
      if ((ID == Builtin::BI__builtin_assume_aligned ||
           ID == Builtin::BI__builtin_launder) &&
          Call->getNumArgs() > 0 && Call->getArg(0) == Cur)
        return Call;
    }
    return nullptr;
  }

  /// An operand never evaluated: _Generic's controlling one or another
  /// association's, __builtin_choose_expr's other, noexcept's.
  static bool isUnevaluatedBranch(const Stmt *P) {
    return isa<GenericSelectionExpr>(P) || isa<ChooseExpr>(P) ||
           isa<CXXNoexceptExpr>(P);
  }

  /// Whether E lies in such an operand, or sizeof's (`sizeof((long)p)`),
  /// however deep: its uses do nothing.
  bool unevaluated(const Expr *E) const {
    const Stmt *Cur = E;
    while (const Stmt *P = PM.getParent(Cur)) {
      if (const auto *UE = dyn_cast<UnaryExprOrTypeTraitExpr>(P);
          UE && !UE->getTypeOfArgument()->isVariableArrayType())
        return true;
      if (isUnevaluatedBranch(P) && !samePointer(P, cast<Expr>(Cur)))
        return true;
      Cur = P;
    }
    return false;
  }

  /// Cur as a lambda's capture: a copy in the closure (or a reference)
  /// whose uses in its body are the variable's own; an init-capture's
  /// variable is followed.
  Found captured(const LambdaExpr *LE, const Expr *Cur) {
    const Expr *const *Init = LE->capture_init_begin();
    for (const LambdaCapture &C : LE->captures()) {
      if (*Init++ != Cur)
        continue;
      const auto *VD = C.capturesVariable()
                           ? dyn_cast<VarDecl>(C.getCapturedVar())
                           : nullptr;
      if (!VD || !VD->isInitCapture())
        return kind(Neutral);
      if (std::optional<Found> F = pointerCopy(VD, true))
        return *F;
      break;
    }
    return seen(kind(Both), Cur->getBeginLoc());
  }

  /// Cur returned by a lambda of the body: what its calls' results do
  /// (the lambda called where it stands, or a local variable holding it
  /// that is only called); seen where it may be called from elsewhere.
  Found lambdaResult(const ReturnStmt *RS, const Expr *Cur) {
    const Stmt *S = RS;
    while (S && !isa<LambdaExpr>(S))
      S = PM.getParent(S);
    const auto *LE = dyn_cast_or_null<LambdaExpr>(S);
    if (!LE && Depth > 0) {
      Returns = true; // a callee's: its caller follows the call
      return kind(Both);
    }
    std::vector<const Expr *> Calls;
    if (!LE || !lambdaCalls(LE, Calls))
      return seen(kind(Both), Cur->getBeginLoc());
    Found Out = kind(Both);
    if (!Following.insert(LE).second)
      return Out;
    for (const Expr *Call : Calls)
      if (SourceLocation At = classify(Call).SeenAt; At.isValid())
        Out = seen(Out, At);
    Following.erase(LE);
    return Out;
  }

  /// The calls of LE: `[..]{..}()`, or `f()` of `auto f = [..]{..};` where
  /// f is used only so. False when it is used otherwise.
  bool lambdaCalls(const LambdaExpr *LE, std::vector<const Expr *> &Calls) {
    auto CalledAs = [&](const Expr *E) {
      const Stmt *P = PM.getParent(E);
      while (isa_and_nonnull<ImplicitCastExpr>(P) ||
             isa_and_nonnull<ParenExpr>(P) ||
             isa_and_nonnull<MaterializeTemporaryExpr>(P)) {
        E = cast<Expr>(P);
        P = PM.getParent(E);
      }
      const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(P);
      if (!OC || OC->getOperator() != OO_Call || OC->getArg(0) != E)
        return false;
      Calls.push_back(OC);
      return true;
    };
    if (CalledAs(LE))
      return true;
    const auto *DS = dyn_cast_or_null<DeclStmt>(PM.getParent(LE));
    const auto *VD = DS && DS->isSingleDecl()
                         ? dyn_cast<VarDecl>(DS->getSingleDecl())
                         : nullptr;
    if (!VD || VD->getInit() != LE || VD->getType()->isReferenceType())
      return false;
    RefFinder F(VD);
    F.TraverseStmt(const_cast<Stmt *>(Root));
    for (const DeclRefExpr *R : F.Refs)
      if (!CalledAs(R))
        return false;
    return true;
  }

  /// What the body does with the address of E's object (a variable that
  /// is no pointer, nor an array): `&x`, `&x.f`, `x.arr` decayed. Its other
  /// uses read or write the object itself, and are neutral here.
  Found addressUse(const Expr *E) {
    const Expr *Cur = E;
    while (const Stmt *P = climbSameObject(Cur)) {
      const auto *IC = dyn_cast<ImplicitCastExpr>(P);
      if (IC && IC->getCastKind() == CK_ArrayToPointerDecay) {
        // x.a[i]: an element, whose address may be taken in turn.
        if (const auto *AS =
                dyn_cast_or_null<ArraySubscriptExpr>(PM.getParent(IC));
            AS && subscriptBase(AS) == Cur->IgnoreParenImpCasts()) {
          Cur = AS;
          continue;
        }
        return classify(IC);
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(P);
          UO && UO->getOpcode() == UO_AddrOf)
        return classify(UO);
      break;
    }
    return kind(Neutral);
  }

  /// The pointer of a[i] or i[a]; getBase() takes a template's dependent
  /// index for it.
  static const Expr *subscriptBase(const ArraySubscriptExpr *AS) {
    const Expr *L = AS->getLHS()->IgnoreParenImpCasts();
    const Expr *R = AS->getRHS()->IgnoreParenImpCasts();
    if (L->getType()->isPointerType() || L->getType()->isArrayType())
      return L;
    if (R->getType()->isPointerType() || R->getType()->isArrayType())
      return R;
    return AS->getBase()->IgnoreParenImpCasts();
  }

  /// The object that E (*p, p[i], p->f) designates: a dereference, unless
  /// its address is taken again (&p[i], &p->f.g) or, an array, it decays
  /// (p[i] of int (*p)[4]), which gives a pointer derived from p.
  Found pointee(const Expr *E) {
    const Expr *Cur = E;
    while (const Stmt *P = climbSameObject(Cur)) {
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(P);
          AS && Cur->getType()->isArrayType()) {
        Cur = AS;
        continue;
      }
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(P);
          IC && IC->getCastKind() == CK_ArrayToPointerDecay)
        return add(classify(IC), Deref);
      if (const auto *UO = dyn_cast<UnaryOperator>(P);
          UO && UO->getOpcode() == UO_AddrOf)
        return add(classify(UO), Deref);
      break;
    }
    return kind(Deref);
  }

  /// Whether E's value is moved by the translation as the variable's is,
  /// so that p == E gives the host's answer: null, an address the runtime
  /// looks up as it looks p up (a mapped array, a captured pointer that
  /// does not escape, a local of the body so derived), or the address of
  /// another object. Strict (for p < E and p - E, which also need the same
  /// mapping): null, or derived from the variable itself only.
  bool movesAlike(const Expr *E, bool Strict, unsigned Steps = 0) {
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
    if (VD == Origin || Checking.count(VD))
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

  bool inBody(const Decl *D) const { return declaredIn(D, Root); }

  Found binaryUse(const BinaryOperator *BO, const Expr *Cur) {
    bool IsLHS = BO->getLHS() == Cur;
    const Expr *Other = IsLHS ? BO->getRHS() : BO->getLHS();
    Found F = binaryKind(BO, Cur, Other);
    bool Compares = BO->isComparisonOp() || (BO->getOpcode() == BO_Sub &&
                                             !BO->getType()->isPointerType());
    if (!Compares || !(F.K & Escape))
      return F;
    if (ApartAt.isInvalid())
      ApartAt = Cur->getBeginLoc();
    return seen(F, Cur->getBeginLoc());
  }

  Found binaryKind(const BinaryOperator *BO, const Expr *Cur,
                   const Expr *Other) {
    bool IsLHS = BO->getLHS() == Cur;
    switch (BO->getOpcode()) {
    case BO_Add:
    case BO_Sub:
      // A template's p + n has a dependent type: still a pointer.
      if (BO->getType()->isPointerType() ||
          (BO->isTypeDependent() &&
           (BO->getOpcode() == BO_Add ||
            Other->getType()->isIntegralOrEnumerationType())))
        return classify(BO);
      // p - q: the same distance on both copies when q moves alike; p - 0
      // is p's address itself (review rV: `d = a - (int *)0`).
      if (Other->IgnoreParenCasts()->isNullPointerConstant(
              Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull)
        return kind(Escape);
      return kind(movesAlike(Other, true) ? Neutral : Escape);
    case BO_Assign:
      return IsLHS ? kind(Neutral) : storedUse(BO, BO->getLHS());
    case BO_AddAssign:
    case BO_SubAssign:
      return IsLHS ? classify(BO) : kind(Both);
    case BO_EQ:
    case BO_NE:
      // Against null, or a pointer moved alike, the host's answer.
      return kind(movesAlike(Other, false) ? Neutral : Escape);
    case BO_LT:
    case BO_GT:
    case BO_LE:
    case BO_GE:
      return kind(movesAlike(Other, true) ? Neutral : Escape);
    case BO_LAnd:
    case BO_LOr:
      return kind(Neutral);
    case BO_Comma:
      return IsLHS ? kind(Neutral) : classify(BO);
    default:
      return kind(Both);
    }
  }

  /// A pointer variable (a local of the body, or a captured one: its
  /// value is the region's own, or a mapped one that comes back translated
  /// to the host) whose own uses decide; not one with static storage.
  std::optional<Found> pointerCopy(const ValueDecl *D, bool Bound = false) {
    const auto *VD = dyn_cast_or_null<VarDecl>(D);
    QualType T = VD ? VD->getType() : QualType();
    // Bound: a local reference bound to the value (`int *const &r = p;`,
    // `auto &r = a;`), whose uses are the value's.
    bool Ref = Bound && T->isReferenceType() &&
               (T->getPointeeType()->isPointerType() ||
                T->getPointeeType()->isArrayType());
    if (!VD || !(T->isPointerType() || Ref) || VD->hasGlobalStorage())
      return std::nullopt;
    PointerValueUse U = useOf(VD);
    return Found{(U.Derefs ? Deref : Neutral) | (U.Escapes ? Escape : Neutral),
                 U.EscapeAt, U.SeenAt};
  }

  /// p stored into L: memory the host may read back keeps p's value (an
  /// escape); a pointer variable is followed; a reference may be
  /// dereferenced later (both).
  Found storedUse(const BinaryOperator *BO, const Expr *L) {
    L = L->IgnoreParenImpCasts();
    if (const auto *DR = dyn_cast<DeclRefExpr>(L)) {
      if (std::optional<Found> F = pointerCopy(DR->getDecl())) {
        // The assignment's own value is p too: `*(r = p)`.
        Found Here = classify(BO);
        return {F->K | Here.K, F->At.isValid() ? F->At : Here.At,
                F->SeenAt.isValid() ? F->SeenAt : Here.SeenAt};
      }
      if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
        if (VD->getType()->isReferenceType())
          return seen(kind(Both), BO->getBeginLoc());
    }
    // Into a record's member that the region puts back before the host can
    // see it: the region loads it to reach the pointee (LoadedPointers.cpp
    // checks those loads), so it needs the device address. What it loads
    // may still go where the host sees it.
    if (Depth == 0 && isa<MemberExpr>(L) && storeHiddenFromHost(Root, BO))
      if (std::optional<Found> F = loadsOfStore(BO))
        return add(*F, Deref);
    // Into a record that never goes back to the host (a local, a private
    // one): the same.
    if (Depth == 0 && unseenRecord(L))
      if (std::optional<Found> F = loadsOfStore(BO))
        return add(*F, Escape);
    return seen(kind(Escape), BO->getBeginLoc());
  }

  /// p in `S l = {p, 8};`, `S l(p, 8);` or `W w(p);` (a constructor may
  /// keep it in a member): a local record of the body is followed through
  /// the loads of its pointer members; anything else (a temporary assigned
  /// or passed on, a global) is seen.
  Found aggregateUse(const Expr *Agg, const Expr *Cur) {
    const Stmt *Top = Agg;
    while (const Stmt *P = PM.getParent(Top)) {
      if (!isa<InitListExpr>(P) && !isa<CXXParenListInitExpr>(P) &&
          !isa<ExprWithCleanups>(P) && !isa<CXXFunctionalCastExpr>(P) &&
          !isa<CXXBindTemporaryExpr>(P))
        break;
      Top = P;
    }
    const auto *DS = dyn_cast_or_null<DeclStmt>(PM.getParent(Top));
    const auto *VD = DS && DS->isSingleDecl()
                         ? dyn_cast<VarDecl>(DS->getSingleDecl())
                         : nullptr;
    std::vector<const Expr *> Loads;
    if (Depth > 0 || !VD || VD->getInit() != Top || !inBody(VD) ||
        VD->hasGlobalStorage() || !VD->getType()->isRecordType() ||
        !Following.insert(VD).second)
      return seen(kind(Both), Cur->getBeginLoc());
    Found Out = kind(Both);
    if (!recordPointerLoads(Root, VD, Loads))
      Out = seen(Out, Cur->getBeginLoc());
    for (const Expr *Load : Loads)
      if (SourceLocation At = classify(Load).SeenAt; At.isValid())
        Out = seen(Out, At);
    Following.erase(VD);
    return Out;
  }

  /// Whether L (`s.f.g`) is a member of a record variable whose storage the
  /// host never reads: a local of the body, or one of Unseen.
  bool unseenRecord(const Expr *L) const {
    const auto *ME = dyn_cast<MemberExpr>(L);
    while (ME && !ME->isArrow()) {
      L = ME->getBase()->IgnoreParens();
      ME = dyn_cast<MemberExpr>(L);
    }
    const auto *DR = dyn_cast<DeclRefExpr>(L);
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    if (ME || !VD || VD->getType()->isReferenceType())
      return false;
    return Unseen.count(VD) || (inBody(VD) && !VD->hasGlobalStorage());
  }

  /// Where the host sees what Store put in a member, through the loads of
  /// that member that may follow it; none when its record is used other
  /// than through its scalar members.
  std::optional<Found> loadsOfStore(const BinaryOperator *Store) {
    std::vector<const Expr *> Loads;
    if (!memberLoadsAfter(Root, Store, Loads))
      return std::nullopt;
    Found Out = kind(Neutral);
    if (!Following.insert(Store).second)
      return Out;
    for (const Expr *Load : Loads)
      if (SourceLocation At = classify(Load).SeenAt; At.isValid())
        Out = seen(Out, At);
    Following.erase(Store);
    return Out;
  }

  /// `int *r = p;`: followed through r when r is a plain local pointer.
  Found initialised(const DeclStmt *DS, const Expr *Cur) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit() == Cur)
        if (std::optional<Found> F = pointerCopy(VD, true))
          return *F;
    // A static local keeps it for the host's later calls; a variable of
    // another kind may hold it where the host reads it.
    return seen(kind(Both), Cur->getBeginLoc());
  }

  /// p passed to a call: a defined function's parameter is followed in its
  /// body; a library function that only reaches the pointee dereferences.
  Found argumentUse(const CallExpr *Call, const Expr *Cur) {
    const FunctionDecl *FD = Call->getDirectCallee();
    unsigned I = 0, N = Call->getNumArgs();
    while (I < N && Call->getArg(I) != Cur)
      ++I;
    // The callee itself: a call through it shows no address.
    if (I == N)
      return kind(Both);
    if (!FD)
      return seen(kind(Both), Call->getBeginLoc());
    // An operator method's object is its first argument (a lambda's `f(p)`).
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (isa<CXXOperatorCallExpr>(Call) && MD &&
        MD->isImplicitObjectMemberFunction()) {
      if (I == 0)
        return kind(Both);
      --I;
    }
    if (derefOnlyLibrary(FD))
      return Call->getType()->isPointerType() ? add(classify(Call), Deref)
                                              : kind(Deref);
    // A library function's or a variadic argument (printf's "%p", whose
    // output docs/host-fallback.md lets differ) is unchanged.
    const FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) || I >= Def->getNumParams())
      return kind(Both);
    // A parameter of another type, or a call too deep to follow, may keep
    // it where the host reads it.
    QualType PT = Def->getParamDecl(I)->getType();
    if (PT->isReferenceType())
      PT = PT->getPointeeType();
    if (Depth >= 4 || !(PT->isPointerType() || PT->isArrayType()))
      return seen(kind(Both), Call->getBeginLoc());
    Classifier Callee(Def->getBody(), Ctx, Depth + 1, Busy);
    PointerValueUse U = Callee.useOf(Def->getParamDecl(I));
    // Where the callee lets it escape, the region's call is the place.
    Found F =
        kind((U.Derefs ? Deref : Neutral) | (U.Escapes ? Escape : Neutral));
    if (U.SeenAt.isValid())
      F = seen(F, Call->getBeginLoc());
    if (Callee.Returns)
      if (SourceLocation At = classify(Call).SeenAt; At.isValid())
        F = seen(F, At);
    return F;
  }

  ParentMap PM;
  const Stmt *Root;
  ASTContext &Ctx;
  unsigned Depth;
  std::set<const ValueDecl *> &Busy;
  const ValueDecl *Origin = nullptr; ///< the variable first asked about
  SourceLocation ApartAt;            ///< PointerValueUse::ApartAt
  bool Returns = false; ///< a callee returns the value (or one derived)
  /// Stores and records whose loads are being followed.
  std::set<const void *> Following;

public:
  /// The captured pointers taken to keep the host's value (they escape):
  /// a comparison with one is not one between translated pointers.
  std::set<const ValueDecl *> Untranslated;
  /// pointerValueUse's Unseen.
  std::set<const ValueDecl *> Unseen;

private:
  std::set<const ValueDecl *> Checking; ///< locals movesAlike is reading
};

} // namespace

bool holdsDeviceAllocation(const ValueDecl *VD, const Stmt *Scope) {
  const auto *Var = dyn_cast_or_null<VarDecl>(VD);
  if (!Var || !Scope || Var->hasGlobalStorage() || isa<ParmVarDecl>(Var))
    return false;
  auto Allocation = [](const Expr *E) {
    const auto *Call = E ? dyn_cast<CallExpr>(E->IgnoreParenCasts()) : nullptr;
    const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
    return FD && FD->getIdentifier() && FD->getName() == "omp_target_alloc";
  };
  const Expr *Init = Var->getInit();
  if (Init && !Allocation(Init) &&
      Init->isNullPointerConstant(Var->getASTContext(),
                                  Expr::NPC_ValueDependentIsNotNull) ==
          Expr::NPCK_NotNull)
    return false;
  bool Allocated = Allocation(Init);
  // Every other write: `v = omp_target_alloc(...)`; anything else (an
  // address taken, arithmetic, another value) may hold a host address.
  RefFinder F(Var);
  F.TraverseStmt(const_cast<Stmt *>(Scope));
  ParentMap PM(const_cast<Stmt *>(Scope));
  for (const DeclRefExpr *R : F.Refs) {
    const Stmt *P = PM.getParent(R);
    while (P && isa<ParenExpr>(P))
      P = PM.getParent(P);
    if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P);
        IC && IC->getCastKind() == CK_LValueToRValue)
      continue;
    const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
    if (!BO || BO->getOpcode() != BO_Assign || !Allocation(BO->getRHS()))
      return false;
    Allocated = true;
  }
  return Allocated;
}

bool declaredIn(const Decl *D, const Stmt *Body) {
  const SourceManager &SM = D->getASTContext().getSourceManager();
  return SM.isPointWithin(D->getLocation(), Body->getBeginLoc(),
                          Body->getEndLoc());
}

bool mayDeref(const Stmt *Body, const Expr *E, ASTContext &Ctx) {
  if (!Body || !E)
    return false;
  std::set<const ValueDecl *> Busy;
  return Classifier(Body, Ctx, 0, Busy).derefs(E);
}

PointerValueUse pointerValueUse(const Stmt *Body, const ValueDecl *VD,
                                const std::set<const ValueDecl *> &Translated,
                                const std::set<const ValueDecl *> &Unseen) {
  if (!Body || !VD)
    return {};
  // Which captured pointers keep the host's value depends on which others
  // do (p == q is the host's answer when both or neither are translated):
  // start from none and add those that escape until none is added. A
  // pointer the translation moves whatever its uses (a section's base) is
  // never among them: its escapes keep the region on the host instead.
  PeerFinder Peers(Body);
  Peers.TraverseStmt(const_cast<Stmt *>(Body));
  for (const ValueDecl *D : Translated)
    Peers.Found.erase(D);
  std::set<const ValueDecl *> Busy, Untranslated;
  ASTContext &Ctx = VD->getASTContext();
  for (bool Added = true; Added;) {
    Added = false;
    for (const ValueDecl *Peer : Peers.Found) {
      if (Untranslated.count(Peer))
        continue;
      Classifier C(Body, Ctx, 0, Busy);
      C.Untranslated = Untranslated;
      C.Unseen = Unseen;
      if (C.useOf(Peer).Escapes)
        Added = Untranslated.insert(Peer).second;
    }
  }
  Classifier C(Body, Ctx, 0, Busy);
  C.Untranslated = std::move(Untranslated);
  C.Unseen = Unseen;
  return C.useOf(VD);
}

} // namespace omp2cuda
