// Virtual calls in device code (see VirtualCalls.h).
#include "analysis/VirtualCalls.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace omp2cuda {

namespace {

/// The target construct whose region holds S, or null (S is in a function
/// the region calls).
const OMPExecutableDirective *enclosingTarget(const Stmt *S, ASTContext &Ctx) {
  // Up through statements and the regions' captured declarations, not out
  // of a function; a lambda's call operator is the region's code where the
  // lambda is (its class and then its LambdaExpr are the parents).
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (!Parents.empty()) {
    if (const auto *F = Parents[0].get<FunctionDecl>();
        F && !(isa<CXXMethodDecl>(F) &&
               isLambdaCallOperator(cast<CXXMethodDecl>(F))))
      break;
    if (const auto *D = Parents[0].get<OMPExecutableDirective>())
      if (isOpenMPTargetExecutionDirective(D->getDirectiveKind()))
        return D;
    Parents = Ctx.getParents(Parents[0]);
  }
  return nullptr;
}

/// The function whose body holds S, a lambda's call operator included.
const FunctionDecl *innermostFunction(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (!Parents.empty() && !Parents[0].get<FunctionDecl>())
    Parents = Ctx.getParents(Parents[0]);
  return Parents.empty() ? nullptr : Parents[0].get<FunctionDecl>();
}

bool isDevicePtr(const OMPExecutableDirective *D, const VarDecl *V) {
  for (const auto *C : D->getClausesOfKind<OMPIsDevicePtrClause>())
    for (const Expr *E : C->varlists())
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
        if (DRE->getDecl() == V)
          return true;
  return false;
}

/// V is declared in D's region, initialised by `new` (or by another such
/// variable: `Base *b = d;`), and every later use only reads its value.
bool newAndOnlyRead(const OMPExecutableDirective *D, const VarDecl *V,
                    ASTContext &Ctx, unsigned Depth = 0) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Body = D->getAssociatedStmt();
  if (!Body || !V->hasLocalStorage() ||
      !SM.isPointWithin(V->getLocation(), Body->getBeginLoc(),
                        Body->getEndLoc()))
    return false;
  const Expr *Init = V->getInit() ? V->getInit()->IgnoreParenImpCasts() : nullptr;
  const auto *From = dyn_cast_or_null<DeclRefExpr>(Init);
  const auto *W = From ? dyn_cast<VarDecl>(From->getDecl()) : nullptr;
  if (!Init || (!isa<CXXNewExpr>(Init) &&
                !(W && W != V && Depth < 8 && newAndOnlyRead(D, W, Ctx, Depth + 1))))
    return false;
  struct Uses : RecursiveASTVisitor<Uses> {
    const VarDecl *V;
    ASTContext *Ctx;
    bool OnlyRead = true;
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (E->getDecl() != V)
        return true;
      DynTypedNodeList P = Ctx->getParents(*E);
      const auto *Cast = P.empty() ? nullptr : P[0].get<ImplicitCastExpr>();
      OnlyRead = Cast && Cast->getCastKind() == CK_LValueToRValue;
      return OnlyRead;
    }
  } U;
  U.V = V;
  U.Ctx = &Ctx;
  U.TraverseStmt(const_cast<Stmt *>(Body));
  return U.OnlyRead;
}

/// The function whose body declares V (through a region's captured
/// declarations).
const FunctionDecl *functionOf(const VarDecl *V) {
  const DeclContext *DC = V->getDeclContext();
  while (DC && !isa<FunctionDecl>(DC))
    DC = DC->getParent();
  return dyn_cast_or_null<FunctionDecl>(DC);
}

/// Whether the function around V's uses constructs every object V may
/// point to itself, on whichever side runs it: V is a local pointer of the
/// function (of D's region where D is given) and every value stored into
/// it is `&x` of an automatic local class object declared there, `new` of
/// a class, null, `?:` of such, or another such pointer; V is only ever
/// read otherwise. Parameters are not: a kernel's by-value object is the
/// host's bytes, its table pointer the host's.
bool builtHere(const VarDecl *V, const OMPExecutableDirective *D,
               ASTContext &Ctx, unsigned Depth = 0);

