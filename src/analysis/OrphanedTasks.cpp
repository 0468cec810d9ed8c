// Orphaned tasking constructs and `parallel for` loop variables in functions
// device code calls (OrphanedTasks.h; Orphaned.cpp calls these).
//
// Loop variables: `#pragma omp parallel for` over `for (i = lb; ...)` with
// i declared outside makes i private to the loop (OpenMP 5.2 §5.1.1) and
// leaves the original as it was; on the device, where the loop runs in the
// calling thread, the loop becomes `for (int i = lb; ...)`, which is that
// private variable on both sides (DeviceGlobals.cpp leaves its name alone).
//
// Tasks: on the device a function's `task` and `taskgroup` pragmas are not
// compiled (nvcc's device pass ignores them), so a task runs where it is
// created, in the calling thread, and a taskgroup waits for nothing: a
// legal schedule (OpenMP 5.2 §12.5: a task may be undeferred; its
// dependences are then met by program order). That is the task's meaning
// when running its body in place cannot tell: it writes no variable a task
// would have its own (firstprivate) copy of, and its in_reduction items are
// only updated with the reduction's operator (InReduction.h), so updating
// the caller's variable in place is the taskgroup's reduction. The
// taskgroup's task_reduction items must be the function's own locals (each
// calling thread has its own), and no code of the taskgroup outside such
// tasks may read them (it would see the partial sum). The host compiles the
// pragmas as written.
#include "analysis/OrphanedTasks.h"
#include "analysis/InReduction.h"
#include "analysis/PointerValueUse.h"
#include "analysis/Transparent.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace omp2cuda {

namespace {

bool contains(const Stmt *S, const Stmt *X) {
  if (!S)
    return false;
  if (S == X)
    return true;
  for (const Stmt *C : S->children())
    if (contains(C, X))
      return true;
  return false;
}

/// The variables declared in S.
void declaredIn(const Stmt *S, std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        Out.insert(VD);
  for (const Stmt *C : S->children())
    declaredIn(C, Out);
}

/// The first write, address or reference binding in S of a variable that
/// is not declared in S and not in Allowed.
const Expr *outsideWrite(const Stmt *S, const std::set<const VarDecl *> &Local,
                         const std::set<const VarDecl *> &Allowed) {
  if (!S)
    return nullptr;
  auto Outside = [&](const Expr *E) -> const Expr * {
    E = lvalueRoot(E);
    const VarDecl *VD = namedVarOf(E);
    return VD && !Local.count(VD) && !Allowed.count(VD) ? E : nullptr;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    if (const Expr *E = Outside(BO->getLHS()))
      return E;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf))
    if (const Expr *E = Outside(UO->getSubExpr()))
      return E;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    for (const Expr *A : CE->arguments())
      if (A->isLValue())
        if (const Expr *E = Outside(A))
          return E; // may bind a reference parameter
  for (const Stmt *C : S->children())
    if (const Expr *E = outsideWrite(C, Local, Allowed))
      return E;
  return nullptr;
}

/// A reference to VD in S outside the tasks that name it in in_reduction.
const DeclRefExpr *useOutsideTasks(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return nullptr;
  if (const auto *T = dyn_cast<OMPTaskDirective>(S)) {
    for (const auto *C : T->getClausesOfKind<OMPInReductionClause>())
      for (const Expr *E : C->varlists())
        if (namedVarOf(E) == VD)
          return nullptr;
    return useOutsideTasks(associatedBody(*T), VD);
  }
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
    return useOutsideTasks(associatedBody(*D), VD);
  if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == VD)
    return DR;
  for (const Stmt *C : S->children())
    if (const DeclRefExpr *R = useOutsideTasks(C, VD))
      return R;
  return nullptr;
}

/// Whether Def takes VD's address or binds a reference to it anywhere.
bool escapes(const FunctionDecl *Def, const VarDecl *VD) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *VD;
    bool Found = false;
    bool VisitUnaryOperator(UnaryOperator *U) {
      Found = Found || (U->getOpcode() == UO_AddrOf &&
                        namedVarOf(U->getSubExpr()) == VD);
      return true;
    }
    bool VisitCallExpr(CallExpr *C) {
      for (const Expr *A : C->arguments())
        Found = Found || (A->isLValue() && namedVarOf(A) == VD);
      return true;
    }
    bool VisitVarDecl(VarDecl *V) {
      Found = Found || (V->getType()->isReferenceType() && V->getInit() &&
                        namedVarOf(V->getInit()) == VD);
      return true;
    }
  } F;
  F.VD = VD;
  F.TraverseStmt(Def->getBody());
  return F.Found;
}

/// A local of Def each calling thread has its own of.
bool ownLocal(const VarDecl *VD, const FunctionDecl *Def) {
  return VD && VD->isLocalVarDecl() && !VD->isStaticLocal() &&
         VD->getDeclContext() == Def && !escapes(Def, VD);
}

} // namespace

