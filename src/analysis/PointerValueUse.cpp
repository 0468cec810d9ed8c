// Classifies each reference to a pointer variable by what its enclosing
// expressions do with the value: a translated pointer (implicit, or
// attached) holds the device copy's address where the host build holds the
// host's, so only dereferences, and observations that the translation
// keeps (p == q of two translated pointers), give the host build's answer.
#include "analysis/PointerValueUse.h"
#include "analysis/LoadedStore.h"
#include "analysis/PointerClassifier.h"

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

} // namespace

namespace pvu {

/// Every use of VD in the body. A variable already being followed counts
/// as not escaping here: its own other uses decide.
PointerValueUse Classifier::useOf(const ValueDecl *VD) {
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
  bool Object =
      !T->isPointerType() && !T->isArrayType() && !T->isDependentType();
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

/// What the expressions around E (a pointer derived from the variable)
/// do with it.
Found Classifier::classify(const Expr *E) {
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
      // A base's or a derived class's pointer: the same object, moved
      // alike (review ldb v33: `Base *b = p; b->x = 50;` took the host's
      // address and wrote through it).
      if (K == CK_DerivedToBase || K == CK_UncheckedDerivedToBase ||
          K == CK_BaseToDerived) {
        Cur = CE;
        continue;
      }
      // Another pointer to the same place: what it does, and an escape.
      if (To->isPointerType())
        return add(classify(CE), Escape);
      // An integer: the address's bits, which may become the pointer again.
      if (K == CK_PointerToIntegral)
        return seen(integerUse(CE), CE->getBeginLoc());
      if (To->isDependentType())
        return kind(Escape);
      // __builtin_bit_cast's value, a union: anything may read it back.
      return seen(kind(Both), CE->getBeginLoc());
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
    // GNU's __atomic_* forms read and write what their pointers point to
    // (the object, an expected value); a pointer stored as the value goes
    // where the object is.
    if (const auto *AE = dyn_cast<AtomicExpr>(P))
      return AE->getPtr() == Cur ||
                     !AE->getPtr()->getType()->getPointeeType()->isPointerType()
                 ? kind(Deref)
                 : seen(kind(Both), Cur->getBeginLoc());
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
const Stmt *Classifier::climbSameObject(const Expr *&Cur) {
  while (const Stmt *P = PM.getParent(Cur)) {
    const auto *ME = dyn_cast<MemberExpr>(P);
    if (!isa<ParenExpr>(P) && !(ME && !ME->isArrow() && ME->getBase() == Cur))
      return P;
    Cur = cast<Expr>(P);
  }
  return nullptr;
}

/// The parent P of Cur when it gives the same pointer: a temporary bound
/// to a reference, a full expression, a statement expression's result,
/// _Generic's or __builtin_choose_expr's chosen operand,
/// __builtin_assume_aligned's or __builtin_launder's result.
const Expr *Classifier::samePointer(const Stmt *P, const Expr *Cur) const {
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
bool Classifier::isUnevaluatedBranch(const Stmt *P) {
  return isa<GenericSelectionExpr>(P) || isa<ChooseExpr>(P) ||
         isa<CXXNoexceptExpr>(P);
}

/// Whether E lies in such an operand, or sizeof's (`sizeof((long)p)`),
/// however deep: its uses do nothing.
bool Classifier::unevaluated(const Expr *E) const {
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

/// What the body does with the address of E's object (a variable that
/// is no pointer, nor an array): `&x`, `&x.f`, `x.arr` decayed. Its other
/// uses read or write the object itself, and are neutral here.
Found Classifier::addressUse(const Expr *E) {
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
const Expr *Classifier::subscriptBase(const ArraySubscriptExpr *AS) {
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
Found Classifier::pointee(const Expr *E) {
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

Found Classifier::binaryUse(const BinaryOperator *BO, const Expr *Cur) {
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

Found Classifier::binaryKind(const BinaryOperator *BO, const Expr *Cur,
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
    // Against null or a pointer of the same lookup, the host's answer;
    // against another lookup's only where neither has moved from it: the
    // end of one item's copy may be the start of another's on either
    // build, not on both (review a8/a9: `p + 2 == q`).
    if (movesAlike(Other, true))
      return kind(Neutral);
    return kind(movesAlike(Other, false) && atLookup(Cur) && atLookup(Other)
                    ? Neutral
                    : Escape);
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

} // namespace pvu

using pvu::Classifier;
using pvu::RefFinder;

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

const VarDecl *namedVarOf(const Expr *E) {
  const auto *D =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
}

bool namesVariable(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return false;
  if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == VD)
    return true;
  for (const Stmt *C : S->children())
    if (namesVariable(C, VD))
      return true;
  return false;
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

SourceLocation valueSeenAt(const Stmt *Body, const Expr *E, ASTContext &Ctx,
                           const std::function<bool(const Expr *)> &KeptSlot) {
  if (!Body || !E)
    return {};
  std::set<const ValueDecl *> Busy;
  Classifier C(Body, Ctx, 0, Busy);
  C.KeptSlot = KeptSlot;
  return C.seenAt(E);
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