bool valueBuiltHere(const Expr *E, const OMPExecutableDirective *D,
                    const FunctionDecl *F, ASTContext &Ctx, unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  // A conversion to a base (`static_cast<B *>(new D)`) is the same object.
  while (const auto *C = dyn_cast<ExplicitCastExpr>(E)) {
    if (C->getCastKind() != CK_DerivedToBase &&
        C->getCastKind() != CK_UncheckedDerivedToBase &&
        C->getCastKind() != CK_NoOp)
      break;
    E = C->getSubExpr()->IgnoreParenImpCasts();
  }
  if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return true;
  if (const auto *New = dyn_cast<CXXNewExpr>(E))
    return !New->isArray() && !New->getNumPlacementArgs();
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return valueBuiltHere(C->getTrueExpr(), D, F, Ctx, Depth) &&
           valueBuiltHere(C->getFalseExpr(), D, F, Ctx, Depth);
  const auto *U = dyn_cast<UnaryOperator>(E);
  const auto *DRE = dyn_cast<DeclRefExpr>(
      U && U->getOpcode() == UO_AddrOf ? U->getSubExpr()->IgnoreParens() : E);
  const auto *X = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!X || !X->hasLocalStorage() || isa<ParmVarDecl>(X) ||
      X->getType()->isReferenceType() || functionOf(X) != F)
    return false;
  if (D) {
    const SourceManager &SM = Ctx.getSourceManager();
    const Stmt *Body = D->getAssociatedStmt();
    if (!Body || !SM.isPointWithin(X->getLocation(), Body->getBeginLoc(),
                                   Body->getEndLoc()))
      return false;
  }
  if (U)
    return X->getType()->isRecordType();
  return Depth < 8 && builtHere(X, D, Ctx, Depth + 1);
}

bool builtHere(const VarDecl *V, const OMPExecutableDirective *D,
               ASTContext &Ctx, unsigned Depth) {
  const FunctionDecl *F = functionOf(V);
  if (!F || !F->hasBody() || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
      !V->getType()->isPointerType())
    return false;
  if (D) {
    const SourceManager &SM = Ctx.getSourceManager();
    const Stmt *Body = D->getAssociatedStmt();
    if (!Body || !SM.isPointWithin(V->getLocation(), Body->getBeginLoc(),
                                   Body->getEndLoc()))
      return false;
  }
  struct Uses : RecursiveASTVisitor<Uses> {
    const VarDecl *V;
    const OMPExecutableDirective *D;
    const FunctionDecl *F;
    ASTContext *Ctx;
    unsigned Depth;
    bool OK = true;
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (E->getDecl() != V)
        return true;
      DynTypedNodeList P = Ctx->getParents(*E);
      const auto *Cast = P.empty() ? nullptr : P[0].get<ImplicitCastExpr>();
      const auto *Assign = P.empty() ? nullptr : P[0].get<BinaryOperator>();
      if (Assign && Assign->getOpcode() == BO_Assign &&
          Assign->getLHS()->IgnoreParens() == E)
        OK = valueBuiltHere(Assign->getRHS(), D, F, *Ctx, Depth);
      else
        OK = Cast && Cast->getCastKind() == CK_LValueToRValue;
      return OK;
    }
  } U;
  U.V = V;
  U.D = D;
  U.F = F;
  U.Ctx = &Ctx;
  U.Depth = Depth;
  if (const Expr *Init = V->getInit())
    U.OK = valueBuiltHere(Init, D, F, Ctx, Depth);
  if (U.OK)
    U.TraverseStmt(F->getBody());
  return U.OK;
}

/// Every complete, non-dependent class of the file.
std::vector<const CXXRecordDecl *> fileClasses(ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::vector<const CXXRecordDecl *> Found;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitCXXRecordDecl(CXXRecordDecl *RD) {
      if (RD->isThisDeclarationADefinition() && !RD->isDependentContext() &&
          RD->isPolymorphic())
        Found.push_back(RD);
      return true;
    }
  } F;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.Found;
}

} // namespace

bool dispatches(const CXXMemberCallExpr *C) {
  const CXXMethodDecl *MD = C->getMethodDecl();
  const auto *ME = dyn_cast<MemberExpr>(C->getCallee()->IgnoreParens());
  if (!MD || !MD->isVirtual() || !ME || ME->hasQualifier())
    return false;
  return !MD->getDevirtualizedMethod(C->getImplicitObjectArgument(),
                                     /*IsAppleKext=*/false);
}

bool dispatches(const CXXOperatorCallExpr *C) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(C->getDirectCallee());
  if (!MD || !MD->isVirtual() || C->getNumArgs() == 0)
    return false;
  return !MD->getDevirtualizedMethod(C->getArg(0), /*IsAppleKext=*/false);
}

