// Data sharing of the SPMD form, Level 0 (seed 004 §3.3, seed 002; issue 9
// point 3): a team-master local that its parallel regions write, or that
// team-master code sets with side effects, lives in shared memory, one per
// team as OpenMP has it. Thread 0 alone writes it from team-master code and
// the team synchronises after; every thread reads it. So does one that
// `#pragma omp allocate` gives the team's memory (omp_pteam_mem_alloc,
// omp_cgroup_mem_alloc). The other team locals stay each thread's own copy,
// computed redundantly.
#include "analysis/DirectiveTree.h"
#include "analysis/PointerValueUse.h"
#include "analysis/Transparent.h"

#include "clang/AST/Attr.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// A scalar declared alone by a statement of team-master code.
const VarDecl *candidate(const Stmt *S) {
  const auto *DS = dyn_cast<DeclStmt>(S);
  if (!DS || !DS->isSingleDecl() || S->getBeginLoc().isMacroID())
    return nullptr;
  const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (!VD || VD->hasGlobalStorage() || VD->isStaticLocal())
    return nullptr;
  QualType T = VD->getType();
  if (!T->isScalarType() || T->isReferenceType() || T->isDependentType() ||
      T.isVolatileQualified())
    return nullptr;
  return VD;
}

/// The variables a construct's clauses give private copies (or partials).
void clauseVars(const OMPExecutableDirective &D,
                std::set<const VarDecl *> &Out) {
  auto Add = [&](auto *C) {
    for (const Expr *E : C->varlists())
      if (const VarDecl *VD = namedVarOf(E))
        Out.insert(VD);
  };
  for (const auto *C : D.getClausesOfKind<OMPPrivateClause>())
    Add(C);
  for (const auto *C : D.getClausesOfKind<OMPFirstprivateClause>())
    Add(C);
  for (const auto *C : D.getClausesOfKind<OMPLastprivateClause>())
    Add(C);
  for (const auto *C : D.getClausesOfKind<OMPReductionClause>())
    Add(C);
  for (const auto *C : D.getClausesOfKind<OMPLinearClause>())
    Add(C);
}

/// Candidates that code inside nested constructs (parallel code) writes or
/// takes the address of, where no clause of an enclosing construct made
/// them private.
struct ParallelWrites {
  const std::set<const VarDecl *> &Candidates;
  std::set<const VarDecl *> &Out;

  void written(const Expr *E, const std::set<const VarDecl *> &Private) {
    // The variable an lvalue is: x, not p[i] (memory) nor a[i] (arrays are
    // not candidates).
    if (const VarDecl *VD = namedVarOf(E))
      if (Candidates.count(VD) && !Private.count(VD))
        Out.insert(VD);
  }

  void walk(const Stmt *S, bool InConstruct,
            std::set<const VarDecl *> Private) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      if (!isa<OMPAtomicDirective>(D)) {
        clauseVars(*D, Private);
        InConstruct = true;
      }
      // A captured statement's children are its captures' initialisers,
      // not its body.
      walk(associatedBody(*D), InConstruct, Private);
      return;
    }
    if (InConstruct) {
      if (const auto *BO = dyn_cast<BinaryOperator>(S);
          BO && BO->isAssignmentOp())
        written(BO->getLHS(), Private);
      if (const auto *UO = dyn_cast<UnaryOperator>(S);
          UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf))
        written(UO->getSubExpr(), Private);
    }
    for (const Stmt *C : S->children())
      walk(C, InConstruct, Private);
  }
};

/// Candidates a statement writes (assigns, increments, initialises).
void writtenIn(const Stmt *S, const std::set<const VarDecl *> &Candidates,
               std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D);
          VD && VD->hasInit() && Candidates.count(VD))
        Out.insert(VD);
  const Expr *LHS = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    LHS = BO->getLHS();
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->isIncrementDecrementOp())
    LHS = UO->getSubExpr();
  if (LHS)
    if (const VarDecl *VD = namedVarOf(LHS); VD && Candidates.count(VD))
      Out.insert(VD);
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    writtenIn(associatedBody(*D), Candidates, Out);
    return;
  }
  for (const Stmt *C : S->children())
    writtenIn(C, Candidates, Out);
}

} // namespace

bool teamAllocated(const VarDecl *VD) {
  const auto *A = VD->getAttr<OMPAllocateDeclAttr>();
  return A && (A->getAllocatorType() == OMPAllocateDeclAttr::OMPPTeamMemAlloc ||
               A->getAllocatorType() == OMPAllocateDeclAttr::OMPCGroupMemAlloc);
}

std::set<const VarDecl *> promotedTeamVars(const Stmt *Body,
                                           const TreeVars &Vars,
                                           ASTContext &Ctx) {
  std::set<const VarDecl *> Candidates, P;
  std::vector<const Stmt *> Stmts = statementsOf(Body);
  for (const Stmt *S : Stmts)
    if (const VarDecl *VD = candidate(S))
      Candidates.insert(VD);
  if (Candidates.empty())
    return P;
  // The program asked for the team's memory: the slot is in shared memory
  // (or where the layout's budget puts it), used or not by parallel code.
  for (const VarDecl *VD : Candidates)
    if (teamAllocated(VD))
      P.insert(VD);
  ParallelWrites PW{Candidates, P};
  for (const Stmt *S : Stmts)
    PW.walk(S, false, {});
  // Team-master statements with side effects run on thread 0 alone: what
  // they write must reach the others. Promotion makes more statements
  // side effects (they write shared memory), so repeat until none is added.
  TreeVars With = Vars;
  for (bool Changed = true; Changed;) {
    Changed = false;
    With.Promoted = P;
    for (const Stmt *S : Stmts) {
      if (isa<OMPExecutableDirective>(S) &&
          !isTransparent(*cast<OMPExecutableDirective>(S)) &&
          !isa<OMPAtomicDirective>(S))
        continue; // a construct: its node's, checked above
      StmtFacts F = teamStmtFacts(S, With, Ctx);
      if (!F.WritesMemory)
        continue;
      std::set<const VarDecl *> W;
      writtenIn(S, Candidates, W);
      for (const VarDecl *VD : W)
        Changed |= P.insert(VD).second;
    }
  }
  return P;
}

} // namespace omp2cuda
