// Dereferences of pointers that a region loads from storage it maps whole
// (a record's member, an array of pointers, a declare target pointer),
// whose device copies hold host addresses unless a map attaches them.
#include "analysis/AttachedPaths.h"
#include "analysis/CallFrames.h"
#include "analysis/FrameAttachment.h"
#include "analysis/LoadedOperands.h"
#include "analysis/LoadedStore.h"
#include "analysis/PointerValueUse.h"
#include "analysis/RecordCopies.h"
#include "analysis/VirtualCalls.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"

#include <memory>
#include <set>

using namespace clang;

namespace omp2cuda {
namespace {

/// How many calls deep a callee is followed with what its arguments are
/// (PointerStores' calleeUse: 4); deeper, a parameter's storage is known
/// to no item.
constexpr unsigned MaxCallDepth = 4;

/// Finds dereferences of pointers loaded from mapped aggregates.
class LoadedFinder : public RecursiveASTVisitor<LoadedFinder> {
public:
  LoadedFinder(const Stmt *Body, const Stmt *Current, const CallFrame &Frame)
      : Body(Body), Current(Current), Frame(Frame) {}
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_Deref)
      check(U->getSubExpr(), U);
    else if (U->getOpcode() == UO_AddrOf)
      check(U->getSubExpr(), U, false, " has its address taken");
    return true;
  }
  /// A record copied whole (`struct S t = s;`, `t = w.in;`, a C++ copy);
  /// a pointer bound to a constructor's reference parameter
  /// (`std::pair<int *, int> pr(s.p, 1);`), which may keep it.
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    if (CE->getNumArgs() == 1 && CE->getConstructor() &&
        CE->getConstructor()->isCopyOrMoveConstructor())
      check(CE->getArg(0), CE, false, Copied);
    else if (CE->getConstructor() && CE->getConstructor()->isUserProvided())
      follow(CE->getConstructor(), CE);
    if (CE->getNumArgs() != 1 || !CE->getConstructor() ||
        !CE->getConstructor()->isCopyOrMoveConstructor())
      for (const Expr *Arg : CE->arguments()) {
        if (Arg->isGLValue() && Arg->getType()->isPointerType())
          check(Arg, Arg, false, Copied);
        // A record a library constructor takes by reference: the object
        // made may hold its copy (RecordCopies.h).
        else if (CE->getConstructor() && Arg->isGLValue() &&
                 Arg->getType()->isRecordType() &&
                 holdsPointer(Arg->getType()) &&
                 Ctx->getSourceManager().isInSystemHeader(
                     CE->getConstructor()->getLocation()))
          check(Arg->IgnoreParenImpCasts(), CE, false, Copied);
      }
    return true;
  }
  /// An initialiser list's semantic form, which holds its conversions
  /// (the load of s.p in `B b = {s.p};`) and which the parent maps know;
  /// the base visitor walks only the syntactic one.
  bool TraverseInitListExpr(InitListExpr *S) {
    InitListExpr *Sem = S->isSemanticForm() ? S : S->getSemanticForm();
    if (!Sem)
      Sem = S;
    if (!WalkUpFromInitListExpr(Sem))
      return false;
    for (Stmt *Sub : Sem->children())
      if (!TraverseStmt(Sub))
        return false;
    return true;
  }
  /// An argument bound to a reference parameter (`g(s.p)` for `int *&`, a
  /// record's copy assignment `t = w.in`).
  bool VisitCallExpr(CallExpr *CE) {
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE);
    if (Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        Op->getArg(1)->isGLValue())
      check(Op->getArg(1), Op->getArg(1), false, Copied);
    else if (!Op)
      for (const Expr *Arg : CE->arguments())
        if (Arg->isGLValue() && Arg->getType()->isPointerType())
          check(Arg, Arg, false, Copied);
    // A trivial copy assignment is followed too: its source may be no
    // named record that the check above takes as a whole copy (a cast,
    // `*this`, a callee's return; review rev45 c1.cpp, i6.cpp).
    follow(CE->getDirectCallee(), CE);
    // A virtual call may run any overrider (VirtualCalls' family).
    const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
    if ((MC && dispatches(MC)) || (Op && dispatches(Op)))
      for (const CXXMethodDecl *M :
           overrideFamily({cast<CXXMethodDecl>(CE->getDirectCallee())},
                          const_cast<ASTContext &>(*Ctx)))
        follow(M, CE);
    // A call through a pointer may run any `declare target ... indirect`
    // function of the unit (IndirectCalls.h).
    if (!CE->getDirectCallee() && !MC && !Op && !Where.isValid())
      for (const FunctionDecl *FD : indirectFunctions(*Ctx))
        follow(FD, CE);
    return true;
  }
  /// A loop variable copied from each element (`for (S e : sa)`), whose
  /// initialiser the visitor does not walk.
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) {
    const VarDecl *LV = S->getLoopVariable();
    QualType T = LV->getType();
    if (Where.isValid() || T->isReferenceType() || !holdsPointer(T) ||
        (T->isPointerType() && !pointerValueUse(Body, LV).Derefs))
      return true;
    check(S->getRangeInit(), S->getRangeInit(), false, Copied);
    if (Where.isValid())
      Where = S->getBeginLoc();
    return true;
  }
  /// A reference bound to a pointer (`int *&r = s.p;`).
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getType()->isReferenceType() && VD->getInit())
      check(VD->getInit(), VD->getInit(), false, Copied);
    // Its destructors run at the end of its scope.
    if (!VD->hasGlobalStorage() && !isa<ParmVarDecl>(VD) &&
        !VD->getType()->isReferenceType())
      destroyed(VD->getType(), nullptr, VD->getLocation());
    return true;
  }
  /// A temporary's destructors run at the end of the full expression.
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
    destroyed(E->getType(), nullptr, E->getBeginLoc());
    return true;
  }
  /// What `delete` destroys is not the region's own.
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    destroyed(E->getDestroyedType(), E, E->getBeginLoc());
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
    if (IC->getCastKind() == CK_LValueToRValue && IC->getType()->isRecordType())
      check(IC->getSubExpr(), IC, false, Copied);
    // An array of pointers used other than by a subscript (`*(arr + 1)`,
    // `int **pp = arr;`).
    if (IC->getCastKind() == CK_ArrayToPointerDecay &&
        IC->getType()->getPointeeType()->isPointerType() && !subscripted(IC))
      check(IC->getSubExpr(), IC, false, Copied);
    return true;
  }
  SourceLocation Where;
  std::string What;
  bool ValueSeen = false; // Where uses an attached pointer's value
  const ASTContext *Ctx = nullptr;
  std::set<StoragePath> Attached;
  std::set<StoragePath> PointerItems; // pointerItemPaths
  // Locals initialised with a whole copy of a record whose pointers a map
  // attaches: their pointers hold device addresses too.
  std::set<const VarDecl *> AttachedCopies;
  unsigned Depth = 0;                    // calls from the region
  std::set<CallFrame> *Walked = nullptr; // the callees looked into

