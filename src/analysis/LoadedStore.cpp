// A store that dominates a load is proven syntactically and conservatively:
// straight-line statements of one compound, no call and no write that may
// alias the member between them; loops, branches and calls between keep
// the region on the host.
#include "analysis/LoadedStore.h"
#include "analysis/PointerValueUse.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {
namespace {

/// A member path `s.a.p`, or `sp->a.p` (Arrow): its variable and fields,
/// outermost first.
struct Path {
  const VarDecl *Root = nullptr;
  bool Arrow = false;
  llvm::SmallVector<const ValueDecl *, 4> Fields;
  bool operator==(const Path &O) const {
    return Root == O.Root && Arrow == O.Arrow && Fields == O.Fields;
  }
};

/// E as `s.f.g` or `sp->f.g` through non-union records; false for anything
/// else.
bool pathOf(const Expr *E, Path &P) {
  llvm::SmallVector<const ValueDecl *, 4> Rev;
  E = E->IgnoreParens();
  P.Arrow = false;
  while (const auto *M = dyn_cast<MemberExpr>(E)) {
    QualType BT = M->getBase()->getType();
    if (M->isArrow())
      BT = BT->getPointeeType();
    const RecordDecl *RD = BT.isNull() ? nullptr : BT->getAsRecordDecl();
    if (!isa<FieldDecl>(M->getMemberDecl()) || !RD || RD->isUnion())
      return false;
    Rev.push_back(M->getMemberDecl());
    if (M->isArrow()) {
      E = M->getBase()->IgnoreParenImpCasts();
      P.Arrow = true;
      break;
    }
    E = M->getBase()->IgnoreParens();
  }
  const auto *D = dyn_cast<DeclRefExpr>(E);
  P.Root = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  P.Fields.assign(Rev.rbegin(), Rev.rend());
  return P.Root && !P.Fields.empty() &&
         P.Root->getType()->isPointerType() == P.Arrow;
}

bool isWrite(const Stmt *P, const Expr *Operand) {
  if (const auto *BO = dyn_cast<BinaryOperator>(P))
    return BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == Operand;
  if (const auto *UO = dyn_cast<UnaryOperator>(P))
    return UO->isIncrementDecrementOp();
  return false;
}

/// A type whose stores cannot change a pointer object (strict aliasing):
/// arithmetic but not a character type, or an enumeration.
bool cannotHoldPointer(QualType T) {
  T = T.getCanonicalType();
  if (T->isEnumeralType())
    return true;
  return T->isArithmeticType() && !T->isAnyCharacterType() &&
         !T->isSpecificBuiltinType(BuiltinType::UChar) &&
         !T->isSpecificBuiltinType(BuiltinType::SChar) &&
         !T->isSpecificBuiltinType(BuiltinType::Char_U) &&
         !T->isSpecificBuiltinType(BuiltinType::Char_S);
}

class StoreChecker {
public:
  StoreChecker(const Stmt *Body, const Stmt *Current, const Path &L)
      : Body(Body), Current(Current), PM(const_cast<Stmt *>(Body)), L(L) {}

  bool inside(const Decl *D) const { return declaredIn(D, Body); }

