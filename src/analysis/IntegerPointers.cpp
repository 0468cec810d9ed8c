// Pointers a region makes from integers or other bytes
// (IntegerPointers.h).
#include "analysis/IntegerPointers.h"
#include "analysis/PointerValueUse.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace omp2cuda {
namespace {

/// How many calls deep a callee's conversions are looked for.
constexpr unsigned MaxConversionDepth = 8;

/// Whether T is a pointer, or a record or array that may hold one.
bool bytesOfPointer(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *AT = T->getAsArrayTypeUnsafe())
    return bytesOfPointer(AT->getElementType());
  if (T->isPointerType() || T->isDependentType())
    return true;
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getDefinition())
    return false;
  for (const FieldDecl *F : RD->getDefinition()->fields())
    if (bytesOfPointer(F->getType()))
      return true;
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD->getDefinition()))
    for (const CXXBaseSpecifier &B : CRD->bases())
      if (bytesOfPointer(B.getType()))
        return true;
  return false;
}

bool isNull(const Expr *E, ASTContext &Ctx) {
  return E->IgnoreParenCasts()->isNullPointerConstant(
             Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull;
}

class ConversionFinder : public RecursiveASTVisitor<ConversionFinder> {
public:
  ConversionFinder(const Stmt *Body, ASTContext &Ctx, unsigned Depth,
                   std::set<const void *> &Walked)
      : Body(Body), Ctx(Ctx), Depth(Depth), Walked(Walked) {}
  /// An initialiser list's semantic form too, with its default member
  /// initialisers.
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitCastExpr(CastExpr *CE) {
    QualType To = CE->getType();
    switch (CE->getCastKind()) {
    case CK_IntegralToPointer:
      if (!isNull(CE->getSubExpr(), Ctx))
        found(CE, /*Deref=*/true);
      break;
    // `*(int **)&v`: a pointer loaded from bytes of another type.
    case CK_BitCast:
      if (To->isPointerType() && bytesOfPointer(To->getPointeeType()) &&
          !To->getPointeeType()->isVoidType() &&
          CE->getSubExpr()->getType()->isPointerType() &&
          !bytesOfPointer(CE->getSubExpr()->getType()->getPointeeType()) &&
          !CE->getSubExpr()->getType()->getPointeeType()->isVoidType())
        found(CE, false);
      break;
    // `reinterpret_cast<int *&>(v)`.
    case CK_LValueBitCast:
    case CK_LValueToRValueBitCast:
      if (bytesOfPointer(To) && !bytesOfPointer(CE->getSubExpr()->getType()))
        found(CE, false);
      break;
    default:
      break;
    }
    return true;
  }
  bool VisitBuiltinBitCastExpr(BuiltinBitCastExpr *E) {
    if (bytesOfPointer(E->getType()) &&
        !bytesOfPointer(E->getSubExpr()->getType()))
      found(E, true);
    return true;
  }
  /// `(char *)0 + v`, `((int *)0)[k]`: an address from an integer too.
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAdditiveOp() && BO->getType()->isPointerType() &&
        (nullBased(BO->getLHS()) || nullBased(BO->getRHS())))
      found(BO, true);
    return true;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator *CA) {
    if (CA->getType()->isPointerType() && nullBased(CA->getLHS()))
      found(CA, false);
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *AS) {
    if (nullBased(AS->getBase()))
      found(AS, false);
    return true;
  }
  /// A union's pointer member, which another member's bytes may have set.
  bool VisitMemberExpr(MemberExpr *ME) {
    QualType Base = ME->getBase()->getType();
    if (ME->isArrow())
      Base = Base->getPointeeType();
    const RecordDecl *RD = Base.isNull() ? nullptr : Base->getAsRecordDecl();
    if (RD && RD->isUnion() && bytesOfPointer(ME->getType()))
      for (const FieldDecl *F : RD->fields())
        if (!bytesOfPointer(F->getType())) {
          found(ME, true);
          break;
        }
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    // memcpy into a pointer's bytes.
    if (FD && CE->getNumArgs() == 3) {
      unsigned ID = FD->getBuiltinID();
      if (ID == Builtin::BImemcpy || ID == Builtin::BImemmove ||
          ID == Builtin::BI__builtin_memcpy ||
          ID == Builtin::BI__builtin_memmove) {
        QualType Dst = CE->getArg(0)->IgnoreParenImpCasts()->getType();
        if (Dst->isPointerType() && bytesOfPointer(Dst->getPointeeType()))
          found(CE, false);
      }
    }
    const FunctionDecl *Def = nullptr;
    if (FD && FD->hasBody(Def))
      follow(Def, Def->getBody(), CE);
    return true;
  }
  /// A constructor's initialisers and body, and the default member
  /// initialisers it runs.
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    const CXXConstructorDecl *CD = CE->getConstructor();
    const FunctionDecl *Def = nullptr;
    if (!CD || !CD->hasBody(Def))
      return true;
    const auto *D = cast<CXXConstructorDecl>(Def);
    for (const CXXCtorInitializer *I : D->inits())
      if (I->getInit())
        follow(D, I->getInit(), CE);
    follow(D, D->getBody(), CE);
    return true;
  }
  /// A default member initialiser (`int *p{(int *)v};`) an aggregate's
  /// initialisation runs.
  bool VisitCXXDefaultInitExpr(CXXDefaultInitExpr *E) {
    if (Where.isInvalid() && E->getExpr() && Walked.insert(E->getField()).second) {
      ConversionFinder F(E->getExpr(), Ctx, Depth + 1, Walked);
      F.Kept = true;
      F.TraverseStmt(E->getExpr());
      if (F.Where.isValid())
        Where = E->getBeginLoc();
    }
    return true;
  }
  SourceLocation Where;
  const FunctionDecl *Callee = nullptr; // where the conversion is
  /// A constructor's: what it makes is kept in the object, whose later
  /// uses are the caller's; any such pointer counts.
  bool Kept = false;

