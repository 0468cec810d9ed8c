// Builds the directive tree of a region with nested constructs: the nodes
// of its constructs and of the team-master statements thread 0 runs alone,
// each checked as it is met by the rules of SpmdClassify.cpp with the facts
// of SpmdFacts.cpp.
#include "analysis/DirectiveTree.h"
#include "analysis/Transparent.h"

#include "clang/AST/StmtOpenMP.h"

#include <algorithm>
#include <map>
#include <optional>

using namespace clang;

namespace omp2cuda {

namespace {

const Stmt *loopStmt(const OMPExecutableDirective &D) {
  return D.getInnermostCapturedStmt()->getCapturedStmt();
}

struct Builder {
  DirectiveTree &T;
  const TreeVars &Vars;
  ASTContext &Ctx;
  bool Teams;
  /// The control-loop form (ControlTree.cpp): thread 0 alone runs the
  /// team-master code, so its statements need no rule of the SPMD form.
  bool Control;
  /// Team-local arrays of constant size without initialiser (candidates for
  /// shared memory), their declarations, and those parallel code uses.
  std::set<const VarDecl *> Shared;
  std::map<const VarDecl *, const DeclStmt *> SharedDecl;
  std::set<const VarDecl *> SharedUsed;

  void sharedCandidate(const Stmt *S) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    if (!DS || !DS->isSingleDecl())
      return;
    const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (VD && !VD->hasGlobalStorage() && !VD->hasInit() &&
        Ctx.getAsConstantArrayType(VD->getType()) &&
        !VD->getType()->isDependentType() && !S->getBeginLoc().isMacroID()) {
      Shared.insert(VD);
      SharedDecl[VD] = DS;
    }
  }

