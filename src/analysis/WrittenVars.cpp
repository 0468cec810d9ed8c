// The variables a statement may change on the host (WrittenVars.h).
#include "analysis/WrittenVars.h"
#include "analysis/AttachedPaths.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace omp2cuda {

const void *anyGlobal() {
  static const char G = 0;
  return &G;
}

const void *throughPointer() {
  static const char T = 0;
  return &T;
}

const void *anyCall() {
  static const char C = 0;
  return &C;
}

namespace {

/// S's children, and the statement of a captured statement (an OpenMP
/// construct's body, which children() leaves out). A target region's body
/// writes the device copies, as the device would: none.
template <class Fn> void eachChild(const Stmt *S, Fn F) {
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S);
      D && isOpenMPTargetExecutionDirective(D->getDirectiveKind()))
    return;
  for (const Stmt *C : S->children())
    F(C);
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    F(CS->getCapturedStmt());
}

/// Whether an assignment of type T may change a pointer: a pointer, or a
/// record or array that may hold one.
bool mayHoldPointer(QualType T) {
  return T->isPointerType() || T->isRecordType() || T->isArrayType();
}

/// Whether the storage E names is reached through a pointer or a reference
/// (`q->p`, `*sp`, `sp[1]`, `r.p` with `S &r`): it may be any whose address
/// was taken.
bool throughMemory(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (M->isArrow() || M->getMemberDecl()->getType()->isReferenceType())
        return true;
      E = M->getBase();
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        return true;
      E = A->getBase();
    } else if (const auto *B = dyn_cast<BinaryOperator>(E);
               B && B->getOpcode() == BO_PtrMemD) {
      E = B->getLHS();
    } else if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      return D->getDecl()->getType()->isReferenceType();
    } else {
      // A dereference, a call's result, a conditional: storage we cannot
      // name.
      return !isa<CompoundLiteralExpr>(E);
    }
  }
  return true;
}

/// Whether T is a library output stream (`std::cout << x` takes one by
/// writable reference, and writes nothing of the program's).
bool isStream(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->isInStdNamespace() && RD->getName() == "basic_ostream";
}

/// Whether T is the C library's FILE (`fprintf(stderr, ...)` writes
/// nothing of the program's).
bool isStdioFile(QualType T) {
  const auto *RD = T->getAsRecordDecl();
  return RD && (RD->getName() == "_IO_FILE" || RD->getName() == "FILE");
}

/// Whether a function of a system header (or a builtin) given these
/// arguments may write what they reach: a pointer to writable data, a
/// function, a record (an iterator), a writable reference.
bool libraryWrites(const FunctionDecl *FD, const CallExpr *CE) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && MD->isInstance() && !MD->isConst() &&
      !isStream(QualType(MD->getParent()->getTypeForDecl(), 0)))
    return true;
  for (const Expr *Arg : CE->arguments()) {
    // A string literal is `char *` in C, and no program data.
    if (isa<StringLiteral>(Arg->IgnoreParenImpCasts()))
      continue;
    QualType T = Arg->IgnoreParens()->getType();
    if (const auto *PT = T->getAs<PointerType>();
        PT && !isStdioFile(PT->getPointeeType()) &&
        (!PT->getPointeeType().isConstQualified() ||
         PT->getPointeeType()->isFunctionType()))
      return true;
    if ((T->isRecordType() && !isStream(T)) || T->isMemberPointerType() ||
        T->isBlockPointerType())
      return true;
  }
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getType()->isReferenceType() &&
        !P->getType()->getPointeeType().isConstQualified() &&
        !isStream(P->getType()))
      return true;
  return false;
}

bool mayWriteAnything(const Stmt *S, int Depth);

/// Whether E names a local variable of the function (not a reference): a
/// write of it changes no storage a caller sees.
bool localName(const Expr *E) {
  const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  return VD && VD->hasLocalStorage() && !VD->getType()->isReferenceType();
}

