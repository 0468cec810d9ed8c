// The directive tree's team-master code: statements that every thread runs
// redundantly or thread 0 alone under a guard (SPMD form), or that thread 0
// runs as written (control-loop form), and the constructs that split it.
#include "analysis/DefaultSharing.h"
#include "analysis/Transparent.h"
#include "analysis/TreeBuilder.h"

#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace omp2cuda {

bool TreeBuilder::masterCode(const Stmt *Body, unsigned Parent,
                             bool InTeamLoop) {
  for (const Stmt *S : statementsOf(Body)) {
    const auto *D = dyn_cast<OMPExecutableDirective>(S);
    if (D && !isa<OMPAtomicDirective>(D) && !isTransparent(*D)) {
      if (!teamConstruct(*D, Parent, InTeamLoop, false))
        return false;
      continue;
    }
    // Constructs rewritten in place keep their team-code form: thread 0
    // is the one thread there, and no state is inside them.
    std::vector<const OMPExecutableDirective *> Nested;
    if (!nested(S, DirContext::TeamCode, Nested))
      return false;
    for (const OMPExecutableDirective *X : Nested)
      if (!teamConstruct(*X, Parent, InTeamLoop, true))
        return false;
  }
  return true;
}

bool TreeBuilder::teamCode(const Stmt *Body, unsigned Parent, bool InTeamLoop) {
  if (Control)
    return masterCode(Body, Parent, InTeamLoop);
  int LastGuard = -1; // the guard the previous statement went to
  for (const Stmt *S : statementsOf(Body)) {
    const auto *D = dyn_cast<OMPExecutableDirective>(S);
    if (D && !isa<OMPAtomicDirective>(D) && !isTransparent(*D)) {
      LastGuard = -1;
      if (!teamConstruct(*D, Parent, InTeamLoop, false))
        return false;
      continue;
    }
    StmtFacts F = teamStmtFacts(S, Vars, Ctx);
    T.TeamStmts.push_back({S, F});
    sharedCandidate(S);
    DirKind As;
    SourceLocation Where;
    if (Verdict V = teamStmtRule(F, As, Where); !V.Ok)
      return no(V, Where.isValid() ? Where : S->getBeginLoc());
    std::vector<const OMPExecutableDirective *> Nested;
    if (!nested(S, DirContext::TeamCode, Nested))
      return false;
    // A team local in shared memory: declared for the team, its initial
    // value stored by thread 0 (a guard of its own, so that its
    // declaration goes right before it).
    const auto *DS = dyn_cast<DeclStmt>(S);
    const VarDecl *PV = DS && DS->isSingleDecl()
                            ? dyn_cast<VarDecl>(DS->getSingleDecl())
                            : nullptr;
    if (!PV || !Vars.Promoted.count(PV))
      PV = nullptr;
    if (PV && As != DirKind::Guard)
      T.SharedDecls.push_back(DS);
    if (PV && As == DirKind::Guard)
      LastGuard = -1;
    if (As == DirKind::Guard && LastGuard >= 0) {
      // Side effects one after the other: one guard, one barrier.
      T.Nodes[LastGuard].SEnd = S;
      continue;
    } else if (As == DirKind::Guard) {
      DirNode N;
      N.Kind = DirKind::Guard;
      N.S = N.SEnd = S;
      if (PV)
        N.PromotedDecls.push_back(DS);
      unsigned I =
          add(std::move(N)); // before naming the parent: add() may move it
      T.Nodes[Parent].Children.push_back(I);
      LastGuard = static_cast<int>(I);
      continue;
    }
    LastGuard = -1;
    // Constructs inside the team's own control flow (a time-step loop
    // around a parallel for): every thread takes the same path, since
    // that code only computes values.
    for (const OMPExecutableDirective *X : Nested)
      if (!teamConstruct(*X, Parent, InTeamLoop, true))
        return false;
  }
  return true;
}

bool TreeBuilder::teamConstruct(const OMPExecutableDirective &D,
                                unsigned Parent, bool InTeamLoop,
                                bool InControlFlow) {
  DirKind As;
  if (Verdict V = constructRule(D.getDirectiveKind(), DirContext::TeamCode,
                                Teams && !InTeamLoop, As);
      !V.Ok)
    return no(V, D.getBeginLoc());
  unsigned Child;
  if (As == DirKind::Parallel) {
    if (!parallelConstruct(D, Child))
      return false;
  } else if (As == DirKind::TeamLoop) {
    DirNode N;
    N.Kind = DirKind::TeamLoop;
    N.D = &D;
    if (!clauses(D, N))
      return false;
    std::vector<LoopLevel> Levels;
    std::set<const VarDecl *> LoopVars;
    const Stmt *LB = nullptr;
    if (Verdict V = analyzeLoopNest(loopStmt(D), N.Collapse, Ctx, {}, Levels,
                                    LoopVars, &LB);
        !V.Ok)
      return no(V, D.getBeginLoc());
    if (Verdict V = nestedLoopVars(D, loopStmt(D), LoopVars, Vars,
                                   Ctx.getSourceManager());
        !V.Ok)
      return no(V, V.Where);
    N.Body = LB;
    Child = add(std::move(N));
    if (!teamCode(LB, Child, /*InTeamLoop=*/true))
      return false;
  } else if (!loop(D, As, Child)) { // GridLoop
    return false;
  }
  T.Nodes[Child].InControlFlow = InControlFlow;
  T.Nodes[Parent].Children.push_back(Child);
  return true;
}

} // namespace omp2cuda