  /// The member path whose outermost member expression is E, when E is
  /// read or written as a scalar; false when s is used any other way.
  bool tracked(const DeclRefExpr *D, const Expr *&Top) {
    const Expr *Cur = D;
    const Stmt *P = PM.getParent(Cur);
    if (D->getType()->isPointerType()) {
      // sp->f: sp's value, then the member through it.
      const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P);
      const auto *M = IC && IC->getCastKind() == CK_LValueToRValue
                          ? dyn_cast_or_null<MemberExpr>(PM.getParent(IC))
                          : nullptr;
      if (!M || !M->isArrow() || M->getBase() != IC)
        return false;
      Cur = M;
      P = PM.getParent(Cur);
    }
    while (P && (isa<ParenExpr>(P) ||
                 (isa<MemberExpr>(P) && !cast<MemberExpr>(P)->isArrow() &&
                  cast<MemberExpr>(P)->getBase()->IgnoreParens() == Cur))) {
      Cur = cast<Expr>(P);
      P = PM.getParent(Cur);
    }
    Path Q;
    if (!pathOf(Cur, Q) || !P)
      return false;
    QualType T = Cur->getType();
    if (!T->isPointerType() && !T->isArithmeticType() && !T->isEnumeralType())
      return false;
    Top = Cur;
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P))
      return IC->getCastKind() == CK_LValueToRValue;
    return isWrite(P, Cur);
  }

  /// Every use of s is a scalar member read or written (no address taken,
  /// no reference bound, no call on it), and Body has no label or switch
  /// that could jump between a store and a load.
  bool shapeOk();
  bool deviceAddress(const Expr *E) const;
  bool deviceStore(const Stmt *X) const {
    const auto *BO = dyn_cast<BinaryOperator>(X);
    Path Q;
    return BO && BO->getOpcode() == BO_Assign && pathOf(BO->getLHS(), Q) &&
           Q == L && deviceAddress(BO->getRHS());
  }
  bool interferes(const Stmt *X) const;
  bool covered(const Expr *At) const;
  bool restored() const;
  /// The store that puts the saved host value back (restored()).
  const Stmt *restore() const;

  const Stmt *Body, *Current;
  ParentMap PM;
  Path L;
  /// The writes to L (assignments, compound assignments, ++ and --).
  std::vector<const Stmt *> Writes;
  /// Every reference to s; tracked ones name their member expression.
  std::vector<const DeclRefExpr *> Refs;
  bool Jumps = false;
};

class StoreCollector : public RecursiveASTVisitor<StoreCollector> {
public:
  StoreCollector(StoreChecker &C) : C(C) {}
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (D->getDecl() == C.L.Root)
      C.Refs.push_back(D);
    return true;
  }
  bool VisitLabelStmt(LabelStmt *) { return jump(); }
  bool VisitSwitchStmt(SwitchStmt *) { return jump(); }
  bool VisitGotoStmt(GotoStmt *) { return jump(); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return jump(); }

private:
  bool jump() {
    C.Jumps = true;
    return true;
  }
  StoreChecker &C;
};

bool StoreChecker::shapeOk() {
  StoreCollector(*this).TraverseStmt(const_cast<Stmt *>(Body));
  if (Jumps)
    return false;
  for (const DeclRefExpr *D : Refs) {
    // A lambda's body runs where it is called, not where it is written:
    // the order of stores and loads in the text says nothing (review rV:
    // `auto get = [&]{ return l.p; }; l.p = a; s.p = get();`).
    for (const Stmt *P = PM.getParent(D); P; P = PM.getParent(P))
      if (isa<LambdaExpr, BlockExpr>(P))
        return false;
    const Expr *Top = nullptr;
    if (!tracked(D, Top))
      return false;
    Path Q;
    pathOf(Top, Q);
    if (Q == L && isWrite(PM.getParent(Top), Top))
      Writes.push_back(PM.getParent(Top));
  }
  return true;
}