  /// A reference to VD in S outside nested constructs other than atomics.
  static const Expr *refTo(const Stmt *S, const VarDecl *VD) {
    if (!S)
      return nullptr;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S);
        D && !isa<OMPAtomicDirective>(D))
      return isTransparent(*D) ? refTo(associatedBody(*D), VD) : nullptr;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == VD)
      return DR;
    for (const Stmt *C : S->children())
      if (const Expr *E = refTo(C, VD))
        return E;
    return nullptr;
  }

  /// Shared arrays must be the team's alone: team-master code run by every
  /// thread must not touch them.
  bool sharedArrays() {
    for (const VarDecl *VD : SharedUsed) {
      for (const auto &[S, F] : T.TeamStmts)
        if (S != SharedDecl[VD])
          if (const Expr *E = refTo(S, VD))
            return no(Verdict::no(DiagId::HostGeneral,
                                  "team-master code uses '" +
                                      VD->getNameAsString() +
                                      "', a team-local array its parallel "
                                      "regions share; only parallel code may "
                                      "use it in the SPMD form"),
                      E->getBeginLoc());
      T.SharedDecls.push_back(SharedDecl[VD]);
    }
    return true;
  }

  bool no(const Verdict &V, SourceLocation Where) {
    if (T.V.Ok) {
      T.V = V;
      T.Where = Where;
    }
    return false;
  }

  unsigned add(DirNode N) {
    T.Nodes.push_back(std::move(N));
    return static_cast<unsigned>(T.Nodes.size() - 1);
  }

  /// Checks what parallel code S, inside construct Construct (of node N
  /// and its parallel region Outer), does to the team's variables.
  bool sharing(const Stmt *S, const Stmt *Construct, const DirNode &N,
               const DirNode *Outer) {
    std::set<const VarDecl *> Exempt;
    for (const DirNode *X : {&N, Outer}) {
      if (!X)
        continue;
      Exempt.insert(X->Privates.begin(), X->Privates.end());
      Exempt.insert(X->FirstPrivates.begin(), X->FirstPrivates.end());
      for (const auto &R : X->Reductions)
        Exempt.insert(R.first);
    }
    if (SharingProblem P =
            checkSharing(S, Construct, Exempt, Shared, SharedUsed, Vars, Ctx);
        P.Where)
      return no(Verdict::no(DiagId::HostGeneral, P.Why),
                P.Where->getBeginLoc());
    return true;
  }

  bool clauses(const OMPExecutableDirective &D, DirNode &N) {
    ClauseInfo NCI;
    if (Verdict V = readClauses(D, NCI, Ctx, {}); !V.Ok)
      return no(V, V.Where.isValid() ? V.Where : D.getBeginLoc());
    if (Verdict V = nestedClauseRule(D, NCI); !V.Ok)
      return no(V, D.getBeginLoc());
    N.Collapse = NCI.Collapse;
    N.NoWait = NCI.NoWait;
    N.Ordered = NCI.Ordered;
    if (isRestrictable(D.getDirectiveKind())) {
      N.NumThreads = NCI.ThreadLimit;
      N.IfCond = !NCI.IfCond.empty() ? NCI.IfCond : NCI.ParallelIf;
      N.MasterOnly = isParallelMaster(D.getDirectiveKind());
      for (const Expr *E : NCI.ClauseExprs)
        if (const DeclRefExpr *Bad = nonUniform(E))
          return no(Verdict::no(DiagId::HostClause,
                                "num_threads or if on the nested " +
                                    constructName(D) + " reads '" +
                                    Bad->getDecl()->getNameAsString() +
                                    "', which the kernel's threads cannot "
                                    "all read there yet"),
                    Bad->getBeginLoc());
    }
    for (const ValueDecl *VD : NCI.Private)
      if (const auto *V = dyn_cast<VarDecl>(VD))
        N.Privates.push_back(V);
    for (const ValueDecl *VD : NCI.FirstPrivate)
      if (const auto *V = dyn_cast<VarDecl>(VD))
        N.FirstPrivates.push_back(V);
    for (const auto &[VD, Op] : NCI.Reductions)
      if (const auto *V = dyn_cast<VarDecl>(VD))
        N.Reductions.push_back({V, Op});
    // The clauses' copies are declared afresh from the thread's own copy of
    // the team's variable; a variable in shared memory has none.
    auto Own = [&](const VarDecl *V, const char *Clause) {
      // In the control loop a promoted team variable is the team master's
      // one copy, from which each thread's copy is initialised.
      if ((ownCopy(V, Vars, Ctx.getSourceManager()) ||
           (Control && Vars.Promoted.count(V))) &&
          !V->getType()->isArrayType())
        return true;
      return no(Verdict::no(DiagId::HostClause,
                            std::string(Clause) + "('" + V->getNameAsString() +
                                "') on a nested construct over a mapped or "
                                "shared variable is not supported yet"),
                D.getBeginLoc());
    };
    for (const VarDecl *V : N.Privates)
      if (!Own(V, "private"))
        return false;
    for (const VarDecl *V : N.FirstPrivates)
      if (!Own(V, "firstprivate"))
        return false;
    for (const auto &R : N.Reductions) {
      if (R.first->getType()->isArrayType())
        return no(Verdict::no(DiagId::HostClause,
                              "reduction('" + R.first->getNameAsString() +
                                  "') over an array on a nested construct is "
                                  "not supported yet"),
                  D.getBeginLoc());
      if (!ownCopy(R.first, Vars, Ctx.getSourceManager())) {
        N.SharedReductions.insert(R.first);
        if ((!Vars.Region ||
             !SourceRange(Vars.Region->getBeginLoc(),
                          stmtEndLoc(Vars.Region))
                  .fullyContains(R.first->getSourceRange())) &&
            !Vars.Promoted.count(R.first))
          N.MappedReductions.insert(R.first);
      }
      if (!isAtomicNumber(R.first->getType(), Ctx))
        return no(Verdict::no(DiagId::HostType,
                              "the reduction variable '" +
                                  R.first->getNameAsString() +
                                  "' is not an integer of 1 to 8 bytes or a "
                                  "float or double"),
                  D.getBeginLoc());
    }
    return true;
  }

  /// A variable of E whose value the threads that evaluate a nested
  /// parallel construct's clauses (every thread of the block, where it
  /// stands) may not agree on or cannot name: in the control loop, the team
  /// master's locals; mapped scalars, whose kernel text differs.
  const DeclRefExpr *nonUniform(const Stmt *E) const {
    if (!E)
      return nullptr;
    if (const auto *DR = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl())) {
        const SourceManager &SM = Ctx.getSourceManager();
        bool Const = VD->getType().isConstQualified() &&
                     VD->getType()->isIntegralOrEnumerationType() &&
                     VD->hasInit() && VD->getInit()->isIntegerConstantExpr(Ctx);
        if (!Const && (!ownCopy(VD, Vars, SM) ||
                       (Control && regionLocal(VD, Vars, SM))))
          return DR;
      }
    for (const Stmt *C : E->children())
      if (const DeclRefExpr *DR = nonUniform(C))
        return DR;
    return nullptr;
  }

  static std::string constructName(const OMPExecutableDirective &D) {
    return "'" +
           llvm::omp::getOpenMPDirectiveName(D.getDirectiveKind()).str() +
           "'";
  }

  /// A restricted team whose size, when smaller than the block, is whole
  /// warps: num_threads(N) with N a constant multiple of 32, no if.
  bool warpTeam(const DirNode &N) const {
    const auto *NT = N.D->getSingleClause<OMPNumThreadsClause>();
    if (!NT || !N.IfCond.empty() || N.MasterOnly)
      return false;
    std::optional<llvm::APSInt> V =
        NT->getNumThreads()->getIntegerConstantExpr(Ctx);
    return V && V->isStrictlyPositive() && V->getExtValue() % 32 == 0;
  }

  /// A parallel region of fewer threads than the block runs on some of its
  /// threads only, which a barrier of all of them cannot wait for: its body
  /// must not synchronise (worksharing loops, barrier, single, reductions),
  /// unless it is whole warps, which a named barrier waits for (warpTeam):
  /// then its barriers and plain worksharing loops are translated.
  bool unsynchronised(unsigned I, size_t FirstUse) {
    const DirNode &N = T.Nodes[I];
    if (!N.restricted())
      return true;
    auto Refuse = [&](const std::string &What, SourceLocation At) {
      return no(Verdict::no(DiagId::HostGeneral,
                            What + " inside a nested " + constructName(*N.D) +
                                " with num_threads, if or master (a team "
                                "smaller than the block) is not supported "
                                "yet"),
                At);
    };
    // A team of whole warps can wait alone: a named barrier of its threads
    // (o2c_dev::teamSync), for its barriers and worksharing loops.
    for (unsigned C : N.Children) {
      const DirNode &X = T.Nodes[C];
      bool Named = warpTeam(N) &&
                   (X.Kind == DirKind::Barrier ||
                    (X.Kind == DirKind::ThreadLoop && X.Reductions.empty() &&
                     !X.Ordered));
      if (!Named)
        return Refuse(constructName(*X.D), X.D->getBeginLoc());
    }
    if (!N.Reductions.empty())
      return Refuse("a reduction", N.D->getBeginLoc());
    for (size_t U = FirstUse; U < T.Transparent.size(); ++U) {
      const OMPExecutableDirective *X = T.Transparent[U].D;
      if (isa<OMPSingleDirective>(X) ||
          (isa<OMPScopeDirective>(X) && !X->getSingleClause<OMPNowaitClause>()))
        return Refuse(constructName(*X), X->getBeginLoc());
    }
    return true;
  }

  /// A sections construct's node, with a node for each section (the
  /// first one's pragma may be left out), which the threads share.
  bool sections(const OMPExecutableDirective &D, unsigned &Out,
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

  /// A loop construct's node: its canonical nest and body.
  bool loop(const OMPExecutableDirective &D, DirKind Kind, unsigned &Out,
            const DirNode *Outer = nullptr) {
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
    if (Verdict V = analyzeLoopNest(loopStmt(D), N.Collapse, Ctx, {}, Levels,
                                    LoopVars, &Body);
        !V.Ok)
      return no(V, D.getBeginLoc());
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

  /// Code that every thread of a parallel region runs: only atomics may
  /// be nested, and `for` and `barrier` where Worksharing.
  bool parallelCode(const Stmt *Body, unsigned Parent, bool Worksharing) {
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

  /// The outermost constructs inside S, in source order, other than atomics
  /// and those rewritten in place, which S (in context Where) keeps.
  bool nested(const Stmt *S, DirContext Where,
              std::vector<const OMPExecutableDirective *> &Out) {
    SourceLocation At;
    if (Verdict V = findTransparent(S, Where, T.Transparent, &Out, At); !V.Ok)
      return no(V, At);
    return true;
  }

  /// Team-master code: redundant statements, guarded statements, and the
  /// constructs that split it.
  /// Team-master code of the control-loop form: thread 0 runs it as it is
  /// written; each construct in it, at any depth of its control flow, is a
  /// state of the control loop (or, for distribute, team code again).
  bool masterCode(const Stmt *Body, unsigned Parent, bool InTeamLoop) {
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

  bool teamCode(const Stmt *Body, unsigned Parent, bool InTeamLoop) {
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
      const VarDecl *PV =
          DS && DS->isSingleDecl()
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

  /// A parallel construct of team-master code: its node in Child.
  bool parallelConstruct(const OMPExecutableDirective &D, unsigned &Child) {
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
      if (K == llvm::omp::OMPD_parallel_sections ? !sections(D, W, &Outer)
                                                 : !loop(D, DirKind::ThreadLoop,
                                                         W, &Outer))
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

  bool teamConstruct(const OMPExecutableDirective &D, unsigned Parent,
                     bool InTeamLoop, bool InControlFlow) {
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
};

} // namespace

std::vector<const Stmt *> statementsOf(const Stmt *Body) {
  std::vector<const Stmt *> Out;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Out.assign(CS->body_begin(), CS->body_end());
  else if (Body)
    Out.push_back(Body);
  return Out;
}

DirectiveTree buildDirectiveTree(DirKind RootKind, const Stmt *Body,
                                 const TreeVars &Vars, ASTContext &Ctx,
                                 bool Teams, bool Control) {
  DirectiveTree T;
  Builder B{T, Vars, Ctx, Teams, Control, {}, {}, {}};
  DirNode Root;
  Root.Kind = RootKind == DirKind::Parallel ? DirKind::Parallel : DirKind::Team;
  Root.Body = Body;
  B.add(std::move(Root));
  if (RootKind == DirKind::Parallel) {
    B.parallelCode(Body, 0, /*Worksharing=*/true);
  } else if (RootKind == DirKind::TeamLoop) {
    DirNode L;
    L.Kind = DirKind::TeamLoop;
    L.Body = Body;
    unsigned I = B.add(std::move(L));
    T.Nodes[0].Children.push_back(I);
    T.Nodes[0].Body = nullptr;
    B.teamCode(Body, I, /*InTeamLoop=*/true);
  } else {
    B.teamCode(Body, 0, /*InTeamLoop=*/false);
  }
  if (T.V.Ok && !Control)
    B.sharedArrays();
  return T;
}

Verdict regionVars(DirKind RootKind, const Stmt *Region, const ClauseInfo &CI,
                   TreeVars &Vars) {
  auto No = [](const std::string &Why) {
    return Verdict::no(DiagId::HostClause, Why);
  };
  // A teams reduction's private copy is the team's: it goes to shared
  // memory like the team-master locals the team shares. A parallel
  // region's copies are each thread's, which nested reductions would
  // combine again (not supported yet).
  if (!CI.Reductions.empty() && RootKind == DirKind::Parallel)
    return No("a reduction on a parallel region with nested constructs is "
              "not supported yet");
  if (!CI.DistChunk.empty())
    return No("dist_schedule with a chunk on a distribute loop with nested "
              "constructs is not supported yet");
  if (!CI.LastPrivate.empty())
    return No("lastprivate on a region with nested constructs is not "
              "supported yet");
  // The team's private copies must be one per team, which per-thread
  // copies are only for values the threads do not write.
  for (const auto *Set : {&CI.Private, &CI.FirstPrivate})
    for (const ValueDecl *VD : *Set)
      if (VD->getType()->isArrayType() || VD->getType()->isRecordType())
        return No("a private array or aggregate of the teams on a region with "
                  "nested constructs is not supported yet");
  Vars.Region = Region;
  // A pointer mapped with a section is a device address the kernel takes
  // by value; a mapped scalar or pointer object lives in device memory.
  for (const auto &[VD, M] : CI.Maps)
    if (!M.Section)
      Vars.Mapped.insert(VD);
  auto It = CI.Defaultmap.find('s');
  Vars.ScalarsMapped = It != CI.Defaultmap.end() &&
                       It->second != "firstprivate" &&
                       It->second != "default" && It->second != "none";
  auto Agg = CI.Defaultmap.find('a');
  if (Agg != CI.Defaultmap.end() && Agg->second == "firstprivate")
    return No("defaultmap(firstprivate: aggregate) on a region with nested "
              "constructs is not supported yet");
  return {};
}

DirectiveTree spmdTree(DirKind RootKind, const Stmt *Body, const Stmt *Region,
                       const ClauseInfo &CI, ASTContext &Ctx, bool Teams) {
  TreeVars Vars;
  if (Verdict V = regionVars(RootKind, Region, CI, Vars); !V.Ok) {
    DirectiveTree T;
    T.V = V;
    return T;
  }
  if (RootKind != DirKind::Parallel)
    Vars.Promoted = promotedTeamVars(Body, Vars, Ctx);
  for (const auto &R : CI.Reductions)
    if (const auto *VD = dyn_cast<VarDecl>(R.first))
      Vars.Promoted.insert(VD);
  // The region's firstprivate scalars that parallel code writes: the
  // threads share the region's one copy.
  std::set<const VarDecl *> Used;
  referencedVars(Body, Used);
  Verdict V;
  SourceLocation At;
  std::vector<const VarDecl *> Copies =
      teamCopies(Body, Used, /*Control=*/false,
                 RootKind == DirKind::Parallel, Vars, Ctx, V, At);
  if (!V.Ok) {
    DirectiveTree T;
    T.V = V;
    T.Where = At;
    return T;
  }
  Vars.Promoted.insert(Copies.begin(), Copies.end());
  DirectiveTree T = buildDirectiveTree(RootKind, Body, Vars, Ctx, Teams);
  T.TeamCopies = Copies;
  return T;
}

} // namespace omp2cuda