private:
  /// A null pointer, or a local pointer of the body that only ever holds
  /// one (`int *p = 0; p += v / 4;`).
  bool nullBased(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (!E->getType()->isPointerType())
      return false;
    if (isNull(E, Ctx))
      return true;
    const auto *DR = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    if (!VD || VD->hasGlobalStorage() || !declaredIn(VD, Body) ||
        !VD->getInit() || !isNull(VD->getInit(), Ctx))
      return false;
    struct Assigns : RecursiveASTVisitor<Assigns> {
      bool VisitBinaryOperator(BinaryOperator *BO) {
        const auto *L = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
        Found |= BO->getOpcode() == BO_Assign && L && L->getDecl() == VD &&
                 !isNull(BO->getRHS(), *Ctx);
        return true;
      }
      bool VisitUnaryOperator(UnaryOperator *U) {
        const auto *D = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens());
        Found |= U->getOpcode() == UO_AddrOf && D && D->getDecl() == VD;
        return true;
      }
      const VarDecl *VD = nullptr;
      ASTContext *Ctx = nullptr;
      bool Found = false;
    } A;
    A.VD = VD;
    A.Ctx = &Ctx;
    A.TraverseStmt(const_cast<Stmt *>(Body));
    return !A.Found;
  }
  /// E makes a pointer from other bytes; Deref: only where its value may
  /// reach a dereference.
  void found(const Expr *E, bool Deref) {
    if (Where.isInvalid() && (!Deref || Kept || mayDeref(Body, E, Ctx)))
      Where = E->getBeginLoc();
  }
  void follow(const FunctionDecl *Def, const Stmt *S, const Expr *Call) {
    if (Where.isValid() || !S || Depth >= MaxConversionDepth ||
        Ctx.getSourceManager().isInSystemHeader(Def->getLocation()) ||
        !Walked.insert(S).second)
      return;
    ConversionFinder F(S, Ctx, Depth + 1, Walked);
    F.Kept = isa<CXXConstructorDecl>(Def);
    F.TraverseStmt(const_cast<Stmt *>(S));
    if (const auto *CD = dyn_cast<CXXConstructorDecl>(Def);
        CD && S == CD->getBody())
      for (const FieldDecl *FD : CD->getParent()->fields())
        if (F.Where.isInvalid() && FD->hasInClassInitializer() &&
            Walked.insert(FD).second)
          F.TraverseStmt(FD->getInClassInitializer());
    if (F.Where.isValid()) {
      Where = Call->getBeginLoc();
      Callee = F.Callee ? F.Callee : Def;
    }
  }

  const Stmt *Body;
  ASTContext &Ctx;
  unsigned Depth;
  std::set<const void *> &Walked;
};

} // namespace

SourceLocation integerPointerDeref(const Stmt *Body, ASTContext &Ctx,
                                   std::string &What) {
  if (!Body)
    return {};
  std::set<const void *> Walked;
  ConversionFinder F(Body, Ctx, 0, Walked);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  if (F.Where.isValid())
    What = F.Callee ? "'" + F.Callee->getNameAsString() +
                          "', called here, dereferences a pointer converted "
                          "from an integer or other bytes"
                    : "a pointer converted from an integer or other bytes "
                      "(a union's other member, memcpy, a bit cast, "
                      "arithmetic on a null pointer) is dereferenced";
  return F.Where;
}

} // namespace omp2cuda