std::string pointeeNotDeviceBuilt(const Expr *P, const Stmt *At,
                                  ASTContext &Ctx) {
  const auto *DRE = dyn_cast<DeclRefExpr>(P->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  const OMPExecutableDirective *D = enclosingTarget(At, Ctx);
  // Without a region, builtHere reads V's own function: that must be the
  // one the call is in (a lambda's pointer of its enclosing function may
  // point to anything the host built there).
  if (!D)
    return V && functionOf(V) == innermostFunction(At, Ctx) &&
                   builtHere(V, nullptr, Ctx)
               ? ""
               : "in a function the region calls, where it cannot be shown "
                 "that the device constructed the object (only a local "
                 "pointer to which the function stores nothing but the "
                 "address of its own local objects or 'new' is known to "
                 "point to one)";
  if (V &&
      (isDevicePtr(D, V) || newAndOnlyRead(D, V, Ctx) || builtHere(V, D, Ctx)))
    return "";
  return "that the device may not have constructed (only a pointer the "
         "region initialises with 'new' and only reads, a local pointer of "
         "the region that holds nothing but the addresses of its own local "
         "objects or its 'new's, or an 'is_device_ptr' pointer, is known to "
         "point to one)";
}

bool namedFromOutside(const VarDecl *V, const Stmt *At, ASTContext &Ctx) {
  if (!V->hasLocalStorage())
    return true;
  if (const OMPExecutableDirective *D = enclosingTarget(At, Ctx)) {
    const SourceManager &SM = Ctx.getSourceManager();
    const Stmt *Body = D->getAssociatedStmt();
    return !Body || !SM.isPointWithin(V->getLocation(), Body->getBeginLoc(),
                                      Body->getEndLoc());
  }
  const FunctionDecl *F = innermostFunction(At, Ctx);
  return !F || F != functionOf(V);
}

std::string receiverNotDeviceBuilt(const CXXMemberCallExpr *C,
                                   ASTContext &Ctx) {
  const Expr *Obj = C->getImplicitObjectArgument()->IgnoreParenImpCasts();
  const auto *ME = cast<MemberExpr>(C->getCallee()->IgnoreParens());
  // `(*p).f()` is `p->f()`.
  if (const auto *U = dyn_cast<UnaryOperator>(Obj);
      !ME->isArrow() && U && U->getOpcode() == UO_Deref)
    Obj = U->getSubExpr()->IgnoreParenImpCasts();
  else if (!ME->isArrow())
    return "named through a reference, which the device may not have "
           "constructed";
  return pointeeNotDeviceBuilt(Obj, C, Ctx);
}

std::string receiverNotDeviceBuilt(const CXXOperatorCallExpr *C,
                                   ASTContext &Ctx) {
  const Expr *Obj = C->getArg(0)->IgnoreParenImpCasts();
  const auto *U = dyn_cast<UnaryOperator>(Obj);
  if (!U || U->getOpcode() != UO_Deref)
    return "named through a reference, which the device may not have "
           "constructed";
  return pointeeNotDeviceBuilt(U->getSubExpr(), C, Ctx);
}

std::vector<const CXXMethodDecl *>
overrideFamily(std::vector<const CXXMethodDecl *> Work, ASTContext &Ctx) {
  std::vector<const CXXRecordDecl *> Classes = fileClasses(Ctx);
  std::set<const CXXMethodDecl *> Seen;
  std::vector<const CXXMethodDecl *> Family;
  while (!Work.empty()) {
    const CXXMethodDecl *M = Work.back()->getCanonicalDecl();
    Work.pop_back();
    if (!Seen.insert(M).second)
      continue;
    if (!M->isImplicit())
      Family.push_back(M);
    for (const CXXMethodDecl *O : M->overridden_methods())
      Work.push_back(O->getCanonicalDecl());
    for (const CXXRecordDecl *RD : Classes)
      if (RD != M->getParent() && RD->isDerivedFrom(M->getParent()))
        if (const CXXMethodDecl *O =
                M->getCorrespondingMethodDeclaredInClass(RD))
          Work.push_back(O->getCanonicalDecl());
  }
  return Family;
}

std::vector<const CXXMethodDecl *> virtualsOf(const CXXRecordDecl *RD) {
  std::vector<const CXXMethodDecl *> Out;
  auto Add = [&](const CXXRecordDecl *C) {
    for (const CXXMethodDecl *M : C->methods())
      if (M->isVirtual() && !M->isImplicit())
        Out.push_back(M->getCanonicalDecl());
  };
  Add(RD);
  RD->forallBases([&](const CXXRecordDecl *B) {
    Add(B);
    return true;
  });
  return Out;
}

} // namespace omp2cuda
