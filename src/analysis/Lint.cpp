// Lints of implicitly firstprivate scalars. firstprivate-write: a scalar
// written in a target region where OpenMP makes it implicitly firstprivate.
// The write goes to the region's own copy and is lost when the region ends,
// which surprises whoever reads the variable afterwards (an error flag, a
// counter). firstprivate-present: such a scalar starts from the host's
// value although a data region maps it and another region writes its device
// copy (a build without a device reads that write). Like a clang-tidy
// check, each only reads the AST and returns findings.
#include "analysis/Lint.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <map>

using namespace clang;

namespace omp2cuda {

namespace {

using VarSet = llvm::SmallPtrSet<const VarDecl *, 8>;

/// The variable a list item or an assigned expression names: x, or the base
/// of x[i], x[a:b], x.f (a map of p[0:n] is about p).
const VarDecl *itemVar(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DR = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DR->getDecl());
    if (const auto *AS = dyn_cast<ArraySectionExpr>(E))
      E = AS->getBase();
    else if (const auto *AE = dyn_cast<ArraySubscriptExpr>(E))
      E = AE->getBase();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *SE = dyn_cast<OMPArrayShapingExpr>(E))
      E = SE->getBase();
    else
      return nullptr;
  }
  return nullptr;
}

/// A list item of a clause: its variable and where the clause names it.
struct Item {
  const VarDecl *Var;
  SourceLocation Loc;
};

template <class ClauseT>
void addItems(const OMPClause *C, std::vector<Item> &Out) {
  if (const auto *X = dyn_cast<ClauseT>(C))
    for (const Expr *E : X->varlists())
      if (const VarDecl *V = itemVar(E))
        Out.push_back({V, E->getExprLoc()});
}

/// Items whose final value flows back to the enclosing data environment
/// when the construct ends (a write to the enclosing copy).
void addCopyOutItems(const OMPClause *C, std::vector<Item> &Out) {
  addItems<OMPLastprivateClause>(C, Out);
  addItems<OMPReductionClause>(C, Out);
  addItems<OMPTaskReductionClause>(C, Out);
  addItems<OMPLinearClause>(C, Out);
}

/// Items that get a copy of their own in the construct.
void addPrivateItems(const OMPClause *C, std::vector<Item> &Out) {
  addItems<OMPPrivateClause>(C, Out);
  addItems<OMPFirstprivateClause>(C, Out);
}

/// Every item of a data-sharing or data-mapping clause: on the target
/// construct itself, any of them decides the variable's fate explicitly.
void addNamedItems(const OMPClause *C, std::vector<Item> &Out) {
  addCopyOutItems(C, Out);
  addPrivateItems(C, Out);
  addItems<OMPMapClause>(C, Out);
  addItems<OMPIsDevicePtrClause>(C, Out);
  addItems<OMPHasDeviceAddrClause>(C, Out);
  addItems<OMPSharedClause>(C, Out);
  addItems<OMPInReductionClause>(C, Out);
  addItems<OMPAllocateClause>(C, Out);
}

/// The loop variables of the loops associated with a loop directive: they
/// are predetermined private there.
void addLoopVars(const OMPExecutableDirective &D, VarSet &Out) {
  const auto *L = dyn_cast<OMPLoopBasedDirective>(&D);
  if (!L || !D.hasAssociatedStmt())
    return;
  OMPLoopBasedDirective::doForAllLoops(
      D.getRawStmt(), /*TryImperfectlyNestedLoops=*/true, L->getLoopsNumber(),
      [&](unsigned, const Stmt *Loop) {
        const auto *F = dyn_cast<ForStmt>(Loop);
        if (!F || !F->getInit())
          return false;
        if (const auto *DS = dyn_cast<DeclStmt>(F->getInit())) {
          for (const Decl *X : DS->decls())
            if (const auto *V = dyn_cast<VarDecl>(X))
              Out.insert(V);
        } else if (const auto *B = dyn_cast<BinaryOperator>(F->getInit());
                   B && B->isAssignmentOp()) {
          if (const VarDecl *V = itemVar(B->getLHS()))
            Out.insert(V);
        }
        return false; // go on to the next loop of the nest
      });
}

/// The variables whose data-sharing the construct's own clauses or loops
/// decide. Clang adds the implicit data-sharing it decided as implicit
/// clauses; only the user's own clauses change what OpenMP does.
VarSet namedVars(const OMPExecutableDirective &D) {
  std::vector<Item> Items;
  for (const OMPClause *C : D.clauses())
    if (!C->isImplicit())
      addNamedItems(C, Items);
  VarSet Named;
  for (const Item &I : Items)
    Named.insert(I.Var);
  addLoopVars(D, Named);
  return Named;
}