/// The address of an array (or an element), or a pointer variable declared
/// before the region whose device copy is the translated address of what
/// it points to: one a written map item of Current maps a section through
/// (`map(to: q[0:n])`), or one that no written clause names and whose value
/// does not escape the region (PointerValueUse.cpp: one that does keeps the
/// host's value).
bool StoreChecker::deviceAddress(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->isAdditiveOp() && BO->getLHS()->getType()->isPointerType())
      return deviceAddress(BO->getLHS());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      if (const auto *AS =
              dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
        return AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType() &&
               deviceAddress(AS->getBase());
  const auto *D = dyn_cast<DeclRefExpr>(E);
  const auto *VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  if (!VD || VD->getType()->isReferenceType())
    return false;
  if (VD->getType()->isArrayType())
    return true;
  if (!VD->getType()->isPointerType() || VD->hasGlobalStorage() || inside(VD))
    return false;
  const auto *Dir = dyn_cast_or_null<OMPExecutableDirective>(Current);
  if (!Dir)
    return false;
  bool Section = false;
  for (const OMPClause *C : Dir->clauses()) {
    if (C->isImplicit())
      continue;
    if (isa<OMPDefaultmapClause>(C))
      return false;
    if (const auto *M = dyn_cast<OMPMapClause>(C)) {
      for (const Expr *Item : M->varlists()) {
        const Expr *Bare = Item->IgnoreParenImpCasts();
        if (const auto *ID = dyn_cast<DeclRefExpr>(Bare))
          if (ID->getDecl() == VD)
            return false; // the pointer itself: its own value
        const auto *AS = dyn_cast<ArraySectionExpr>(Bare);
        const auto *Base =
            AS ? dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts())
               : nullptr;
        Section |= Base && Base->getDecl() == VD;
      }
      continue;
    }
    for (const Stmt *Ch : const_cast<OMPClause *>(C)->children())
      if (const auto *ID = dyn_cast_or_null<DeclRefExpr>(
              Ch ? cast<Expr>(Ch)->IgnoreParenImpCasts() : nullptr))
        if (ID->getDecl() == VD)
          return false;
  }
  return Section || !pointerValueUse(Body, VD).Escapes;
}

class Interference : public RecursiveASTVisitor<Interference> {
public:
  Interference(const StoreChecker &C) : C(C) {}
  bool Found = false;
  bool VisitCallExpr(CallExpr *) { return found(); }
  bool VisitCXXNewExpr(CXXNewExpr *) { return found(); }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *) { return found(); }
  bool VisitAsmStmt(AsmStmt *) { return found(); }
  bool VisitLambdaExpr(LambdaExpr *) { return found(); }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    return E->getConstructor()->isTrivial() ? true : found();
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      write(BO, BO->getLHS());
    return !Found;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      write(UO, UO->getSubExpr());
    return !Found;
  }

private:
  void write(const Stmt *W, const Expr *LHS) {
    if (std::find(C.Writes.begin(), C.Writes.end(), W) != C.Writes.end()) {
      Found = true; // another store to the member itself
      return;
    }
    Path Q;
    if (pathOf(LHS, Q) && Q.Root == C.L.Root)
      return; // another member of s (shapeOk saw every use of s)
    LHS = LHS->IgnoreParens();
    if (const auto *D = dyn_cast<DeclRefExpr>(LHS))
      if (const auto *VD = dyn_cast<VarDecl>(D->getDecl()))
        if (!VD->getType()->isReferenceType() && !VD->hasGlobalStorage() &&
            C.inside(VD))
          return; // a variable of the region
    if (!cannotHoldPointer(LHS->getType()))
      Found = true;
  }
  bool found() {
    Found = true;
    return false;
  }
  const StoreChecker &C;
};

bool StoreChecker::interferes(const Stmt *X) const {
  Interference I(*this);
  I.TraverseStmt(const_cast<Stmt *>(X));
  return I.Found;
}

/// A device store in an enclosing compound statement before At, and
/// nothing that may store s.p from it to the end of the statement that
/// holds At (the rest of a loop's body runs again before the next load).
bool StoreChecker::covered(const Expr *At) const {
  const Stmt *Child = At;
  for (const Stmt *P = PM.getParent(Child); P; Child = P, P = PM.getParent(P)) {
    if (isa<LambdaExpr>(P) || isa<BlockExpr>(P))
      return false;
    const auto *CS = dyn_cast<CompoundStmt>(P);
    if (!CS)
      continue;
    auto Pos = std::find(CS->body_begin(), CS->body_end(), Child);
    if (Pos == CS->body_end())
      return false;
    for (auto K = Pos; K != CS->body_begin();) {
      --K;
      if (!deviceStore(*K))
        continue;
      for (auto J = K + 1; J != Pos + 1; ++J)
        if (interferes(*J))
          return false;
      return true;
    }
  }
  return false;
}

