// A virtual call on an object whose dynamic type the function proves,
// called directly (see VirtualCalls.h).
#include "analysis/VirtualCalls.h"

#include "analysis/Analysis.h"

#include "clang/AST/CXXInheritance.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"

using namespace clang;

namespace omp2cuda {

namespace {

const CXXRecordDecl *completeClass(QualType T) {
  const auto *RD = T->getAsCXXRecordDecl();
  return RD && RD->hasDefinition() && !RD->isDependentContext()
             ? RD->getDefinition()
             : nullptr;
}

const VarDecl *localPointer(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
                 V->getType()->isPointerType()
             ? V
             : nullptr;
}

/// The class of the complete object that a value stored into a pointer
/// points to: `&x` of a variable x of class type, `new X(...)`, or another
/// such local pointer (Depth bounds that chain). Null stores nothing
/// (OK stays true): calling through a null pointer is undefined anyway.
const CXXRecordDecl *storedClass(const Expr *E, ASTContext &Ctx, bool &OK,
                                 unsigned Depth);

/// The one class whose complete objects V, a local pointer, may point to:
/// every value the function ever stores into V is a storedClass of it,
/// and V is only ever read otherwise (no address taken, no reference
/// bound, no increment). Null when that is not shown.
const CXXRecordDecl *provenPointee(const VarDecl *V, ASTContext &Ctx,
                                   unsigned Depth) {
  // A region's own variable is in its captured declaration, inside the
  // function.
  const DeclContext *DC = V->getDeclContext();
  while (DC && !isa<FunctionDecl>(DC))
    DC = DC->getParent();
  const auto *F = dyn_cast_or_null<FunctionDecl>(DC);
  if (!F || !F->hasBody() || Depth > 8)
    return nullptr;
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    ASTContext *Ctx;
    unsigned Depth;
    const CXXRecordDecl *Class = nullptr;
    bool OK = true;
    void store(const Expr *Value) {
      bool Known = true;
      const CXXRecordDecl *C = storedClass(Value, *Ctx, Known, Depth + 1);
      if (!Known || (C && Class && C != Class))
        OK = false;
      else if (C)
        Class = C;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (E->getDecl() != V)
        return true;
      // A clause (its directive is the parent) or a captured statement
      // only names it (the region's uses are walked too), as the same
      // node a read does.
      DynTypedNodeList Parents = Ctx->getParents(*E);
      bool Read = !Parents.empty();
      for (const DynTypedNode &P : Parents) {
        const auto *Cast = P.get<ImplicitCastExpr>();
        const auto *Assign = P.get<BinaryOperator>();
        if (Assign && Assign->getOpcode() == BO_Assign &&
            Assign->getLHS()->IgnoreParens() == E) {
          store(Assign->getRHS());
          return OK;
        }
        Read = Read && ((Cast && Cast->getCastKind() == CK_LValueToRValue) ||
                        P.get<OMPClause>() || P.get<OMPExecutableDirective>() ||
                        P.get<CapturedStmt>());
      }
      if (Read)
        return true;
      OK = false;
      return false;
    }
  } Find;
  Find.V = V;
  Find.Ctx = &Ctx;
  Find.Depth = Depth;
  if (const Expr *Init = V->getInit())
    Find.store(Init);
  if (Find.OK)
    Find.TraverseStmt(F->getBody());
  return Find.OK ? Find.Class : nullptr;
}

const CXXRecordDecl *storedClass(const Expr *E, ASTContext &Ctx, bool &OK,
                                 unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return nullptr;
  const CXXRecordDecl *C = nullptr;
  if (const auto *New = dyn_cast<CXXNewExpr>(E); New && !New->isArray()) {
    C = completeClass(New->getAllocatedType());
  } else if (const auto *U = dyn_cast<UnaryOperator>(E);
             U && U->getOpcode() == UO_AddrOf) {
    const auto *DRE = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens());
    const auto *X = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (X && !X->getType()->isReferenceType())
      C = completeClass(X->getType());
  } else if (const VarDecl *W = localPointer(E)) {
    C = provenPointee(W, Ctx, Depth);
  }
  OK = C != nullptr;
  return C;
}