/// The writes a region makes to variables of its enclosing data
/// environment: assignments, ++/--, and the copy-out at the end of a nested
/// construct (lastprivate, reduction, linear). Writes to a copy that a
/// nested construct or a lambda made private do not count.
class WriteFinder {
public:
  std::vector<Item> Writes;

  void walk(const Stmt *S, const VarSet &Private) {
    if (!S)
      return;
    if (const auto *N = dyn_cast<OMPExecutableDirective>(S))
      return nested(*N, Private);
    if (const auto *L = dyn_cast<LambdaExpr>(S))
      return lambda(*L, Private);
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
      write(B->getLHS(), Private);
    else if (const auto *U = dyn_cast<UnaryOperator>(S);
             U && U->isIncrementDecrementOp())
      write(U->getSubExpr(), Private);
    for (const Stmt *Child : S->children())
      walk(Child, Private);
  }

private:
  void write(const Expr *E, const VarSet &Private) {
    const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    if (V && !Private.count(V))
      Writes.push_back({V, DR->getLocation()});
  }

  // Only the construct's own statement is walked: a loop directive's
  // helper expressions assign the loop variables of the compiler's copies.
  void nested(const OMPExecutableDirective &N, const VarSet &Private) {
    VarSet Inner = Private;
    std::vector<Item> CopyOut, Own;
    // Implicit clauses count here: clang makes a variable implicitly
    // firstprivate in a nested task, which then writes its own copy.
    for (const OMPClause *C : N.clauses()) {
      addCopyOutItems(C, CopyOut);
      addPrivateItems(C, Own);
    }
    for (const Item &I : CopyOut) {
      if (!Private.count(I.Var))
        Writes.push_back(I);
      Inner.insert(I.Var);
    }
    for (const Item &I : Own)
      Inner.insert(I.Var);
    addLoopVars(N, Inner);
    if (N.hasAssociatedStmt())
      walk(N.getRawStmt(), Inner);
  }

  // A lambda writes its own copy of what it captures by copy.
  void lambda(const LambdaExpr &L, const VarSet &Private) {
    VarSet Inner = Private;
    for (const LambdaCapture &C : L.captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByCopy)
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
          Inner.insert(V);
    walk(L.getBody(), Inner);
  }
};

/// False when a defaultmap clause on D gives the variable's category
/// (scalar or pointer) a mapping instead of firstprivate.
bool defaultmapFirstprivate(const OMPExecutableDirective &D, bool Pointer) {
  for (const auto *DM : D.getClausesOfKind<OMPDefaultmapClause>()) {
    OpenMPDefaultmapClauseKind K = DM->getDefaultmapKind();
    bool Applies =
        K == OMPC_DEFAULTMAP_unknown ||
        K == (Pointer ? OMPC_DEFAULTMAP_pointer : OMPC_DEFAULTMAP_scalar);
    OpenMPDefaultmapClauseModifier M = DM->getDefaultmapModifier();
    if (Applies && M != OMPC_DEFAULTMAP_MODIFIER_firstprivate &&
        M != OMPC_DEFAULTMAP_MODIFIER_default)
      return false;
  }
  return true;
}

/// True for a variable OpenMP makes implicitly firstprivate on D: a local
/// or parameter of scalar type (pointers included) declared before D that
/// no clause names. References are left out: what they bind to is not
/// known here.
bool implicitlyFirstprivate(const VarDecl *V, const OMPExecutableDirective &D,
                            const VarSet &Named, const SourceManager &SM) {
  QualType T = V->getType();
  if (!V->hasLocalStorage() || T->isReferenceType() || !T->isScalarType() ||
      Named.count(V))
    return false;
  if (!SM.isBeforeInTranslationUnit(SM.getExpansionLoc(V->getLocation()),
                                    SM.getExpansionLoc(D.getBeginLoc())))
    return false; // declared in the region
  return defaultmapFirstprivate(D, T->isAnyPointerType());
}

/// True if Body names V anywhere after End (any use counts: the reader
/// expects the region's write to be there).
bool usedAfter(const Stmt *S, const VarDecl *V, SourceLocation End,
               const SourceManager &SM) {
  if (!S)
    return false;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S);
      DR && DR->getDecl() == V &&
      SM.isBeforeInTranslationUnit(End, SM.getExpansionLoc(DR->getLocation())))
    return true;
  for (const Stmt *Child : S->children())
    if (usedAfter(Child, V, End, SM))
      return true;
  return false;
}

const FunctionDecl *enclosingFunction(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    if (const auto *F = Parents[0].get<FunctionDecl>())
      return F;
    Parents = Ctx.getParents(Parents[0]);
  }
  return nullptr;
}

/// The first reference to each variable in S.
void firstUses(const Stmt *S, std::map<const VarDecl *, SourceLocation> &Out) {
  if (!S)
    return;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
      Out.emplace(V, DR->getLocation());
  for (const Stmt *Child : S->children())
    firstUses(Child, Out);
}

