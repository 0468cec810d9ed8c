// The directive tree's parallel code: parallel regions of team-master code,
// the worksharing loops, sections and barriers inside them, and what their
// threads do to the team's variables.
#include "analysis/DefaultSharing.h"
#include "analysis/LoopNest.h"
#include "analysis/Scope.h"
#include "analysis/Transparent.h"
#include "analysis/TreeBuilder.h"

#include "clang/AST/StmtOpenMP.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

bool TreeBuilder::sharing(const Stmt *S, const Stmt *Construct,
                          const DirNode &N, const DirNode *Outer) {
  std::set<const VarDecl *> Exempt;
  for (const DirNode *X : {&N, Outer}) {
    if (!X)
      continue;
    Exempt.insert(X->Privates.begin(), X->Privates.end());
    Exempt.insert(X->FirstPrivates.begin(), X->FirstPrivates.end());
    for (const auto &R : X->Reductions)
      Exempt.insert(R.first);
  }
  // A loop inside a scope uses the scope's private copies.
  const SourceManager &SM = Ctx.getSourceManager();
  for (const TransparentUse &U : T.Transparent)
    if (const Stmt *B = associatedBody(*U.D);
        B && S && SM.isPointWithin(S->getBeginLoc(), B->getBeginLoc(),
                                   B->getEndLoc()))
      for (const VarDecl *VD : scopeCopies(*U.D))
        Exempt.insert(VD);
  if (SharingProblem P =
          checkSharing(S, Construct, Exempt, Shared, SharedUsed, Vars, Ctx);
      P.Where)
    return no(Verdict::no(DiagId::HostGeneral, P.Why), P.Where->getBeginLoc());
  return true;
}

bool TreeBuilder::sections(const OMPExecutableDirective &D, unsigned &Out,
                           const DirNode *Outer) {
  DirNode N;
  N.Kind = DirKind::Sections;
  N.D = &D;
  if (!clauses(D, N))
    return false;
  N.Body = loopStmt(D);
  const Stmt *Construct = &D;
  if (Outer && Outer->D != &D)
    Construct = Outer->D ? static_cast<const Stmt *>(Outer->D) : Vars.Region;
  // Clang requires every statement after the first to be a section.
  std::vector<const Stmt *> Stmts = statementsOf(N.Body);
  DirNode Copy = N;
  Out = add(std::move(N));
  for (const Stmt *S : Stmts) {
    DirNode Sec;
    Sec.Kind = DirKind::Section;
    if (const auto *SD = dyn_cast<OMPSectionDirective>(S)) {
      Sec.D = SD;
      Sec.Body = associatedBody(*SD);
    } else {
      Sec.S = S;
      Sec.Body = S;
    }
    const Stmt *Body = Sec.Body;
    if (!sharing(Body, Construct, Copy, Outer))
      return false;
    unsigned I = add(std::move(Sec));
    T.Nodes[Out].Children.push_back(I);
    if (!parallelCode(Body, I, /*Worksharing=*/false))
      return false;
  }
  return true;
}

bool TreeBuilder::loop(const OMPExecutableDirective &D, DirKind Kind,
                       unsigned &Out, const DirNode *Outer) {
  DirNode N;
  N.Kind = Kind;
  N.D = &D;
  if (!clauses(D, N))
    return false;
  // The threads of one block take turns; iterations spread over the
  // grid could not.
  if (N.Ordered && Kind != DirKind::ThreadLoop)
    return no(Verdict::no(DiagId::HostClause,
                          "the 'ordered' clause on the nested " +
                              constructName(D) + " is not supported yet"),
              D.getBeginLoc());
  std::vector<LoopLevel> Levels;
  std::set<const VarDecl *> LoopVars;
  const Stmt *Body = nullptr;
  // Intervening code (SpmdText.cpp removes the inner headers): each thread
  // runs it for its iterations.
  std::vector<TextEdit> Headers;
  bool Thread = Kind == DirKind::ThreadLoop;
  if (Verdict V = analyzeLoopNest(loopStmt(D), N.Collapse, Ctx, {}, Levels,
                                  LoopVars, &Body, nullptr,
                                  Thread ? &Headers : nullptr);
      !V.Ok)
    return no(V, D.getBeginLoc());
  if (Verdict V = nestedLoopVars(D, loopStmt(D), LoopVars, Vars,
                                 Ctx.getSourceManager());
      !V.Ok)
    return no(V, V.Where);
  N.Body = Body;
  // Variables declared in the enclosing parallel region are each
  // thread's own, as much as the loop's.
  const Stmt *Construct = &D;
  if (Outer)
    Construct = Outer->D ? static_cast<const Stmt *>(Outer->D) : Vars.Region;
  if (!sharing(Body, Construct, N, Outer))
    return false;
  Out = add(std::move(N));
  return parallelCode(Body, Out, /*Worksharing=*/false);
}