private:
  /// The attached paths, asked in this finder's frame.
  FrameAttachment attachment() const {
    return FrameAttachment(*Ctx, Frame, Attached, PointerItems);
  }
  /// F looks into a function this finder's body calls.
  void callerOf(LoadedFinder &F) const {
    F.Ctx = Ctx;
    F.Attached = Attached;
    F.PointerItems = PointerItems;
    F.Depth = Depth + 1;
    F.Walked = Walked;
    F.Scope = Scope;
  }
  /// A function the region calls, with the storage its parameters and
  /// `this` reach in the region's terms (CallFrame): a pointer it loads
  /// from a mapped record keeps the region on the host as one the region
  /// loads itself does, reported at the call (review rm21 R1: `g(&s)` with
  /// `x->p[0] = 5`, `s.set()`, a declare target record's pointer).
  void follow(const FunctionDecl *FD, const Expr *Call,
              SourceLocation At = {}) {
    const FunctionDecl *Def = nullptr;
    if (Where.isValid() || !FD || !FD->hasBody(Def) || !Def ||
        !Def->getBody() ||
        Ctx->getSourceManager().isInSystemHeader(Def->getLocation()))
      return;
    CallFrame Inner(Frame, Def, Call, *Ctx, Depth >= MaxCallDepth);
    if (!Walked->insert(Inner).second)
      return;
    LoadedFinder F(Def->getBody(), Current, Inner);
    callerOf(F);
    F.TraverseStmt(Def->getBody());
    if (const auto *CD = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *I : CD->inits())
        if (F.Where.isInvalid() && I->isWritten() && I->getInit()) {
          LoadedFinder G(I->getInit(), Current, Inner);
          callerOf(G);
          G.MemberInit = true;
          G.TraverseStmt(I->getInit());
          F.Where = G.Where;
          F.What = G.What;
          F.Nested = G.Nested;
          F.ValueSeen = G.ValueSeen;
        }
    if (F.Where.isInvalid())
      return;
    const auto *MD = dyn_cast<CXXMethodDecl>(Def);
    std::string Name = MD && MD->getParent()->isLambda()
                           ? std::string("a lambda")
                           : "'" + Def->getNameAsString() + "'";
    What = F.Nested ? F.What
                    : F.What + " in " + Name + " (line " +
                          std::to_string(Ctx->getSourceManager()
                                             .getPresumedLoc(F.Where)
                                             .getLine()) +
                          "), called here";
    Where = At.isValid() ? At : Call->getBeginLoc();
    Nested = true;
    ValueSeen = F.ValueSeen;
  }
  /// The user-written destructors that destroying an object of type T
  /// runs: its class's, its members' and its bases'; `this` is the
  /// region's own object (Delete: the delete expression that frees it).
  void destroyed(QualType T, const Expr *Delete, SourceLocation At,
                 unsigned Level = 0) {
    const CXXRecordDecl *RD =
        Ctx->getBaseElementType(T.getNonReferenceType())->getAsCXXRecordDecl();
    if (Where.isValid() || !RD || !RD->hasDefinition() || Level > 8)
      return;
    if (const CXXDestructorDecl *DD = RD->getDestructor();
        DD && DD->isUserProvided())
      follow(DD, Delete, At);
    for (const FieldDecl *F : RD->fields())
      if (!F->getType()->isReferenceType())
        destroyed(F->getType(), Delete, At, Level + 1);
    for (const CXXBaseSpecifier &B : RD->bases())
      destroyed(B.getType(), Delete, At, Level + 1);
  }
  bool outside(const VarDecl *VD) const { return !declaredIn(VD, Body); }
  /// 'v', or what an unnamed parameter is (an implicit copy assignment's
  /// source, which the walk of `t = s` follows into).
  static std::string quotedName(const VarDecl *VD) {
    if (!VD->getName().empty())
      return "'" + VD->getNameAsString() + "'";
    const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext());
    return FD ? "the object that '" + FD->getNameAsString() + "' copies from"
              : "an unnamed parameter";
  }
  /// Whether CE, a library call, reaches only the body's own objects
  /// (`std::get<0>(pr)`, `arr[1]` of a local `std::array`): what it
  /// returns a reference to is theirs.
  bool returnsLocal(const CallExpr *CE) const {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !Ctx->getSourceManager().isInSystemHeader(FD->getLocation()))
      return false;
    for (const Expr *Arg : CE->arguments())
      if (Arg->isGLValue() && !localObject(Arg))
        return false;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
      return localObject(MC->getImplicitObjectArgument());
    return true;
  }
  /// Whether E names an object of the body's own (`l` of `l.*pm`).
  bool localObject(const Expr *E) const {
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    return VD && !outside(VD) && !VD->getType()->isPointerType() &&
           !VD->getType()->isReferenceType() && !VD->hasGlobalStorage();
  }
  /// Whether the loaded pointer Load may reach a dereference through
  /// a copy or a call: a copy into a pointer variable that the region
  /// dereferences or passes on, or an argument a callee dereferences
  /// (pointerValueUse's rules, mayDeref). Its value alone is the host's
  /// either way.
  bool flowsToDeref(const Expr *Load, ASTContext &Ctx) {
    // A constructor's member initialiser stores it where no rule here
    // follows.
    if (MemberInit)
      return true;
    if (!Parents)
      Parents = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
    // An integer may become the pointer again (`(int *)(uintptr_t)s.p`).
    const Stmt *Up = Parents->getParent(Load);
    while (Up && isa<ParenExpr>(Up))
      Up = Parents->getParent(Up);
    if (const auto *CE = dyn_cast_or_null<CastExpr>(Up);
        CE && CE->getCastKind() == CK_PointerToIntegral)
      return true;
    if (!mayDeref(Body, Load, Ctx))
      return false;
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
    // A dereference right here is the direct check's (check() above).
    if (const auto *A = dyn_cast_or_null<ArraySubscriptExpr>(P);
        A && A->getBase()->IgnoreParenImpCasts() == Cur->IgnoreParenImpCasts())
      return false;
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(P);
        U && U->getOpcode() == UO_Deref)
      return false;
    if (const auto *M = dyn_cast_or_null<MemberExpr>(P); M && M->isArrow())
      return false;
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
  /// The variable, `this` or other storage whose copy E's pointer is
  /// loaded from (Member: E's member; Through: a record reached through a
  /// pointer, sp->p, (*sp).p, sp[i].p, whose device copy holds the host's
  /// pointer too); null where E is no such load, or one decided here (a
  /// declare target pointer, an element or a call's result).
  const Expr *loadRoot(const Expr *E, const Expr *At, bool Flow,
                       const char *Copy, const MemberExpr *&Member,
                       bool &Through) {
    const Expr *Root = nullptr;
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (!M->getType()->isPointerType() && !Copy)
        return nullptr;
      Member = M;
      Root = throughRecords(M, Through);
      if (!Root)
        return nullptr;
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      if (Copy && !A->getType()->isPointerType()) {
        unnamedHolder(E, At, Flow, Copy); // `struct S t = sa[1];`
        return nullptr;
      }
      if (!A->getType()->isPointerType())
        return nullptr;
      Root = A->getBase()->IgnoreParenImpCasts();
      // A member array of pointers: s.ptrs[i].
      if (const auto *M = dyn_cast<MemberExpr>(Root);
          M && M->getType()->isArrayType()) {
        Root = throughRecords(M, Through);
        if (!Root)
          return nullptr;
      } else if (Root->getType()->isPointerType()) {
        // An element of what a pointer points to (`rows[0]` of `int
        // **rows`): the device copy of a mapped array of pointers (review
        // rv R1: `rows[0][1] = 1`, host 1, emu 0).
        Through = true;
      } else if (!Root->getType()->isArrayType() &&
                 !(isa<DeclRefExpr>(Root) && cast<DeclRefExpr>(Root)
                                                 ->getDecl()
                                                 ->getType()
                                                 ->isArrayType()))
        return nullptr;
    } else if (const auto *U = dyn_cast<UnaryOperator>(E);
               U && U->getOpcode() == UO_Deref &&
               E->getType()->isPointerType()) {
      Root = U->getSubExpr()->IgnoreParenImpCasts(); // `*pp`, as `pp[0]`
      Through = true;
    } else if (const auto *D = dyn_cast<DeclRefExpr>(E);
               D && Copy && !E->getType()->isPointerType()) {
      Root = D; // a record or an array of pointers, copied whole
    } else if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(D->getDecl());
      if (VD && VD->hasGlobalStorage() && VD->getType()->isPointerType() &&
          VD->hasAttr<OMPDeclareTargetDeclAttr>() &&
          !Attached.count({{VD->getCanonicalDecl(), 0}}) &&
          (!Flow || flowsToDeref(At, VD->getASTContext()))) {
        Where = At->getBeginLoc();
        What = "the declare target pointer '" + VD->getNameAsString() + "'" +
               (Flow ? Passed : " is dereferenced");
      } else if (VD && VD->hasGlobalStorage() &&
                 VD->getType()->isPointerType() &&
                 VD->hasAttr<OMPDeclareTargetDeclAttr>() &&
                 (Attached.count({{VD->getCanonicalDecl(), 0}}) ||
                  PointerItems.count({{VD->getCanonicalDecl(), 0}})))
        attachedLoad(At, Flow,
                     "the declare target pointer '" + VD->getNameAsString() +
                         "'");
      return nullptr;
    } else {
      if (Copy && isa<UnaryOperator>(E))
        unnamedHolder(E, At, Flow, Copy); // `struct S t = *sp;`
      // A pointer a call returns by reference (`ref(s)[0]` of `int *&ref(S
      // &s) { return s.p; }`): storage of the caller's that no path names
      // (review rv40 m02, m03, m05).
      else if (const auto *CE = dyn_cast<CallExpr>(E);
               CE && CE->isGLValue() && !returnsLocal(CE))
        unnamedHolder(E, At, Flow, Copy,
                      "a pointer a call returns by reference");
      return nullptr;
    }
    return Root;
  }
  /// The pointer E (a pointer-typed operand) as loaded storage: for a
  /// dereference At, or (Flow) the load At of E, reported where its value
  /// flows to a dereference.
  /// (Copy) E is storage the region copies whole or takes the address of
  /// (`struct S t = s;`, `&s.p`, `int **pp = arr;`): what it holds may be
  /// dereferenced later, which no rule here follows; Copy says how.
  void check(const Expr *E, const Expr *At, bool Flow = false,
             const char *Copy = nullptr) {
    if (Where.isValid() || !(E->getType()->isPointerType() ||
                             (Copy && holdsPointer(E->getType()))))
      return;
    E = pointerOperand(E->IgnoreParenImpCasts());
    // A record copied from behind a cast to its own type or a comma's
    // right side (`static_cast<S &&>(q)`, `(0, q)`) is that record (review
    // rev45 c3.cpp: `S l = static_cast<S &&>(q); recs[0] = l;`).
    if (Copy && !E->getType()->isPointerType())
      E = recordOperand(E);
    // Either arm may be the loaded pointer: `(c ? s.p : s.q)[0]`.
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      check(CO->getTrueExpr(), At, Flow, Copy);
      check(CO->getFalseExpr(), At, Flow, Copy);
      return;
    }
    // A pointer member named by a pointer to member (`(s.*pm)[0]`): any
    // of the record's pointers, attached or not (review hunt m1).
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->isPtrMemOp() && !localObject(BO->getLHS()))
        unnamedHolder(E, At, Flow, Copy,
                      "a pointer held in a record, named by a pointer to "
                      "member,");
      return;
    }
    const MemberExpr *Member = nullptr;
    bool Through = false;
    const Expr *Root = loadRoot(E, At, Flow, Copy, Member, Through);
    if (!Root)
      return;
    const auto *D = dyn_cast<DeclRefExpr>(Root);
    const auto *VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    bool Bound = false;
    const VarDecl *Named = VD;
    VD = referent(VD, Bound);
    if (!D && !isa<CXXThisExpr>(Root)) {
      unnamedHolder(E, At, Flow, Copy);
      return;
    }
    // A callee's `this` stands for the object it is called on (a lambda's
    // is its enclosing function's, as in the region).
    if (!D && Frame.bindsThis()) {
      unnamedHolder(E, At, Flow, Copy,
                    "a pointer held in the object that '" +
                        Frame.callee()->getNameAsString() + "' is called on");
      return;
    }
    if (!D) {
      thisMember(E, Member, At, Flow, Copy);
      return;
    }
    // A local copy of such a record (`S l = q;`): its pointers' values
    // are the attached ones (scratch-ex11 r16.cpp: `stash[1] = l.p`).
    if (VD && !Through && AttachedCopies.count(VD)) {
      std::string Holder = "a pointer held in " + quotedName(Named) +
                           " (a copy of a record whose pointers a map "
                           "attaches)";
      if (!wholeCopy(E, At, Copy, Holder, /*Region=*/false) &&
          !localCopyEscapes(At, Copy, Holder))
        attachedLoad(At, Flow, Holder);
      return;
    }
    // A record bound to a reference (a parameter, `S &r = s`) is mapped
    // memory like the record itself.
    if (!VD || (!outside(VD) && !Through && !Bound))
      return;
    // The rows of a parameter `int **rows` that no map item of the
    // function names were mapped by its callers, who may attach them.
    std::string Holder =
        Through ? "a pointer held in what " + quotedName(Named) + " points to"
                : "a pointer held in " + quotedName(Named);
    if (Through && !Member && isa<ParmVarDecl>(VD) &&
        !mapsThrough(Scope ? Scope : Current, VD)) {
      // `*o = *i;` copies what the caller's pointer reaches (review rev45
      // a2b.c: `cp(recs, &q)`).
      if (!wholeCopy(E, At, Copy, Holder, /*Region=*/false))
        attachedLoad(At, Flow, Holder);
      return;
    }
    // Only an item through this very pointer attaches it (s.q[0:n] leaves
    // s.p, s2.q and sa[1].q holding the host's address).
    if (attachment().attachedIn(E)) {
      if (!wholeCopy(E, At, Copy, Holder, /*Region=*/true))
        attachedLoad(At, Flow, Holder, E);
      return;
    }
    refuseLoad(E, At, Member, Flow, Copy, Holder);
  }
  /// The load At (Flow) of a pointer that a map attaches or may attach
  /// (a parameter's rows, which its callers map; a pointer mapped as an
  /// item itself, `map(to: q.p)`, which the runtime attaches where its
  /// pointee is mapped), held in storage E of the region's (not a
  /// callee's own): its copy may hold the device address where the host
  /// build's holds the host's, so a use of its value that the host build
  /// sees (valueSeenAt) gives another answer (scratch-ex10 r6: `stash[1]
  /// = q.p + 2`, emu 0, the host build 1). A constructor's member
  /// initialiser keeps it where no rule follows. True when so reported.
  bool attachedLoad(const Expr *At, bool Flow, const std::string &Holder,
                    const Expr *E = nullptr) {
    if (!Flow || Where.isValid() || (E && !attachment().regionStorage(E)))
      return false;
    SourceLocation L =
        MemberInit ? At->getBeginLoc()
                   : valueSeenAt(Body, At, const_cast<ASTContext &>(*Ctx),
                                 [this](const Expr *L) {
                                   return attachment().kept(L);
                                 });
    if (L.isInvalid())
      return false;
    Where = L;
    What = Holder + AttachedSeen;
    ValueSeen = true;
    return true;
  }
  /// Keeps the region on the host for the unattached pointer Holder names,
  /// loaded at At, unless the region first stores a device address there
  /// itself, or (Flow) the value reaches no dereference.
  void refuseLoad(const Expr *E, const Expr *At, const MemberExpr *Member,
                  bool Flow, const char *Copy, const std::string &Holder) {
    if (!Copy && (Flow ? !flowsToDeref(At, const_cast<ASTContext &>(*Ctx))
                       : Member && !Frame.callee() &&
                             storedDeviceAddress(Body, Current, Member, At))) {
      if (attachment().namedAsItem(E)) // the runtime may still attach it
        attachedLoad(At, Flow, Holder);
      return;
    }
    Where = At->getBeginLoc();
    What = Holder + (Copy ? Copy : Flow ? Passed : " is dereferenced");
  }
  /// E, a pointer held in a member of the object the region runs on
  /// (`this->s.p`, `arr[1]` of a member array, a member record copied
  /// whole): the region maps the member as it would a variable, so its
  /// copy holds the host's pointers unless an item attached them (review
  /// ldb: `map(to: s)` then `s.p[3] = 70`, host 70, emu 4). The member
  /// pointer itself (`this->p`) is the region's own value, translated.
  void thisMember(const Expr *E, const MemberExpr *Member, const Expr *At,
                  bool Flow, const char *Copy) {
    if (E == Member && E->getType()->isPointerType() &&
        isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()))
      return;
    if (attachment().attachedIn(E)) {
      attachedLoad(At, Flow,
                   "a pointer held in the member '" + thisMemberName(E) + "'",
                   E);
      return;
    }
    refuseLoad(E, At, Member, Flow, Copy,
               "a pointer held in the member '" + thisMemberName(E) + "'");
  }
  /// E's storage reached other than from a variable or `this`
  /// (`o.inner->p`, `static_cast<B &>(d).p`, a call's result): attached
  /// only where its storage path is, else the region stays on the host
  /// (review rm21: `o.inner->p[0] = 5`, host 5, emu 0).
  void unnamedHolder(const Expr *E, const Expr *At, bool Flow, const char *Copy,
                     const std::string &Holder =
                         "a pointer held in a record the region reaches "
                         "other than through a variable") {
    ASTContext &C = const_cast<ASTContext &>(*Ctx);
    StoragePath P;
    bool Known = storagePath(E, C, P);
    // A record or array of the region's own (`loc[1]`): its pointers are
    // the region's values.
    if (Known && P.front().first != thisRoot())
      if (const auto *VD = static_cast<const VarDecl *>(P.front().first);
          !outside(VD) && !VD->getType()->isPointerType() &&
          !VD->getType()->isReferenceType()) {
        // Unless it is a copy of an attached record (review rev45 d4.cpp:
        // `recs[0] = (0, l);`).
        if (AttachedCopies.count(VD) &&
            !wholeCopy(E, At, Copy, Holder, /*Region=*/false) &&
            !localCopyEscapes(At, Copy, Holder))
          attachedLoad(At, Flow, Holder);
        return;
      }
    // A copy through a cast or a comma (review rev45 c3.cpp: `S l =
    // static_cast<S &&>(q);`) is followed as one of the variable.
    if (Known && attachment().attachedIn(E)) {
      if (!wholeCopy(E, At, Copy, Holder, /*Region=*/false))
        attachedLoad(At, Flow, Holder, E);
      return;
    }
    if (!Copy && Flow && !flowsToDeref(At, C)) {
      if (attachment().namedAsItem(E)) // the runtime may still attach it
        attachedLoad(At, Flow, Holder);
      return;
    }
    Where = At->getBeginLoc();
    What = Holder + (Copy ? Copy : Flow ? Passed : " is dereferenced");
  }
  /// Follows the whole copy At of the record E, whose pointers a map
  /// attaches (RecordCopies.h): into a local of the body, which then holds
  /// attached pointers too; by value into a callee that keeps their values
  /// from the host; anywhere else the host may read the device addresses,
  /// and the region stays on the host (unless E, Region: the storage named
  /// in the region, is a callee's own). False when At is no whole copy.
  bool wholeCopy(const Expr *E, const Expr *At, const char *Copy,
                 const std::string &Holder, bool Region) {
    if (!Copy || !E->getType()->isRecordType())
      return false;
    if (!Parents)
      Parents = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
    if (!isRecordCopy(At, *Parents))
      return false;
    RecordCopyDestination D = recordCopyDestination(At, Body, *Parents);
    if (D.K == RecordCopyDestination::Kind::Local) {
      AttachedCopies.insert(D.Local);
      return true;
    }
    if (D.K == RecordCopyDestination::Kind::Argument)
      return true;
    if (Where.isInvalid() && (!Region || attachment().regionStorage(E))) {
      Where = At->getBeginLoc();
      What = Holder + CopiedAway;
      ValueSeen = true;
    }
    return true;
  }
  /// The record E names through no-op casts and commas.
  static const Expr *recordOperand(const Expr *E) {
    while (true) {
      E = E->IgnoreParens();
      if (const auto *CE = dyn_cast<CastExpr>(E);
          CE && CE->getCastKind() == CK_NoOp) {
        E = CE->getSubExpr();
        continue;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(E);
          BO && BO->getOpcode() == BO_Comma) {
        E = BO->getRHS();
        continue;
      }
      return E;
    }
  }
  /// A local copy of an attached record whose address is taken or that a
  /// reference binds (Copy, not a whole copy): where its pointers go then
  /// is not followed, so the region stays on the host (review rev45 d14.c:
  /// `struct S *pl = &l; ptrs[0] = pl->p;`). True when so reported.
  bool localCopyEscapes(const Expr *At, const char *Copy,
                        const std::string &Holder) {
    if (!Copy || Where.isValid())
      return false;
    Where = At->getBeginLoc();
    What = Holder + Copy;
    ValueSeen = true;
    return true;
  }
  bool subscripted(const Expr *E) {
    if (!Parents)
      Parents = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
    const auto *A = dyn_cast_or_null<ArraySubscriptExpr>(Parents->getParent(E));
    return A && A->getBase() == E;
  }
  static constexpr const char *Copied =
      " is copied whole, or bound to a reference";
  static constexpr const char *AttachedSeen =
      ", which a map may attach to the device copy of what it points to, "
      "has its value used where the host build sees it (compared with or "
      "subtracted from a pointer not moved alike, cast to an integer, "
      "stored where the host reads it, or passed to a call that may keep "
      "it)";
  static constexpr const char *CopiedAway =
      ", which a map attaches to the device copy of what it points to, is "
      "copied whole with the record where the host may see its value "
      "(memory the host reads, or a call that may keep it)";
  static constexpr const char *Passed =
      " is copied to a pointer that is dereferenced, or passed on";
  const Stmt *Body;
  const Stmt *Current;
  const CallFrame &Frame;
  bool Nested = false;     // What was found in a function a callee calls
  bool MemberInit = false; // Body is a constructor's member initialiser
  std::unique_ptr<ParentMap> Parents;

public:
  const Stmt *Scope = nullptr;
};

} // namespace

SourceLocation loadedPointerDeref(const Stmt *Body, const Stmt *Scope,
                                  const Stmt *Current, const ASTContext &Ctx,
                                  std::string &What, bool *ValueSeen) {
  if (!Body)
    return {};
  CallFrame Region(Body);
  std::set<CallFrame> Walked;
  LoadedFinder F(Body, Current, Region);
  F.Ctx = &Ctx;
  F.Walked = &Walked;
  F.Scope = Scope;
  attachedPaths(Scope, Current, Ctx, F.Attached);
  pointerItemPaths(Scope, Current, Ctx, F.PointerItems);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  What = F.What;
  if (ValueSeen)
    *ValueSeen = F.ValueSeen;
  return F.Where;
}

} // namespace omp2cuda
