// Where a pointer's value goes from a use (pointerValueUse's Classifier,
// PointerClassifier.h): into a variable or memory (followed where the
// host never reads it, else seen), an aggregate or a constructed record, a
// lambda's capture or result, a call's argument.
#include "analysis/LoadedStore.h"
#include "analysis/PointerClassifier.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/Builtins.h"

using namespace clang;

namespace omp2cuda {
namespace pvu {

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
    // GNU's __sync_* builtins update the object their first argument
    // points to (the checker allows them on numbers only).
    return FD->getName().starts_with("__sync_");
  }
}

/// Cur as a lambda's capture: a copy in the closure (or a reference)
/// whose uses in its body are the variable's own; an init-capture's
/// variable is followed.
Found Classifier::captured(const LambdaExpr *LE, const Expr *Cur) {
  const Expr *const *Init = LE->capture_init_begin();
  for (const LambdaCapture &C : LE->captures()) {
    if (*Init++ != Cur)
      continue;
    const auto *VD =
        C.capturesVariable() ? dyn_cast<VarDecl>(C.getCapturedVar()) : nullptr;
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
Found Classifier::lambdaResult(const ReturnStmt *RS, const Expr *Cur) {
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
bool Classifier::lambdaCalls(const LambdaExpr *LE,
                             std::vector<const Expr *> &Calls) {
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

/// A pointer variable (a local of the body, or a captured one: its
/// value is the region's own, or a mapped one that comes back translated
/// to the host) whose own uses decide; not one with static storage.
std::optional<Found> Classifier::pointerCopy(const ValueDecl *D, bool Bound) {
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

/// p stored into L: a pointer variable is followed; anything else (a
/// reference, an array's element, a member no rule follows, a union,
/// memory the host may read back) keeps p's value where later loads may
/// reach the pointee: both (review ldb st1: `arr[0] = s.p; arr[0][1] =
/// 50;`).
Found Classifier::storedUse(const BinaryOperator *BO, const Expr *L) {
  L = L->IgnoreParenImpCasts();
  // A callee's (a lambda's) variable of its caller's, which uses it
  // where this body does not reach (review ldb v51:
  // `[&q](int *x) { q = x; }`, then `q[3] = 70;` in the region).
  const auto *DR = dyn_cast<DeclRefExpr>(L);
  if (DR && Depth > 0 && DR->refersToEnclosingVariableOrCapture())
    DR = nullptr;
  if (DR) {
    if (std::optional<Found> F = pointerCopy(DR->getDecl())) {
      // The assignment's own value is p too: `*(r = p)`.
      Found Here = classify(BO);
      return {F->K | Here.K, F->At.isValid() ? F->At : Here.At,
              F->SeenAt.isValid() ? F->SeenAt : Here.SeenAt};
    }
  }
  // Into a record's member that the region puts back before the host can
  // see it: the region loads it to reach the pointee (LoadedPointers.cpp
  // checks those loads), so it needs the device address. What it loads
  // may still go where the host sees it.
  if (Depth == 0 && isa<MemberExpr>(L) && storeHiddenFromHost(Root, BO))
    if (std::optional<Found> F = loadsOfStore(BO))
      return add(*F, Deref);
  // Into a pointer a map attaches (KeptSlot): the runtime gives the host
  // its host counterpart when it goes back; the assignment's own value is
  // still p.
  if (Depth == 0 && KeptSlot && KeptSlot(L))
    return add(classify(BO), Escape);
  // Into a record that never goes back to the host (a local, a private
  // one): what its later loads do.
  if (Depth == 0 && unseenRecord(L))
    if (std::optional<Found> F = loadsOfStore(BO))
      return add(*F, Escape);
  // Into storage the region takes from outside (a mapped record's member,
  // an element of a mapped array): the host may read it, and a later
  // dereference of what the region loads from there is loadedPointerDeref's
  // to check (LoadedPointers.cpp).
  if (outsideStorage(L))
    return seen(kind(Escape), BO->getBeginLoc());
  return seen(kind(Both), BO->getBeginLoc());
}

/// The integer E (`(uintptr_t)p`) through integer arithmetic: compared,
/// tested, discarded or stored into storage taken from outside, only its
/// bits are seen (an escape); anything else (a local integer, a cast back
/// to a pointer, a call) may become the pointer again and reach the
/// pointee (review ldb v32: `x = (intptr_t)q + 4; ((int *)x)[0] = 50;`).
Found Classifier::integerUse(const Expr *E) {
  const Expr *Cur = E;
  while (const Stmt *P = PM.getParent(Cur)) {
    if (const auto *CE = dyn_cast<CastExpr>(P)) {
      CastKind K = CE->getCastKind();
      if (K == CK_IntegralToBoolean || K == CK_ToVoid)
        return kind(Escape);
      if (K != CK_IntegralCast && K != CK_NoOp)
        return kind(Both);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->isComparisonOp() || BO->isLogicalOp() ||
          (BO->getOpcode() == BO_Comma && BO->getLHS() == Cur))
        return kind(Escape);
      if (BO->getOpcode() == BO_Assign)
        return kind(BO->getRHS() == Cur && outsideStorage(BO->getLHS())
                        ? Escape
                        : Both);
      if (!BO->isAdditiveOp() && !BO->isMultiplicativeOp() &&
          !BO->isBitwiseOp() && !BO->isShiftOp() &&
          BO->getOpcode() != BO_Comma)
        return kind(Both);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->getOpcode() == UO_LNot)
        return kind(Escape);
      if (UO->getOpcode() != UO_Plus && UO->getOpcode() != UO_Minus &&
          UO->getOpcode() != UO_Not)
        return kind(Both);
    } else if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
      if (CO->getCond() == Cur)
        return kind(Escape);
    } else if (isa<CompoundStmt>(P)) {
      return kind(Escape); // discarded
    } else if (!isa<ParenExpr>(P) && !isa<FullExpr>(P)) {
      return kind(Both);
    }
    Cur = cast<Expr>(P);
  }
  return kind(Both);
}

/// p in `S l = {p, 8};`, `S l(p, 8);` or `W w(p);` (a constructor may
/// keep it in a member): a local record of the body is followed through
/// the loads of its pointer members; anything else (a temporary assigned
/// or passed on, a global) is seen.
Found Classifier::aggregateUse(const Expr *Agg, const Expr *Cur) {
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

/// Whether L (`s.f`, `arr[i]`, `s.arr[i].f`, `out[0]`, `sp->f`) names
/// storage of a variable that the body takes from outside (the region's
/// captured ones, a callee's globals), or storage a region's captured
/// pointer that it never writes points to: not a local's. A callee's
/// pointer parameter may point to its caller's locals.
bool Classifier::outsideStorage(const Expr *L) const {
  bool Through = false;
  while (true) {
    L = L->IgnoreParenImpCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(L)) {
      Through |= ME->isArrow();
      L = ME->getBase();
      continue;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(L)) {
      L = subscriptBase(AS);
      Through |= !L->getType()->isArrayType();
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(L);
        UO && UO->getOpcode() == UO_Deref) {
      Through = true;
      L = UO->getSubExpr();
      continue;
    }
    break;
  }
  const auto *DR = dyn_cast<DeclRefExpr>(L);
  const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!VD || VD->getType()->isReferenceType() || inBody(VD))
    return false;
  // A parameter's rows that its function maps no item through are not
  // checked there (loadedPointerDeref takes them as attached by callers).
  if (const auto *PV = dyn_cast<ParmVarDecl>(VD); PV && Through) {
    const auto *FD = dyn_cast<FunctionDecl>(PV->getDeclContext());
    if (!FD || !mapsThrough(FD->getBody(), VD))
      return false;
  }
  if (Through)
    return Depth == 0 && VD->getType()->isPointerType() && !written(VD);
  return Depth == 0 || VD->hasGlobalStorage();
}

/// Whether L (`s.f.g`) is a member of a record variable whose storage the
/// host never reads: a local of the body, or one of Unseen.
bool Classifier::unseenRecord(const Expr *L) const {
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

/// What the loads of the member Store writes that may follow it do with
/// the value it put there (a dereference, where the host sees it); none
/// when its record is used other than through its scalar members.
std::optional<Found> Classifier::loadsOfStore(const BinaryOperator *Store) {
  std::vector<const Expr *> Loads;
  if (!memberLoadsAfter(Root, Store, Loads))
    return std::nullopt;
  Found Out = kind(Neutral);
  if (!Following.insert(Store).second)
    return Out;
  for (const Expr *Load : Loads) {
    Found F = classify(Load);
    Out.K |= F.K & Deref;
    if (F.SeenAt.isValid())
      Out = seen(Out, F.SeenAt);
  }
  Following.erase(Store);
  return Out;
}

/// `int *r = p;`: followed through r when r is a plain local pointer.
Found Classifier::initialised(const DeclStmt *DS, const Expr *Cur) {
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
/// In a template's pattern, an unresolved callee's every candidate is.
Found Classifier::argumentUse(const CallExpr *Call, const Expr *Cur) {
  unsigned I = 0, N = Call->getNumArgs();
  while (I < N && Call->getArg(I) != Cur)
    ++I;
  // The callee itself: a call through it shows no address.
  if (I == N)
    return kind(Both);
  if (const FunctionDecl *FD = Call->getDirectCallee())
    return calleeUse(Call, FD, I);
  // A call through a function pointer, or one a template's arguments
  // decide otherwise (a dependent member), may keep it anywhere.
  const auto *ULE =
      dyn_cast<UnresolvedLookupExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (!ULE || ULE->getNumDecls() == 0)
    return seen(kind(Both), Call->getBeginLoc());
  Found Out = kind(Neutral);
  for (const NamedDecl *D : ULE->decls()) {
    D = D->getUnderlyingDecl();
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D))
      FD = FT->getTemplatedDecl();
    if (!FD)
      return seen(kind(Both), Call->getBeginLoc());
    Found F = calleeUse(Call, FD, I);
    Out.K |= F.K;
    if (F.SeenAt.isValid())
      Out = seen(Out, F.SeenAt);
  }
  return Out;
}

/// The I-th argument of Call, whose callee is FD: argumentUse's rules.
Found Classifier::calleeUse(const CallExpr *Call, const FunctionDecl *FD,
                            unsigned I) {
  // An operator method's object is its first argument (a lambda's `f(p)`).
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  unsigned Object = isa<CXXOperatorCallExpr>(Call) && MD &&
                    MD->isImplicitObjectMemberFunction();
  if (Object) {
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
  // A template's specialisation not instantiated (std::forward<int *>
  // inside std::make_pair's) cannot be followed: seen at the call.
  if (!FD->hasBody(Def) && FD->getTemplateInstantiationPattern())
    return seen(kind(Both), Call->getBeginLoc());
  if (!Def || I >= Def->getNumParams())
    return kind(Both);
  // A parameter of another type, or a call too deep to follow, may keep
  // it where the host reads it.
  QualType PT = Def->getParamDecl(I)->getType();
  if (PT->isReferenceType())
    PT = PT->getPointeeType();
  if (Depth >= 4 || !(PT->isPointerType() || PT->isArrayType()))
    return seen(kind(Both), Call->getBeginLoc());
  Classifier Callee(Def->getBody(), Ctx, Depth + 1, Busy);
  // Other arguments derived from the same item (`sum(a, a + 8)`): the
  // callee may compare them with this one.
  for (unsigned J = 0; J < Def->getNumParams(); ++J) {
    const ParmVarDecl *Parm = Def->getParamDecl(J);
    if (J != I && J + Object < Call->getNumArgs() &&
        Parm->getType()->isPointerType() &&
        movesAlike(Call->getArg(J + Object), true) && !Callee.written(Parm))
      Callee.Alike.insert(Parm);
  }
  PointerValueUse U = Callee.useOf(Def->getParamDecl(I));
  // Where the callee lets it escape, the region's call is the place.
  Found F = kind((U.Derefs ? Deref : Neutral) | (U.Escapes ? Escape : Neutral));
  if (U.SeenAt.isValid())
    F = seen(F, Call->getBeginLoc());
  // A comparison or difference in the callee with a pointer not moved
  // alike is the region's too (review rev44 wa_call.c: `dist(w.p, a)`).
  if (U.ApartAt.isValid() && ApartAt.isInvalid())
    ApartAt = Call->getBeginLoc();
  if (Callee.Returns)
    if (SourceLocation At = classify(Call).SeenAt; At.isValid())
      F = seen(F, At);
  return F;
}

} // namespace pvu
} // namespace omp2cuda