/// Whether Derived converts to Base by a public path through no virtual
/// base, one such path only (static_cast and a qualified call need it).
bool publicBase(const CXXRecordDecl *Derived, const CXXRecordDecl *Base,
                ASTContext &Ctx) {
  if (Derived->getCanonicalDecl() == Base->getCanonicalDecl())
    return true;
  CXXBasePaths Paths(/*FindAmbiguities=*/true, /*RecordPaths=*/true,
                     /*DetectVirtual=*/true);
  if (!Derived->isDerivedFrom(Base, Paths) || Paths.getDetectedVirtual() ||
      Paths.isAmbiguous(Ctx.getCanonicalType(Ctx.getRecordType(Base))))
    return false;
  for (const CXXBasePathElement &E : Paths.front())
    if (E.Base->getAccessSpecifier() != AS_public)
      return false;
  return true;
}

/// Whether storage that holds an S at the pointer holds a whole T there: the
/// region maps the object through the pointer's type (`p[0:1]` copies
/// sizeof(S) bytes), and a call as T reads T's members and moves the pointer
/// to T's start. Only a T that adds no bytes and starts with S is inside.
bool holdsWhole(const CXXRecordDecl *T, const CXXRecordDecl *S,
                ASTContext &Ctx) {
  if (T->getCanonicalDecl() == S->getCanonicalDecl())
    return true;
  if (Ctx.getTypeSize(Ctx.getRecordType(T)) !=
      Ctx.getTypeSize(Ctx.getRecordType(S)))
    return false;
  CXXBasePaths Paths(/*FindAmbiguities=*/true, /*RecordPaths=*/true,
                     /*DetectVirtual=*/true);
  if (!T->isDerivedFrom(S, Paths) || Paths.begin() == Paths.end())
    return false;
  CharUnits Offset = CharUnits::Zero();
  for (const CXXBasePathElement &E : Paths.front())
    Offset += Ctx.getASTRecordLayout(E.Class).getBaseClassOffset(
        E.Base->getType()->getAsCXXRecordDecl());
  return Offset.isZero();
}

/// Whether a map clause in the function around At maps storage through V
/// itself (`map(to: p[0:1])`, also on `target data`/`enter data`): that
/// copies what V's type covers, sizeof(S) bytes from p.
bool mappedThrough(const VarDecl *V, const Stmt *At, ASTContext &Ctx) {
  const Stmt *Body = nullptr;
  DynTypedNodeList Ps = Ctx.getParents(*At);
  while (!Ps.empty() && !Body) {
    if (const auto *F = Ps[0].get<FunctionDecl>())
      Body = F->getBody();
    else
      Ps = Ctx.getParents(Ps[0]);
  }
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    bool Found = false;
    bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
      for (const auto *M : D->getClausesOfKind<OMPMapClause>())
        for (const Expr *E : M->varlists()) {
          E = E->IgnoreParenImpCasts();
          if (const auto *AS = dyn_cast<ArraySectionExpr>(E))
            E = AS->getBase()->IgnoreParenImpCasts();
          else if (const auto *AE = dyn_cast<ArraySubscriptExpr>(E))
            E = AE->getBase()->IgnoreParenImpCasts();
          else
            continue;
          if (const auto *R = dyn_cast<DeclRefExpr>(E))
            Found |= R->getDecl() == V;
        }
      return true;
    }
  } F;
  F.V = V;
  // No function body in sight (a lambda's parents): presume the worst.
  if (!Body)
    return true;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}

} // namespace

std::string qualifyNamedCall(const CXXMemberCallExpr *C, ASTContext &Ctx,
                             std::vector<TextEdit> &Edits) {
  const auto *ME = cast<MemberExpr>(C->getCallee()->IgnoreParens());
  const CXXMethodDecl *MD = C->getMethodDecl();
  const Expr *Obj = ME->getBase();
  const CXXMethodDecl *Target =
      MD->getDevirtualizedMethod(Obj, /*IsAppleKext=*/false);
  const CXXRecordDecl *T = completeClass(Obj->IgnoreParenImpCasts()->getType());
  if (!Target || !T || Target->isPureVirtual() ||
      Target->getAccess() != AS_public ||
      !publicBase(T, Target->getParent(), Ctx))
    return "its class does not name the overrider publicly";
  if (Target->getParent()->getDeclContext()->isRecord())
    return "the overrider's class is a member of a class";
  if (!Target->getParent()->lookup(Target->getDeclName()).isSingleResult())
    return "the overrider's class declares other functions of its name";
  for (const Expr *A : C->arguments())
    if (isa<CXXDefaultArgExpr>(A))
      return "the call takes a default argument";
  unsigned MB, MEnd;
  if (!C->getBeginLoc().isFileID() || !ME->getMemberLoc().isFileID() ||
      !fileOffsets(Ctx.getSourceManager(), Ctx.getLangOpts(),
                   SourceRange(ME->getMemberLoc(), ME->getMemberLoc()), MB,
                   MEnd))
    return "the call is written in a macro";
  Edits.push_back(
      {MB, 0,
       declText(Ctx.getRecordType(Target->getParent()), "", Ctx) + "::"});
  return "";
}

