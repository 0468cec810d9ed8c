#include "analysis/RecordCopies.h"

#include "analysis/PointerValueUse.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// The nearest parent of S that is not a wrapper the copy passes through
/// unchanged; Child is set to the wrapped expression it holds.
const Stmt *copyParent(const Stmt *S, const ParentMap &PM, const Stmt *&Child) {
  Child = S;
  const Stmt *P = PM.getParent(S);
  while (P && (isa<ExprWithCleanups>(P) || isa<MaterializeTemporaryExpr>(P) ||
               isa<CXXBindTemporaryExpr>(P) || isa<ParenExpr>(P) ||
               (isa<ImplicitCastExpr>(P) &&
                cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp))) {
    Child = P;
    P = PM.getParent(P);
  }
  return P;
}

/// Whether E's value is discarded: E is a statement of a block.
bool discarded(const Expr *E, const ParentMap &PM) {
  const Stmt *P = PM.getParent(E);
  while (P && (isa<ExprWithCleanups>(P) || isa<ParenExpr>(P)))
    P = PM.getParent(P);
  return P && isa<CompoundStmt>(P);
}

/// The local of Body that E (an assignment's left side) names, or null.
const VarDecl *bodyLocal(const Expr *E, const Stmt *Body) {
  const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  if (!VD || VD->hasGlobalStorage() || VD->getType()->isReferenceType() ||
      !declaredIn(VD, Body))
    return nullptr;
  return VD;
}

/// The definition of Call's callee, when it has one outside the system
/// headers.
const FunctionDecl *calleeBody(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || !Def->getBody() ||
      FD->getASTContext().getSourceManager().isInSystemHeader(
          Def->getLocation()))
    return nullptr;
  return Def;
}

/// The references to VD in S.
void refsTo(const Stmt *S, const VarDecl *VD,
            std::vector<const DeclRefExpr *> &Out) {
  if (!S)
    return;
  if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == VD)
    Out.push_back(D);
  for (const Stmt *C : S->children())
    refsTo(C, VD, Out);
}

/// Whether the callee Def uses its by-value record parameter PD only
/// through members: scalars, and pointers whose values the host never
/// sees (valueSeenAt: only dereferenced, compared alike, ...). A use of
/// the whole record (a copy, its address, a reference to it) may take its
/// pointers anywhere, which no rule here follows.
bool pointersStayInCallee(const FunctionDecl *Def, const ParmVarDecl *PD) {
  std::vector<const DeclRefExpr *> Refs;
  refsTo(Def->getBody(), PD, Refs);
  ASTContext &Ctx = Def->getASTContext();
  ParentMap PM(Def->getBody());
  for (const DeclRefExpr *R : Refs) {
    const Expr *Cur = R;
    const Stmt *P = PM.getParent(Cur);
    while (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
      if (ME->isArrow() || ME->getBase()->IgnoreParenImpCasts() != Cur)
        break;
      Cur = ME;
      if (!ME->getType()->isRecordType())
        break;
      P = PM.getParent(Cur);
    }
    QualType T = Cur->getType();
    if (Cur == R || T->isRecordType() || T->isArrayType() ||
        T->isReferenceType())
      return false;
    if (T->isPointerType() &&
        valueSeenAt(Def->getBody(), Cur, Ctx, [](const Expr *) {
          return false;
        }).isValid())
      return false;
  }
  return true;
}

/// Whether Child, an argument of Call, goes by value to a parameter of a
/// callee with a body that keeps its pointers' values from the host.
bool passedToKeepingCallee(const CallExpr *Call, const Stmt *Child) {
  const FunctionDecl *Def = calleeBody(Call);
  // A virtual call may run an overrider that keeps the copy (review rev45
  // i5.cpp).
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Def);
  if (!Def || (MD && MD->isVirtual()))
    return false;
  for (unsigned I = 0; I < Call->getNumArgs() && I < Def->getNumParams(); ++I)
    if (Call->getArg(I) == Child)
      return !Def->getParamDecl(I)->getType()->isReferenceType() &&
             pointersStayInCallee(Def, Def->getParamDecl(I));
  return false;
}

} // namespace

bool isRecordCopy(const Expr *At, const ParentMap &PM) {
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(At);
      IC && IC->getCastKind() == CK_LValueToRValue)
    return true;
  // A copy or move construction; or a library constructor that takes a
  // record by reference and may keep a copy of it (review rev45 f6.cpp:
  // `std::pair<S, int> pr(q, 1);`), whose object is then the copy.
  if (const auto *CE = dyn_cast<CXXConstructExpr>(At)) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    return Ctor && (Ctor->isCopyOrMoveConstructor() ||
                    Ctor->getASTContext().getSourceManager().isInSystemHeader(
                        Ctor->getLocation()));
  }
  const Stmt *Child = nullptr;
  const auto *Op =
      dyn_cast_or_null<CXXOperatorCallExpr>(copyParent(At, PM, Child));
  return Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
         Op->getArg(1) == Child;
}

RecordCopyDestination recordCopyDestination(const Expr *At, const Stmt *Body,
                                            const ParentMap &PM) {
  using Kind = RecordCopyDestination::Kind;
  const Stmt *Child = nullptr;
  const Stmt *P = copyParent(At, PM, Child);
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(P)) {
    // Not a structured binding, whose names no rule follows (review
    // rev45 f1.cpp: `auto [pp, nn] = q; ptrs[0] = pp;`).
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D);
          VD && VD->getInit() && !VD->getType()->isReferenceType() &&
          !isa<DecompositionDecl>(VD) &&
          VD->getInit()->IgnoreImplicit() == At->IgnoreImplicit())
        return {Kind::Local, VD};
    return {};
  }
  // An assignment to a local whose own value goes nowhere (`m = l = q;`
  // copies on: review rev45 f3.c).
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
      BO && BO->getOpcode() == BO_Assign && BO->getRHS() == Child &&
      discarded(BO, PM))
    if (const VarDecl *L = bodyLocal(BO->getLHS(), Body))
      return {Kind::Local, L};
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P);
      Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
      Op->getArg(1) == Child && discarded(Op, PM))
    if (const VarDecl *L = bodyLocal(Op->getArg(0), Body))
      return {Kind::Local, L};
  if (const auto *Call = dyn_cast_or_null<CallExpr>(P);
      Call && !isa<CXXOperatorCallExpr>(Call) &&
      passedToKeepingCallee(Call, Child))
    return {Kind::Argument, nullptr};
  return {};
}

} // namespace omp2cuda