/// The region saves s.p in a local (`int *t = s.p;`) before storing it and
/// puts it back last (`s.p = t;`), each at the top level of Body: the
/// record's copy goes back to the host as it came.
const Stmt *StoreChecker::restore() const {
  const auto *CS = dyn_cast<CompoundStmt>(Body);
  const Stmt *Last = nullptr;
  long LastI = -1;
  for (const Stmt *W : Writes) {
    long I = std::find(CS->body_begin(), CS->body_end(), W) - CS->body_begin();
    if (I > LastI) {
      LastI = I;
      Last = W;
    }
  }
  return Last;
}

bool StoreChecker::restored() const {
  const auto *CS = dyn_cast<CompoundStmt>(Body);
  if (!CS || Writes.empty())
    return false;
  auto Index = [&](const Stmt *S) {
    return std::find(CS->body_begin(), CS->body_end(), S) - CS->body_begin();
  };
  long First = CS->size();
  for (const Stmt *W : Writes) {
    long I = Index(W);
    if (I == (long)CS->size())
      return false; // nested: a branch or a loop may skip the restore
    First = std::min(First, I);
  }
  const auto *BO = dyn_cast<BinaryOperator>(restore());
  if (!BO || BO->getOpcode() != BO_Assign)
    return false;
  const auto *TR = dyn_cast<DeclRefExpr>(BO->getRHS()->IgnoreParenImpCasts());
  const auto *T = TR ? dyn_cast<VarDecl>(TR->getDecl()) : nullptr;
  if (!T || !T->getType()->isPointerType() || !T->getInit() || !inside(T))
    return false;
  // Declared at the top level before the first store, from s.p itself.
  bool Saved = false;
  for (long I = 0; I < First; ++I)
    if (const auto *DS = dyn_cast<DeclStmt>(CS->body_begin()[I]))
      for (const Decl *D : DS->decls())
        Saved |= D == T;
  Path Q;
  if (!Saved || !pathOf(T->getInit()->IgnoreParenImpCasts(), Q) || !(Q == L))
    return false;
  // t is read once, by the restore.
  struct TUses : RecursiveASTVisitor<TUses> {
    const VarDecl *T;
    unsigned N = 0;
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      N += D->getDecl() == T;
      return true;
    }
  } U;
  U.T = T;
  U.TraverseStmt(const_cast<Stmt *>(Body));
  return U.N == 1;
}

/// s is private or firstprivate to Current: its device copy never goes
/// back to the host.
bool privateTo(const Stmt *Current, const VarDecl *VD) {
  const auto *Dir = dyn_cast_or_null<OMPExecutableDirective>(Current);
  if (!Dir)
    return false;
  // Only written clauses: the translation maps a record that no clause
  // names (recordPassing), whatever Sema made of it.
  auto Names = [&](const OMPClause *C, auto Vars) {
    if (C->isImplicit())
      return false;
    for (const Expr *E : Vars)
      if (const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
        if (D->getDecl() == VD)
          return true;
    return false;
  };
  for (const auto *C : Dir->getClausesOfKind<OMPPrivateClause>())
    if (Names(C, C->varlists()))
      return true;
  for (const auto *C : Dir->getClausesOfKind<OMPFirstprivateClause>())
    if (Names(C, C->varlists()))
      return true;
  return false;
}

} // namespace

bool mapsThrough(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return false;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
    for (const OMPClause *C : D->clauses())
      if (isa<OMPMapClause, OMPToClause, OMPFromClause>(C))
        for (const Stmt *E : const_cast<OMPClause *>(C)->children())
          if (namesVariable(E, VD))
            return true;
  for (const Stmt *C : S->children())
    if (mapsThrough(C, VD))
      return true;
  return false;
}