std::string orphanedTaskProblem(const OMPExecutableDirective &D,
                                const FunctionDecl *Def) {
  const Stmt *Body = associatedBody(D);
  if (isa<OMPTaskgroupDirective>(D)) {
    for (const OMPClause *C : D.clauses()) {
      if (C->isImplicit())
        continue;
      const auto *TR = dyn_cast<OMPTaskReductionClause>(C);
      if (!TR)
        return "has a clause other than task_reduction, which a taskgroup "
               "of tasks run in place does not keep (not supported yet)";
      for (const Expr *E : TR->varlists()) {
        const VarDecl *VD = namedVarOf(E);
        if (!ownLocal(VD, Def) || !VD->getType()->isScalarType())
          return "reduces an item that is not a scalar local of the function "
                 "whose address stays in it, which tasks run in place could "
                 "not update as the taskgroup would (not supported yet)";
        if (useOutsideTasks(Body, VD))
          return "uses its task_reduction item outside the tasks that "
                 "participate, where it would see a partial result (not "
                 "supported yet)";
      }
    }
    return "";
  }
  // A task: run in place, it must not write what would be its own copies.
  std::set<const VarDecl *> Reduced;
  for (const OMPClause *C : D.clauses()) {
    if (C->isImplicit())
      continue;
    const auto *IR = dyn_cast<OMPInReductionClause>(C);
    if (!IR)
      return "has a clause other than in_reduction, which a task run in place "
             "does not keep (not supported yet)";
    if (Verdict V = inReductionInPlace(*IR, Body); !V.Ok)
      return V.Reason;
    for (const Expr *E : IR->varlists()) {
      const VarDecl *VD = namedVarOf(E);
      // The taskgroup around it reduces VD with the same operator.
      bool Found = false;
      struct Groups : RecursiveASTVisitor<Groups> {
        std::vector<const OMPTaskgroupDirective *> All;
        bool VisitOMPTaskgroupDirective(OMPTaskgroupDirective *G) {
          All.push_back(G);
          return true;
        }
      } G;
      G.TraverseStmt(Def->getBody());
      for (const OMPTaskgroupDirective *TG : G.All)
        if (contains(associatedBody(*TG), &D))
          for (const auto *TR : TG->getClausesOfKind<OMPTaskReductionClause>())
            for (const Expr *X : TR->varlists())
              Found = Found ||
                      (namedVarOf(X) == VD &&
                       TR->getNameInfo().getName() ==
                           IR->getNameInfo().getName());
      if (!Found)
        return "reduces '" + (VD ? VD->getNameAsString() : std::string("?")) +
               "' into a reduction that no taskgroup of the function around "
               "it declares (not supported yet)";
      Reduced.insert(VD);
    }
  }
  std::set<const VarDecl *> Local;
  declaredIn(Body, Local);
  if (outsideWrite(Body, Local, Reduced))
    return "writes a variable of the function, which a task run in place "
           "would change where the task would change its own copy (not "
           "supported yet)";
  return "";
}

} // namespace omp2cuda

namespace omp2cuda {

const VarDecl *redeclaredLoopVar(const OMPExecutableDirective &D) {
  if (D.getDirectiveKind() != llvm::omp::OMPD_parallel_for ||
      D.getBeginLoc().isMacroID())
    return nullptr;
  const auto *For = dyn_cast_or_null<ForStmt>(
      D.getInnermostCapturedStmt()->getCapturedStmt());
  const auto *Init =
      For ? dyn_cast_or_null<BinaryOperator>(For->getInit()) : nullptr;
  if (!Init || Init->getOpcode() != BO_Assign ||
      Init->getLHS()->getBeginLoc().isMacroID())
    return nullptr;
  const auto *DR = dyn_cast<DeclRefExpr>(Init->getLHS()->IgnoreParens());
  const VarDecl *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!VD || !VD->getType()->isIntegerType() ||
      VD->getType().isVolatileQualified() || VD->getType()->isReferenceType())
    return nullptr;
  // `for (i = f(i); ...)` would read the new variable.
  if (useOutsideTasks(Init->getRHS(), VD))
    return nullptr;
  for (const OMPClause *C : D.clauses()) {
    if (C->isImplicit())
      continue;
    if (const auto *CC = dyn_cast<OMPCollapseClause>(C)) {
      auto N = CC->getNumForLoops()->getIntegerConstantExpr(
          VD->getASTContext());
      if (!N || *N != 1)
        return nullptr;
    }
    for (const Stmt *Child : const_cast<OMPClause *>(C)->children())
      if (Child && useOutsideTasks(Child, VD))
        return nullptr; // named in a clause: the item would be the original
  }
  return VD;
}

} // namespace omp2cuda