bool TreeBuilder::parallelCode(const Stmt *Body, unsigned Parent,
                               bool Worksharing) {
  if (!Worksharing) {
    // A worksharing loop's body: nothing nested but atomics and the
    // constructs rewritten in place.
    std::vector<const OMPExecutableDirective *> Nested;
    if (!nested(Body, DirContext::LoopBody, Nested))
      return false;
    if (Nested.empty())
      return true;
    DirKind As;
    Verdict V = constructRule(Nested[0]->getDirectiveKind(),
                              DirContext::LoopBody, Teams, As);
    return no(V, Nested[0]->getBeginLoc());
  }
  // Every thread of the team meets each worksharing loop and barrier of
  // a conforming program, also inside the region's own control flow: the
  // team's barrier may stand there too.
  const DirNode &P = T.Nodes[Parent];
  const Stmt *Construct = P.D ? static_cast<const Stmt *>(P.D) : Vars.Region;
  DirNode Outer = P; // a copy: add() may move the nodes
  if (!sharing(Body, Construct, Outer, nullptr))
    return false;
  std::vector<const OMPExecutableDirective *> Nested;
  if (!nested(Body, DirContext::ParallelCode, Nested))
    return false;
  for (const OMPExecutableDirective *D : Nested) {
    DirKind As;
    if (Verdict V = constructRule(D->getDirectiveKind(),
                                  DirContext::ParallelCode, Teams, As);
        !V.Ok)
      return no(V, D->getBeginLoc());
    unsigned Child;
    if (As == DirKind::Barrier) {
      DirNode N;
      N.Kind = DirKind::Barrier;
      N.D = D;
      Child = add(std::move(N));
    } else if (As == DirKind::Sections) {
      if (!sections(*D, Child, &Outer))
        return false;
    } else if (!loop(*D, As, Child, &Outer)) {
      return false;
    }
    // Inside the parallel region's own loops and branches a construct
    // may run again after itself, or after the one that follows it: its
    // closing barrier stays even where nothing follows it in the text
    // (LowerSpmd.cpp).
    std::vector<const Stmt *> Direct = statementsOf(Body);
    T.Nodes[Child].InControlFlow =
        std::find(Direct.begin(), Direct.end(), D) == Direct.end();
    T.Nodes[Parent].Children.push_back(Child);
  }
  return true;
}

bool TreeBuilder::nested(const Stmt *S, DirContext Where,
                         std::vector<const OMPExecutableDirective *> &Out) {
  SourceLocation At;
  if (Verdict V = findTransparent(S, Where, T.Transparent, &Out, At); !V.Ok)
    return no(V, At);
  return true;
}

bool TreeBuilder::parallelConstruct(const OMPExecutableDirective &D,
                                    unsigned &Child) {
  size_t FirstUse = T.Transparent.size();
  OpenMPDirectiveKind K = D.getDirectiveKind();
  DirNode P;
  P.Kind = DirKind::Parallel;
  P.D = &D;
  if (K == llvm::omp::OMPD_parallel_sections ||
      (isa<OMPLoopDirective>(D) && !isParallelMaster(K))) {
    // parallel for, parallel sections: a parallel region of one
    // worksharing construct, which takes the clauses.
    Child = add(std::move(P));
    DirNode Outer = T.Nodes[Child];
    unsigned W;
    if (K == llvm::omp::OMPD_parallel_sections
            ? !sections(D, W, &Outer)
            : !loop(D, DirKind::ThreadLoop, W, &Outer))
      return false;
    T.Nodes[Child].Children.push_back(W);
    return true;
  }
  P.Body = loopStmt(D);
  if (!clauses(D, P))
    return false;
  Child = add(std::move(P));
  // parallel master taskloop: one thread runs the loop, its tasks in
  // order; its body is checked here as a worksharing loop's would be.
  DirNode Outer = T.Nodes[Child];
  bool Loop = isa<OMPLoopDirective>(D);
  if (Loop && !sharing(Outer.Body, &D, Outer, nullptr))
    return false;
  return parallelCode(Outer.Body, Child, /*Worksharing=*/!Loop) &&
         unsynchronised(Child, FirstUse);
}

} // namespace omp2cuda