bool storedDeviceAddress(const Stmt *Body, const Stmt *Current,
                         const MemberExpr *Loaded, const Expr *At) {
  Path L;
  if (!Body || !pathOf(Loaded, L) || L.Root->getType()->isReferenceType())
    return false;
  StoreChecker C(Body, Current, L);
  if (!C.shapeOk() || !C.covered(At))
    return false;
  // A private pointer sp still points at the mapped record.
  return (!L.Arrow && privateTo(Current, L.Root)) || C.restored();
}

bool storeHiddenFromHost(const Stmt *Body, const BinaryOperator *Store) {
  Path L;
  if (!Body || !Store || Store->getOpcode() != BO_Assign ||
      !pathOf(Store->getLHS(), L) || L.Root->getType()->isReferenceType())
    return false;
  StoreChecker C(Body, nullptr, L);
  // The restore itself stores the host's value, which a copy of s.p holds.
  return C.shapeOk() && C.restored() && C.restore() != Store;
}

bool memberLoadsAfter(const Stmt *Body, const BinaryOperator *Store,
                      std::vector<const Expr *> &Loads) {
  Path L;
  if (!Body || !Store || !pathOf(Store->getLHS(), L) ||
      L.Root->getType()->isReferenceType())
    return false;
  StoreChecker C(Body, nullptr, L);
  if (!C.shapeOk())
    return false;
  const SourceManager &SM = L.Root->getASTContext().getSourceManager();
  // The loops around Store run it again before their earlier loads.
  std::vector<const Stmt *> Loops;
  for (const Stmt *P = C.PM.getParent(Store); P; P = C.PM.getParent(P))
    if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) ||
        isa<CXXForRangeStmt>(P))
      Loops.push_back(P);
  auto MayFollow = [&](const Expr *E) {
    if (SM.isBeforeInTranslationUnit(Store->getEndLoc(), E->getBeginLoc()))
      return true;
    return llvm::any_of(Loops, [&](const Stmt *Loop) {
      return SM.isPointWithin(E->getBeginLoc(), Loop->getBeginLoc(),
                              Loop->getEndLoc());
    });
  };
  for (const DeclRefExpr *D : C.Refs) {
    const Expr *Top = nullptr;
    C.tracked(D, Top);
    Path Q;
    const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(C.PM.getParent(Top));
    if (pathOf(Top, Q) && Q == L && IC &&
        IC->getCastKind() == CK_LValueToRValue && MayFollow(Top))
      Loads.push_back(Top);
  }
  return true;
}

bool recordPointerLoads(const Stmt *Body, const VarDecl *VD,
                        std::vector<const Expr *> &Loads, unsigned Depth) {
  // A structured binding's members are read through its bindings, which
  // no member path names.
  if (isa<DecompositionDecl>(VD))
    return false;
  Path L;
  L.Root = VD;
  StoreChecker C(Body, nullptr, L);
  StoreCollector(C).TraverseStmt(const_cast<Stmt *>(Body));
  if (C.Jumps || Depth > 4)
    return false;
  for (const DeclRefExpr *D : C.Refs) {
    const Expr *Top = nullptr;
    if (C.tracked(D, Top)) {
      const auto *IC = dyn_cast<ImplicitCastExpr>(C.PM.getParent(Top));
      if (IC && IC->getCastKind() == CK_LValueToRValue &&
          Top->getType()->isPointerType())
        Loads.push_back(Top);
      continue;
    }
    // `S &r = s;`: r's uses are s's.
    const auto *DS = dyn_cast_or_null<DeclStmt>(C.PM.getParent(D));
    const auto *R = DS && DS->isSingleDecl()
                        ? dyn_cast<VarDecl>(DS->getSingleDecl())
                        : nullptr;
    if (!R || R->getInit() != D || !R->getType()->isReferenceType() ||
        !recordPointerLoads(Body, R, Loads, Depth + 1))
      return false;
  }
  return true;
}

bool recordPointerLoads(const Stmt *Body, const VarDecl *VD,
                        std::vector<const Expr *> &Loads) {
  return Body && VD && recordPointerLoads(Body, VD, Loads, 0);
}

} // namespace omp2cuda
