// The region's form, decided from the words of its nest of directives: a
// loop nest (the grid-stride kernel), the SPMD form of nested constructs
// (issue 9 point 6), or sequential code; then the launch bounds that the
// clauses give it (seed 000 §4.2, ARCHITECTURE.md §3).
#include "analysis/LoopNest.h"
#include "analysis/RegionSteps.h"
#include "analysis/Transparent.h"

using namespace clang;

namespace omp2cuda {
namespace {

/// Where the grid-stride kernel can give linear items their values: the
/// kernel's loop counter is the logical iteration number only when every
/// level of the nest is distributed. The loop's own variable is linear by
/// itself (predetermined); one also mapped is lastprivate (OpenMP 5.2 §17.2
/// keeps a simd loop's own variable out of the outer leaves' clauses).
Verdict linearRule(ClauseInfo &CI, const Region &R, bool SpmdLoop,
                   const std::set<const VarDecl *> &LoopVars) {
  for (auto It = CI.Linear.begin(); It != CI.Linear.end();) {
    const auto *VD = dyn_cast<VarDecl>(It->first);
    if (!VD || !LoopVars.count(VD)) {
      ++It;
      continue;
    }
    if (CI.Maps.count(VD))
      CI.LastPrivate.insert(VD);
    It = CI.Linear.erase(It);
  }
  if (CI.Linear.empty())
    return {};
  clang::SourceLocation Where = CI.Linear.begin()->second.Where;
  auto No = [&](const std::string &Why) {
    Verdict V = Verdict::no(DiagId::HostClause, Why);
    V.Where = Where;
    return V;
  };
  if (R.Class != RegionClass::Combined || SpmdLoop)
    return No("linear on a region with nested constructs is not supported "
              "yet");
  if (R.Loops.size() < CI.Collapse)
    return No("linear on a collapsed nest whose inner loops run in each "
              "thread is not supported yet (the kernel's counter is not the "
              "logical iteration number)");
  for (const auto &[V, L] : CI.Linear)
    if (CI.LastPrivate.count(V) || CI.FirstPrivate.count(V) ||
        CI.Private.count(V) || CI.Reductions.count(V))
      return No("'" + V->getNameAsString() +
                "' is linear and in another data-sharing clause");
  return {};
}

/// A simd loop's variables are linear (one loop) or lastprivate (collapsed
/// loops) by themselves, a loop construct's lastprivate (OpenMP 5.2
/// §5.1.1), also when declared before the loop: one that a map clause
/// names gets its value after the sequential loop back into that storage,
/// as lastprivate does. One no map names is the target's firstprivate
/// copy, which no one sees after the region.
void simdLoopVars(ClauseInfo &CI, const std::set<const VarDecl *> &LoopVars) {
  for (const VarDecl *V : LoopVars)
    if (CI.Maps.count(V) && !CI.Private.count(V) && !CI.FirstPrivate.count(V) &&
        !CI.LastPrivate.count(V) && !CI.Reductions.count(V) &&
        !CI.Linear.count(V))
      CI.LastPrivate.insert(V);
}

/// lastprivate of a variable the body assigns, on a collapse whose inner
/// levels each thread runs: the thread of the last distributed iteration
/// need not run the sequentially last iteration (the inner loops of the
/// last outer one may run none: `for (j = i + 1; j < n; j++)`).
Verdict partialLastprivate(const RegionNest &Nest,
                           const std::set<const VarDecl *> &LoopVars,
                           const std::vector<const VarDecl *> &Sequential) {
  for (const ValueDecl *V : Nest.CI.LastPrivate) {
    const auto *VD = dyn_cast<VarDecl>(V);
    if (VD && (LoopVars.count(VD) || llvm::is_contained(Sequential, VD)))
      continue; // its value after the nest: the last thread's, as there
    Verdict No = Verdict::no(
        DiagId::HostClause,
        "lastprivate('" + V->getNameAsString() +
            "') on a collapse whose inner loops depend on an outer loop "
            "variable is not supported yet (the last outer iteration may "
            "run no inner iteration)");
    for (const OMPExecutableDirective *X : Nest.Chain)
      for (const auto *LP : X->getClausesOfKind<OMPLastprivateClause>())
        return placed(No, LP->getBeginLoc());
    return No;
  }
  return {};
}

/// The loop nest's levels, with a non-rectangular collapse's inner levels
/// run in each thread.
Verdict loopLevels(RegionNest &Nest, TUState &TU, Region &R, RegionShape &S) {
  ClauseInfo &CI = Nest.CI;
  std::vector<const VarDecl *> Sequential;
  std::vector<TextEdit> Headers; // intervening code: RegionBody.cpp
  if (Verdict V = analyzeLoopNest(S.Inner, R.Collapse, TU.Ctx, TU.FileEdits,
                                  R.Loops, S.LoopVars, &S.Body, &Sequential,
                                  &Headers);
      !V.Ok)
    return unplaced(V);
  if (Nest.W.Simd || Nest.W.Loop)
    simdLoopVars(CI, S.LoopVars);
  if (R.Loops.size() >= R.Collapse)
    return {};
  if (Verdict V = partialLastprivate(Nest, S.LoopVars, Sequential); !V.Ok)
    return V;
  // A level's bounds depend on an outer variable: the rectangular
  // outer levels are distributed, the others run in each thread.
  R.Remarks.emplace_back(
      DiagId::CollapsePartial,
      "collapse(" + std::to_string(R.Collapse) + "): loop " +
          std::to_string(R.Loops.size() + 1) +
          " depends on an outer loop variable; the kernel distributes "
          "the iterations of the outer " +
          (R.Loops.size() == 1 ? std::string("loop")
                               : std::to_string(R.Loops.size()) + " loops") +
          " and runs the inner loops in each thread");
  R.Collapse = R.Loops.size();
  for (const VarDecl *V : Sequential) {
    // lastprivate: the thread of the last distributed iteration runs that
    // iteration's inner loops to their end, as the sequential nest does
    // last, so its copy holds the value after the nest.
    if (CI.LastPrivate.count(V) && !CI.CondLastPrivate.count(V) &&
        !CI.FirstPrivate.count(V) && !CI.Reductions.count(V))
      continue;
    if (CI.LastPrivate.count(V) || CI.FirstPrivate.count(V) ||
        CI.Reductions.count(V))
      return Verdict::no(DiagId::HostClause,
                         "a data-sharing clause on '" + V->getNameAsString() +
                             "', the variable of a loop that is not "
                             "collapsed, is not supported yet");
    CI.Private.insert(V); // predetermined private
  }
  return {};
}

/// Whether the constructs of a parallel loop's body other than atomics are
/// all rewritten in place: nested parallel regions its threads run alone
/// (docs/nested-parallel.md) and those Transparent.cpp takes there.
bool onlySerialised(const Stmt *Body) {
  std::vector<TransparentUse> Uses;
  std::vector<const OMPExecutableDirective *> Other;
  SourceLocation At;
  // A construct refused there is refused where the edits are made, with
  // its location (RegionBody.cpp).
  return !findTransparent(Body, DirContext::LoopBody, Uses, &Other, At).Ok ||
         Other.empty();
}

/// A loop construct: the grid-stride kernel over the nest, one team for
/// `parallel for` and `simd`, one thread per team for `teams distribute`,
/// or the SPMD form when that has parallel constructs in its body.
Verdict loopShape(RegionNest &Nest, TUState &TU, Region &R, RegionShape &S) {
  const NestWords &W = Nest.W;
  const ClauseInfo &CI = Nest.CI;
  R.Class = RegionClass::Combined;
  bool Grid = (W.Teams && W.Distribute && W.Parallel && W.For) ||
              (W.Teams && W.Loop);
  bool OneTeam = !W.Teams && W.Parallel && (W.For || W.Loop);
  bool SimdOnly = !W.Teams && !W.Parallel && W.Simd && !W.For;
  bool TeamsOnly = W.Teams && W.Distribute && !W.Parallel;
  // teams distribute with parallel constructs in its body: one block
  // per iteration at a time (issue 9 point 6).
  S.SpmdLoop = TeamsOnly && !W.Simd && !R.BodyFromMacro &&
               containsDirectiveOtherThanAtomic(S.Inner, S.Atomics);
  if (!Grid && !OneTeam && !SimdOnly && !TeamsOnly)
    return Verdict::no(DiagId::HostGeneral,
                       "'" + R.Directive +
                           "' with this nesting is not supported yet");
  if (OneTeam || SimdOnly)
    R.SingleTeam = true;
  S.TextWhere = TeamsOnly ? DirContext::TeamCode : DirContext::LoopBody;
  R.SimdChunks = SimdOnly;
  if (SimdOnly && R.ThreadLimit.empty())
    // One warp plays the SIMD lanes; with safelen(n) only n iterations
    // may run at once, and a stride of n keeps each dependence chain
    // on one thread.
    R.ThreadLimit = CI.Safelen && CI.Safelen < 32
                        ? std::to_string(CI.Safelen)
                        : "32";
  if (TeamsOnly && !S.SpmdLoop) {
    // Only each team's initial thread runs a distribute loop: a team is
    // one CUDA thread, so that its private copies (firstprivate x)
    // persist over all of the team's iterations; the grid's threads are
    // the teams, so dist_schedule's chunks are the kernel's chunks.
    R.ThreadLimit = "1";
    R.ScheduleChunk = CI.DistChunk;
  }
  if (Verdict V = loopLevels(Nest, TU, R, S); !V.Ok)
    return V;
  if (S.SpmdLoop && R.Loops.size() < R.Collapse)
    return Verdict::no(DiagId::HostLoop,
                       "a non-rectangular collapse of a distribute loop with "
                       "nested constructs is not supported yet");
  if (S.SpmdLoop) {
    S.Tree = spmdTree(DirKind::TeamLoop, S.Body, S.Inner, CI, TU.Ctx, true);
    if (!S.Tree.V.Ok && S.Tree.V.Id == DiagId::HostGeneral)
      S.Tree = controlLoopInstead(S.Tree, DirKind::TeamLoop, S.Body, S.Inner,
                                  CI, TU.Ctx, true, R);
    if (!S.Tree.V.Ok)
      return placed(S.Tree.V, S.Tree.Where);
    R.Class = RegionClass::Spmd;
    // The stub evaluates the root loop's chunk, as a combined kernel's
    // (ClauseReader::chunk allows what it can); lowering passes it.
    if (CI.DistChunk != "1")
      R.TeamChunk = CI.DistChunk;
    if (S.Tree.BlockThreads) // num_threads(n) of every parallel construct
      R.ThreadLimit = std::to_string(S.Tree.BlockThreads);
  } else if (containsDirectiveOtherThanAtomic(S.Inner, S.Atomics) &&
             !((Grid || OneTeam) && onlySerialised(S.Body)))
    return Verdict::no(DiagId::HostGeneral,
                       "the loop body of '" + R.Directive +
                           "' contains OpenMP directives, which is not "
                           "supported yet");
  return {};
}

/// Team-master code around parallel regions, or a parallel region with
/// worksharing in it: the SPMD form (issue 9 point 6).
Verdict nestedShape(RegionNest &Nest, TUState &TU, Region &R, RegionShape &S) {
  const NestWords &W = Nest.W;
  // A parallel region's single, master or critical lets its threads
  // share what one of them writes: the SPMD tree checks that they share
  // it for real (the sequential form gives each thread its own copy).
  S.Tree = spmdTree(W.Parallel ? DirKind::Parallel : DirKind::Team, S.Inner,
                    S.Inner, Nest.CI, TU.Ctx, W.Teams);
  // Team-master code the SPMD form cannot run on every thread: thread 0
  // runs it, and the control loop leads the team through its parallel
  // constructs.
  if (!S.Tree.V.Ok && S.Tree.V.Id == DiagId::HostGeneral && !W.Parallel)
    S.Tree = controlLoopInstead(S.Tree, DirKind::Team, S.Inner, S.Inner,
                                Nest.CI, TU.Ctx, W.Teams, R);
  if (!S.Tree.V.Ok)
    return placed(S.Tree.V, S.Tree.Where);
  R.Class = RegionClass::Spmd;
  if (S.Tree.BlockThreads) // num_threads(n) of every parallel construct
    R.ThreadLimit = std::to_string(S.Tree.BlockThreads);
  if (!W.Teams)
    R.NumTeams = "1";
  R.SingleTeam = !W.Teams;
  return {};
}

/// Sequential code: the body runs on every thread of every team.
Verdict sequentialShape(const NestWords &W, Region &R, RegionShape &S) {
  if (containsDirectiveOtherThanAtomic(S.Inner, S.Atomics))
    return Verdict::no(DiagId::HostGeneral,
                       "the region mixes sequential code with nested OpenMP "
                       "constructs in a way not supported yet");
  R.Class = RegionClass::Sequential;
  S.TextWhere = W.Parallel ? DirContext::ParallelCode : DirContext::TeamCode;
  // One team of one thread unless `teams` or `parallel` asked for more.
  if (!W.Teams)
    R.NumTeams = "1";
  else if (R.NumTeams.empty())
    R.NumTeams = "1";
  if (!W.Parallel)
    R.ThreadLimit = "1";
  R.SingleThread = !W.Teams && !W.Parallel;
  return {};
}

} // namespace

Verdict decideShape(RegionNest &Nest, TUState &TU, Region &R,
                    RegionShape &S) {
  const NestWords &W = Nest.W;
  const ClauseInfo &CI = Nest.CI;
  S.Inner = S.Body = Nest.Inner;
  if (!isDataRegion(R)) {
    Verdict V;
    if (Nest.LoopDir)
      V = loopShape(Nest, TU, R, S);
    else if ((containsDirectiveOtherThanAtomic(S.Inner, S.Atomics) ||
              (W.Parallel && hasTransparent(S.Inner))) &&
             !R.BodyFromMacro)
      V = nestedShape(Nest, TU, R, S);
    else
      V = sequentialShape(W, R, S);
    if (!V.Ok)
      return V;
  }

  if (Verdict V = linearRule(Nest.CI, R, S.SpmdLoop, S.LoopVars); !V.Ok)
    return V;

  // if(parallel: c) false: teams of one thread; if(teams: c) false: one
  // team (a launch bound of 0 means none).
  if (!CI.ParallelIf.empty() && W.Parallel)
    R.ThreadLimit = "((" + CI.ParallelIf + ") ? (" +
                    (R.ThreadLimit.empty() ? "0" : R.ThreadLimit) + ") : 1)";
  if (!CI.TeamsIf.empty() && W.Teams)
    R.NumTeams = "((" + CI.TeamsIf + ") ? (" +
                 (R.NumTeams.empty() ? "0" : R.NumTeams) + ") : 1)";
  return {};
}

} // namespace omp2cuda