/// Whether S, a called function's body, may write a pointer or record a
/// caller sees (Depth more calls deep; a call deeper counts as one).
bool bodyWrites(const Stmt *S, int Depth) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp() && mayHoldPointer(BO->getLHS()->getType()) &&
      !localName(BO->getLHS()))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && U->isIncrementDecrementOp() &&
      U->getSubExpr()->getType()->isPointerType() &&
      !localName(U->getSubExpr()))
    return true;
  if (mayWriteAnything(S, Depth))
    return true;
  bool Any = false;
  eachChild(S, [&](const Stmt *C) { Any = Any || bodyWrites(C, Depth); });
  return Any;
}

/// Whether S, a call, a construction or a delete, may run code of the
/// program or a library that writes what it can reach: a function whose
/// body we see is looked into, Depth calls deep.
bool mayWriteAnything(const Stmt *S, int Depth) {
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return true;
    const SourceManager &SM = FD->getASTContext().getSourceManager();
    const FunctionDecl *Def = nullptr;
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (SM.isInSystemHeader(FD->getLocation()) || FD->getBuiltinID())
      return libraryWrites(FD, CE);
    if (!FD->hasBody(Def) || !Def || (MD && MD->isVirtual()) || Depth <= 0)
      return true;
    return bodyWrites(Def->getBody(), Depth - 1);
  }
  const CXXRecordDecl *RD = nullptr;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    const SourceManager &SM = Ctor->getASTContext().getSourceManager();
    if (!Ctor->isTrivial() && !SM.isInSystemHeader(Ctor->getLocation()))
      return true;
    RD = Ctor->getParent();
  } else if (const auto *DE = dyn_cast<CXXDeleteExpr>(S)) {
    RD = DE->getDestroyedType()->getAsCXXRecordDecl();
  }
  // Its destructor runs too (at the end of the scope, or the delete).
  const CXXDestructorDecl *Dtor = RD ? RD->getDestructor() : nullptr;
  return Dtor && !Dtor->isTrivial() &&
         !Dtor->getASTContext().getSourceManager().isInSystemHeader(
             Dtor->getLocation());
}

/// Adds the variable under E's members, elements and dereferences.
void writtenRoot(const Expr *E, std::set<const void *> &Out) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase();
    else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      E = A->getBase();
    else if (const auto *U = dyn_cast<UnaryOperator>(E))
      E = U->getSubExpr();
    else if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isPtrMemOp())
      E = B->getLHS(); // `s.*pm`, `sp->*pm` (review hwa x3)
    else
      break;
  }
  // A member of the object a member function runs on (`s.p = b;`).
  if (isa_and_nonnull<CXXThisExpr>(E)) {
    Out.insert(thisRoot());
    return;
  }
  const auto *D = dyn_cast_or_null<DeclRefExpr>(E);
  if (const auto *VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr) {
    Out.insert(VD->getCanonicalDecl());
    if (VD->hasGlobalStorage())
      Out.insert(anyGlobal());
  }
}

/// What a call may write: any global, what it is given by reference, the
/// object a member function or operator is called on.
void callWrites(const CallExpr *CE, std::set<const void *> &Out) {
  Out.insert(anyGlobal());
  for (const Expr *Arg : CE->arguments())
    if (Arg->isGLValue())
      writtenRoot(Arg, Out);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    writtenRoot(MC->getImplicitObjectArgument(), Out);
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE);
      Op && Op->getNumArgs())
    writtenRoot(Op->getArg(0), Out);
}

} // namespace