std::string devirtualize(const CXXMemberCallExpr *C, ASTContext &Ctx,
                         std::vector<TextEdit> &Edits,
                         const CXXMethodDecl *&Target, bool &Partial) {
  Partial = false;
  const auto *ME = cast<MemberExpr>(C->getCallee()->IgnoreParens());
  const Expr *Obj = ME->getBase()->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Obj);
      !ME->isArrow() && U && U->getOpcode() == UO_Deref)
    Obj = U->getSubExpr()->IgnoreParenImpCasts();
  else if (!ME->isArrow())
    return "it is named through a reference";
  const VarDecl *V = localPointer(Obj);
  const CXXRecordDecl *T = V ? provenPointee(V, Ctx, 0) : nullptr;
  if (!T)
    return "the function does not show which class of object the pointer "
           "points to";
  // The kernel is at file scope, and names T there.
  if (T->isLocalClass())
    return "the class of its object is local to a function";
  const CXXMethodDecl *MD = C->getMethodDecl();
  const CXXRecordDecl *S = completeClass(Obj->getType()->getPointeeType());
  Target = MD->getCorrespondingMethodInClass(T);
  if (!S || !Target || Target->isPureVirtual() ||
      Target->getAccess() != AS_public || !publicBase(T, S, Ctx) ||
      !publicBase(T, Target->getParent(), Ctx))
    return "the class of its object does not name its overrider publicly";
  if (!holdsWhole(T, S, Ctx) && mappedThrough(V, C, Ctx)) {
    Partial = true;
    return "its object's class is larger than the pointer's, or does not "
           "start with it, and a map through the pointer copies only what "
           "its type covers: the storage does not hold the whole object";
  }
  // A class member's class may be private, or not yet complete where the
  // kernel goes (before the enclosing class).
  if (T->getDeclContext()->isRecord() ||
      Target->getParent()->getDeclContext()->isRecord())
    return "the class of its object or of its overrider is a member of a "
           "class";
  // A covariant return would give the call another type in the kernel
  // than on the host (`auto q = p->clone();`).
  if (!Ctx.hasSameType(Target->getReturnType(), MD->getReturnType()))
    return "the overrider's return type is covariant";
  // `Y::f(args)` means Target only when Y declares no other f, and it
  // takes no default argument (a virtual call takes the static type's).
  if (!Target->getParent()->lookup(Target->getDeclName()).isSingleResult())
    return "the overrider's class declares other functions of its name";
  for (const Expr *A : C->arguments())
    if (isa<CXXDefaultArgExpr>(A))
      return "the call takes a default argument";
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  unsigned PB, PE, MB, MEnd;
  if (!C->getBeginLoc().isFileID() || !C->getEndLoc().isFileID() ||
      !ME->getMemberLoc().isFileID() ||
      !fileOffsets(SM, LO, Obj->getSourceRange(), PB, PE) ||
      !fileOffsets(SM, LO, SourceRange(ME->getMemberLoc(), ME->getMemberLoc()),
                   MB, MEnd))
    return "the call is written in a macro";
  QualType Pointee = Obj->getType()->getPointeeType();
  QualType Dynamic =
      Ctx.getQualifiedType(Ctx.getRecordType(T), Pointee.getQualifiers());
  Edits.push_back(
      {PB, 0,
       "static_cast<" + declText(Ctx.getPointerType(Dynamic), "", Ctx) + ">("});
  Edits.push_back({PE, 0, ")"});
  Edits.push_back(
      {MB, 0,
       declText(Ctx.getRecordType(Target->getParent()), "", Ctx) + "::"});
  return "";
}

} // namespace omp2cuda