/// True if a target region in S other than D writes V's device copy: it
/// names V in a map clause and assigns it, or copies a value out into it
/// (reduction, lastprivate, linear).
bool otherRegionWrites(const Stmt *S, const VarDecl *V,
                       const OMPExecutableDirective &D) {
  if (!S)
    return false;
  const auto *E = dyn_cast<OMPExecutableDirective>(S);
  if (E && E != &D && isOpenMPTargetExecutionDirective(E->getDirectiveKind())) {
    std::vector<Item> Mapped, CopyOut;
    for (const OMPClause *C : E->clauses()) {
      addItems<OMPMapClause>(C, Mapped);
      addCopyOutItems(C, CopyOut);
    }
    auto Names = [&](const std::vector<Item> &Items) {
      return llvm::any_of(Items, [&](const Item &I) { return I.Var == V; });
    };
    if (Names(CopyOut))
      return true;
    if (Names(Mapped) && E->hasAssociatedStmt()) {
      WriteFinder W;
      W.walk(E->getRawStmt(), VarSet());
      if (llvm::any_of(W.Writes, [&](const Item &I) { return I.Var == V; }))
        return true;
    }
  }
  for (const Stmt *Child : S->children())
    if (otherRegionWrites(Child, V, D))
      return true;
  return false;
}

} // namespace

std::vector<LintFinding>
lintFirstprivatePresent(const OMPExecutableDirective &D, ASTContext &Ctx) {
  std::vector<LintFinding> Out;
  if (!isOpenMPTargetExecutionDirective(D.getDirectiveKind()) ||
      !D.hasAssociatedStmt())
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();
  VarSet Named = namedVars(D);
  std::map<const VarDecl *, SourceLocation> Uses;
  firstUses(D.getRawStmt(), Uses);
  VarSet Reported;
  // The target data constructs around D, up to its function.
  for (DynTypedNodeList P = Ctx.getParents(D); !P.empty();
       P = Ctx.getParents(P[0])) {
    if (P[0].get<FunctionDecl>() || P[0].get<LambdaExpr>())
      break;
    const auto *TD = P[0].get<OMPTargetDataDirective>();
    if (!TD)
      continue;
    std::vector<Item> Mapped;
    for (const OMPClause *C : TD->clauses())
      addItems<OMPMapClause>(C, Mapped);
    for (const Item &I : Mapped) {
      auto U = Uses.find(I.Var);
      if (U == Uses.end() || Reported.count(I.Var) ||
          !implicitlyFirstprivate(I.Var, D, Named, SM) ||
          !otherRegionWrites(TD->getRawStmt(), I.Var, D))
        continue;
      Reported.insert(I.Var);
      std::string Name = I.Var->getName().str();
      Out.push_back(
          {U->second, Name,
           "'" + Name +
               "' is firstprivate in this target region (a scalar without a "
               "map clause), so it starts from the host's value, not from "
               "the device copy that the enclosing 'target data' maps and "
               "another target region writes; a build without a device "
               "reads the written value. map(tofrom: " +
               Name + ") reads the device copy"});
    }
  }
  return Out;
}

std::vector<LintFinding> lintFirstprivateWrites(const OMPExecutableDirective &D,
                                                ASTContext &Ctx,
                                                const FunctionDecl *Function) {
  std::vector<LintFinding> Out;
  if (!isOpenMPTargetExecutionDirective(D.getDirectiveKind()) ||
      !D.hasAssociatedStmt())
    return Out;
  if (!Function)
    Function = enclosingFunction(D, Ctx);
  if (!Function || !Function->getBody())
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();
  VarSet Named = namedVars(D);
  WriteFinder W;
  W.walk(D.getRawStmt(), VarSet());
  // The first write of each variable, in source order.
  std::stable_sort(W.Writes.begin(), W.Writes.end(),
                   [&](const Item &A, const Item &B) {
                     return SM.isBeforeInTranslationUnit(A.Loc, B.Loc);
                   });
  SourceLocation End = SM.getExpansionLoc(D.getAssociatedStmt()->getEndLoc());
  VarSet Seen;
  for (const Item &I : W.Writes) {
    if (!Seen.insert(I.Var).second ||
        !implicitlyFirstprivate(I.Var, D, Named, SM) ||
        !usedAfter(Function->getBody(), I.Var, End, SM))
      continue;
    std::string Name = I.Var->getName().str();
    Out.push_back(
        {I.Loc, Name,
         "'" + Name +
             "' is written in the target region but is firstprivate there "
             "(a scalar without a map clause), so the write is lost when the "
             "region ends; map it with map(tofrom: " +
             Name + ") or use a reduction"});
  }
  return Out;
}

} // namespace omp2cuda