void writtenVars(const Stmt *S, const Stmt *Skip, std::set<const void *> &Out,
                 std::set<const void *> *PointerOut) {
  if (!S || S == Skip)
    return;
  std::set<const void *> &Ptr = PointerOut ? *PointerOut : Out;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp()) {
    writtenRoot(BO->getLHS(), Out);
    // A record assigned whole (`s = s2;`, `sa[0] = sa[1];`) changes the
    // pointers it holds (review hwa b1, g3).
    if (mayHoldPointer(BO->getLHS()->getType())) {
      writtenRoot(BO->getLHS(), Ptr);
      if (throughMemory(BO->getLHS()))
        Ptr.insert(throughPointer());
    }
    // A byte written through a pointer may be one of a pointer's (a record
    // copied byte by byte through a `char *`).
    if (BO->getLHS()->getType()->isCharType() && throughMemory(BO->getLHS()))
      Ptr.insert(throughPointer());
  } else if (const auto *U = dyn_cast<UnaryOperator>(S);
             U &&
             (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)) {
    writtenRoot(U->getSubExpr(), Out);
    if (U->getOpcode() == UO_AddrOf ||
        U->getSubExpr()->getType()->isPointerType())
      writtenRoot(U->getSubExpr(), Ptr);
    if (U->isIncrementDecrementOp() &&
        U->getSubExpr()->getType()->isPointerType() &&
        throughMemory(U->getSubExpr()))
      Ptr.insert(throughPointer());
  } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
    // A call may write any pointer it reaches: through one it is given too
    // (`h(sp)` with `sp = &s1`).
    callWrites(CE, Out);
    if (PointerOut) {
      callWrites(CE, *PointerOut);
      for (const Expr *Arg : CE->arguments())
        if (Arg->getType()->isPointerType())
          writtenRoot(Arg, *PointerOut);
      // C++'s `*sp2 = v`, a record assigned whole as in C, whatever the
      // operator's body shows.
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
      const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE);
      if (MD && Op && Op->getNumArgs() &&
          (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) &&
          throughMemory(Op->getArg(0)))
        PointerOut->insert(throughPointer());
    }
  }
  if (PointerOut && mayWriteAnything(S, 3))
    PointerOut->insert(anyCall());
  eachChild(S, [&](const Stmt *C) { writtenVars(C, Skip, Out, PointerOut); });
}

void escapedVars(const Stmt *S, std::set<const void *> &Out) {
  if (!S)
    return;
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && U->getOpcode() == UO_AddrOf)
    writtenRoot(U->getSubExpr(), Out);
  else if (const auto *C = dyn_cast<ImplicitCastExpr>(S);
           C && C->getCastKind() == CK_ArrayToPointerDecay)
    writtenRoot(C->getSubExpr(), Out);
  else if (const auto *CE = dyn_cast<CallExpr>(S))
    for (const Expr *Arg : CE->arguments())
      if (Arg->isGLValue())
        writtenRoot(Arg, Out);
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D);
          VD && VD->getType()->isReferenceType() && VD->getInit())
        writtenRoot(VD->getInit(), Out);
  // A reference member bound to a variable (`R r{s};`, `H h(s);` with
  // `H(S &y) : x(y)`) writes it through the object (review hwa r1, r2).
  if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    for (unsigned I = 0; I < CE->getNumArgs() && I < Ctor->getNumParams();
         ++I) {
      QualType T = Ctor->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T->getPointeeType().isConstQualified())
        writtenRoot(CE->getArg(I), Out);
    }
  }
  if (const auto *IL = dyn_cast<InitListExpr>(S))
    if (const RecordDecl *RD = IL->getType()->getAsRecordDecl();
        RD && !RD->isUnion()) {
      // Bases come first in the inits: any glvalue may bind a reference.
      const auto *CRD = dyn_cast<CXXRecordDecl>(RD);
      if (CRD && CRD->getNumBases())
        for (const Expr *Init : IL->inits())
          if (Init->isGLValue())
            writtenRoot(Init, Out);
      unsigned I = 0;
      for (const FieldDecl *FD : RD->fields()) {
        if (I >= IL->getNumInits())
          break;
        if (FD->getType()->isReferenceType())
          writtenRoot(IL->getInit(I), Out);
        ++I;
      }
    }
  // A lambda that captures by reference writes the variable itself when it
  // is called (review hwa b5: `[&] { s.p = b; }`), one that captures `this`
  // the object's members.
  if (const auto *L = dyn_cast<LambdaExpr>(S))
    for (const LambdaCapture &C : L->captures()) {
      if (C.capturesThis())
        Out.insert(thisRoot());
      if (!C.capturesVariable())
        continue;
      if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar())) {
        if (C.getCaptureKind() == LCK_ByRef)
          Out.insert(VD->getCanonicalDecl());
        // `[&r = s]` binds r to s.
        if (VD->isInitCapture() && VD->getType()->isReferenceType() &&
            VD->getInit())
          writtenRoot(VD->getInit(), Out);
      }
    }
  eachChild(S, [&](const Stmt *C) { escapedVars(C, Out); });
}

} // namespace omp2cuda
