// Orphaned constructs in functions device code calls (Orphaned.h).
#include "analysis/Orphaned.h"
#include "analysis/InOrderScan.h"
#include "analysis/OrphanedDistribute.h"
#include "analysis/OrphanedTasks.h"
#include "edits/Edits.h"

#include "frontend/FileScope.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <algorithm>
#include <set>

using namespace clang;
using llvm::omp::Directive;

namespace omp2cuda {

namespace {

/// The atomics of S (not descending into them: their helper expressions
/// are not the user's code) and every other directive, in source order.
struct DirectiveList : RecursiveASTVisitor<DirectiveList> {
  std::vector<const OMPExecutableDirective *> All;
  bool TraverseOMPAtomicDirective(OMPAtomicDirective *A) {
    All.push_back(A);
    return true;
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    All.push_back(D);
    return true;
  }
};

std::vector<const OMPExecutableDirective *> directivesIn(const Stmt *S) {
  DirectiveList L;
  L.TraverseStmt(const_cast<Stmt *>(S));
  return L.All;
}

std::string directiveName(const OMPExecutableDirective &D) {
  return "'#pragma omp " +
         llvm::omp::getOpenMPDirectiveName(D.getDirectiveKind()).str() + "'";
}

/// Whether an orphaned simd loop that one CUDA thread runs in order keeps
/// the meaning of clause C (the host compiler implements all of them).
bool sequentialKeeps(const OMPClause *C) {
  if (const auto *R = dyn_cast<OMPReductionClause>(C))
    return R->getModifier() == OMPC_REDUCTION_unknown;
  if (const auto *L = dyn_cast<OMPLastprivateClause>(C))
    return L->getKind() != OMPC_LASTPRIVATE_conditional;
  // A private copy the loop would not make (private, linear of a variable
  // other than the loop's) would change the original.
  return isa<OMPSafelenClause, OMPSimdlenClause, OMPAlignedClause,
             OMPNontemporalClause, OMPOrderClause, OMPCollapseClause,
             OMPIfClause>(C);
}

bool isInscan(const OMPClause *C) {
  const auto *R = dyn_cast<OMPReductionClause>(C);
  return R && R->getModifier() == OMPC_REDUCTION_inscan;
}

/// An orphaned simd loop with inscan: its pragmas become comments (nvcc
/// would ignore them, and the host must run it as the device does), and
/// both sides run it in order, which computes the scan when its phases
/// may run as written (InOrderScan.h). A 'no' located at the use that
/// decided when that is in the main file.
/// Whether D is a `#pragma` line of the file's own text, which "// " turns
/// into a comment (not a `_Pragma` or a macro's, where it would comment out
/// the rest of the line).
bool writtenPragmaLine(const OMPExecutableDirective &D,
                       const SourceManager &SM) {
  SourceLocation L = D.getBeginLoc();
  if (!L.isFileID())
    return false;
  bool Bad = false;
  const char *P = SM.getCharacterData(L, &Bad);
  if (Bad)
    return false;
  // Back to the line's start: only blanks, then '#', may come before.
  const char *Start = SM.getBufferData(SM.getFileID(L), &Bad).data();
  while (P > Start && P[-1] != '\n')
    --P;
  while (*P == ' ' || *P == '\t')
    ++P;
  return !Bad && *P == '#';
}

Verdict orphanedScan(const OMPExecutableDirective &D, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!hasInscan(D))
    return {};
  if (!SM.isInMainFile(SM.getExpansionLoc(D.getBeginLoc())))
    return Verdict::no(DiagId::HostCall,
                       "the loop is in another file than the region, "
                       "whose pragmas cannot be rewritten");
  for (const OMPExecutableDirective *P : directivesIn(&D))
    if ((P == &D || isa<OMPScanDirective>(P)) && !writtenPragmaLine(*P, SM))
      return Verdict::no(DiagId::HostMacro,
                         "its " + directiveName(*P) +
                             " is a _Pragma or comes from a macro, whose "
                             "line cannot be made a comment");
  SourceLocation At;
  Verdict V = inOrderScan(D, Ctx, At);
  V.Id = DiagId::HostCall;
  V.Where = At.isValid() && SM.isInMainFile(SM.getExpansionLoc(At))
                ? SM.getExpansionLoc(At)
                : SourceLocation();
  return V;
}

/// Whether a `parallel for` whose team is one thread keeps the meaning of
/// clause C (the host's team keeps them all).
bool oneThreadKeeps(const OMPClause *C) {
  if (const auto *D = dyn_cast<OMPDefaultClause>(C))
    return D->getDefaultKind() == llvm::omp::OMP_DEFAULT_shared ||
           D->getDefaultKind() == llvm::omp::OMP_DEFAULT_none;
  return sequentialKeeps(C) ||
         isa<OMPSharedClause, OMPNumThreadsClause, OMPScheduleClause,
             OMPProcBindClause>(C);
}

/// The OpenMP API routines that S, or a function it calls (with a body
/// here), calls, into Names: inside a team of one they answer for the
/// caller's thread, which is that team only in a one-thread region.
void asksOpenMP(const Stmt *S, std::set<const FunctionDecl *> &Seen,
                std::set<std::string> &Names) {
  if (!S)
    return;
  std::set<std::string> Own = ompApiCalledIn(S);
  Names.insert(Own.begin(), Own.end());
  struct Calls : RecursiveASTVisitor<Calls> {
    std::vector<const FunctionDecl *> Callees;
    bool VisitCallExpr(CallExpr *C) {
      if (const FunctionDecl *F = C->getDirectCallee())
        Callees.push_back(F);
      return true;
    }
  } V;
  V.TraverseStmt(const_cast<Stmt *>(S));
  for (const FunctionDecl *F : V.Callees) {
    const FunctionDecl *Def = nullptr;
    if (F->hasBody(Def) && Def && Seen.insert(Def).second)
      asksOpenMP(Def->getBody(), Seen, Names);
  }
}

/// The loop of a `parallel for` (collapse is not accepted).
const ForStmt *loopOf(const OMPExecutableDirective &D) {
  return dyn_cast_or_null<ForStmt>(
      D.getInnermostCapturedStmt()->getCapturedStmt());
}

/// Whether the loop of the `parallel for` D asks the OpenMP API, and so
/// is right on the device only in a one-thread region.
bool loopAsks(const OMPExecutableDirective &D) {
  const ForStmt *For = loopOf(D);
  std::set<const FunctionDecl *> Seen;
  std::set<std::string> Names;
  asksOpenMP(For ? For->getBody() : nullptr, Seen, Names);
  return !Names.empty();
}

/// Why an orphaned `parallel for` cannot run on the device as a team of one
/// thread (an inactive parallel region: the device allows no nested active
/// level, OpenMP 5.2 §12.1), or "".
std::string oneThreadProblem(const OMPExecutableDirective &D,
                             bool OneThread) {
  if (D.getBeginLoc().isMacroID())
    return "comes from a macro, where the device's 'if' cannot be added";
  for (const OMPClause *C : D.clauses()) {
    if (C->isImplicit())
      continue;
    if (isa<OMPIfClause>(C))
      return "has an 'if' clause of its own (not supported yet)";
    if (!oneThreadKeeps(C))
      return "has the clause '" +
             llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() +
             "', whose meaning a team of one device thread would not keep "
             "(not supported yet)";
  }
  const ForStmt *For = loopOf(D);
  if (!For || (!isa_and_nonnull<DeclStmt>(For->getInit()) &&
               !redeclaredLoopVar(D)))
    return "has a loop variable declared outside the loop, which a team of "
           "one device thread would leave changed (not supported yet)";
  std::set<const FunctionDecl *> Seen;
  std::set<std::string> Names;
  asksOpenMP(For->getBody(), Seen, Names);
  if (!Names.empty() && !OneThread)
    return "calls the OpenMP API inside the loop, which would answer for "
           "the calling thread rather than the loop's team (supported only "
           "from a region of one thread, a plain 'target')";
  // The device's answer is the block's nesting, 0 here; the team of one is
  // at level 1.
  if (Names.count("omp_get_level"))
    return "calls 'omp_get_level' inside the loop, whose device answer would "
           "not count the team of one (not supported yet)";
  return "";
}

} // namespace

Verdict checkOrphaned(const FunctionDecl *Def,
                      const std::vector<std::string> &Chain, ASTContext &Ctx,
                      bool OneThread, CallPlace Place) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Calls = "it calls '" + Chain.front() + "'";
  for (size_t I = 1; I < Chain.size(); ++I)
    Calls += ", which calls '" + Chain[I] + "'";
  for (const OMPExecutableDirective *D : directivesIn(Def->getBody())) {
    SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
    auto No = [&](const std::string &Why) {
      Verdict V = Verdict::no(
          DiagId::HostCall,
          Calls + ", whose " + directiveName(*D) + " (line " +
              std::to_string(SM.getExpansionLineNumber(L)) + ") " + Why);
      V.Where = inMainFile(SM, L) ? L : SourceLocation();
      return V;
    };
    // A lambda's body is the region's own text when the region defines it,
    // where the region's rules apply to its directives; called from
    // elsewhere, it is not a function the file can mark.
    if (const auto *M = dyn_cast<CXXMethodDecl>(Def);
        M && isLambdaCallOperator(M))
      return No("is in a lambda, where OpenMP directives are not supported "
                "on the device yet");
    if (const auto *A = dyn_cast<OMPAtomicDirective>(D)) {
      if (A->getSingleClause<OMPReadClause>() ||
          A->getSingleClause<OMPWriteClause>())
        return No("reads or writes atomically in a called function, which is "
                  "not supported on the device yet (only the update forms)");
      // Its device texts (compare-and-swap) have no host side yet.
      if (A->getSingleClause<OMPCompareClause>())
        return No("compares atomically in a called function, which is not "
                  "supported on the device yet (only the update forms)");
      if (SM.getFileID(L) != SM.getMainFileID())
        return No("is in another file than the region, whose atomics cannot "
                  "be rewritten for the device");
      AtomicRewrite Out;
      if (Verdict V = rewriteAtomic(*A, Ctx, {}, Out); !V.Ok)
        return No("cannot run on the device: " + V.Reason);
      continue;
    }
    if (D->getDirectiveKind() == Directive::OMPD_simd) {
      for (const OMPClause *C : D->clauses())
        if (!C->isImplicit() && !sequentialKeeps(C) && !isInscan(C))
          return No("has the clause '" +
                    llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() +
                    "', whose meaning a loop run in order by one device "
                    "thread would not keep (not supported yet)");
      if (Verdict V = orphanedScan(*D, Ctx); !V.Ok) {
        Verdict W = No("cannot run in order: " + V.Reason);
        if (V.Where.isValid()) // at the use that decided
          W.Where = V.Where;
        return W;
      }
      continue;
    }
    // Met only inside a simd loop accepted above (clang requires a loop
    // with inscan, and the others are refused at their directive first).
    if (isa<OMPScanDirective>(D))
      continue;
    if (D->getDirectiveKind() == Directive::OMPD_parallel_for) {
      if (std::string Why = oneThreadProblem(*D, OneThread); !Why.empty())
        return No(Why);
      if (SM.getFileID(L) != SM.getMainFileID())
        return No("is in another file than the region, whose directives "
                  "cannot be rewritten for the device");
      continue;
    }
    if (isa<OMPTaskDirective, OMPTaskgroupDirective>(D)) {
      if (std::string Why = orphanedTaskProblem(*D, Def); !Why.empty())
        return No(Why);
      continue;
    }
    // A refusal at the clause that decided, when there is one.
    auto NoAt = [&](const std::string &Why, SourceLocation At) {
      Verdict V = No(Why);
      if (At.isValid() && inMainFile(SM, SM.getExpansionLoc(At)))
        V.Where = SM.getExpansionLoc(At);
      return V;
    };
    if (isOrphanedFor(*D)) {
      SourceLocation At;
      if (std::string Why = orphanedForProblem(*D, Ctx, Place, At);
          !Why.empty())
        return NoAt(Why, At);
      // In team-master code of a region of several threads the OpenMP API
      // answers for the block, not for the team of one; in a parallel
      // region that is the block, for the loop's team.
      if (loopAsks(*D) && !OneThread && Place != CallPlace::Parallel)
        return No("calls the OpenMP API inside the loop, which would answer "
                  "for the kernel's block rather than the loop's team of one "
                  "(supported only from a region of one thread, a plain "
                  "'target')");
      if (SM.getFileID(L) != SM.getMainFileID())
        return No("is in another file than the region, whose directives "
                  "cannot be rewritten for the device");
      continue;
    }
    if (isOrphanedDistribute(*D)) {
      SourceLocation At;
      if (std::string Why = orphanedDistributeProblem(
              *D, Ctx, Place == CallPlace::TeamMaster, At);
          !Why.empty())
        return NoAt(Why, At);
      // Its parallel part is a team of one, as an orphaned parallel for's.
      if (isOpenMPParallelDirective(D->getDirectiveKind()) && loopAsks(*D))
        return No("calls the OpenMP API inside the loop of its parallel "
                  "part, which would answer for the calling thread rather "
                  "than the loop's team (not supported yet)");
      if (SM.getFileID(L) != SM.getMainFileID())
        return No("is in another file than the region, whose directives "
                  "cannot be rewritten for the device");
      continue;
    }
    // Worksharing, barriers, critical sections, tasks, nested parallelism:
    // they bind to the team that encounters the call, which a function
    // compiled for the device does not know.
    return No("is an orphaned construct that binds to the calling team, "
              "which device code cannot do yet in a called function (only "
              "'atomic', 'simd', 'parallel for', 'distribute' and, from "
              "team-master code, 'for' are translated there)");
  }
  return {};
}

namespace {

/// The first directive that Pred picks (given the directive and the
/// function that holds it) in Def or a function it calls, and that function.
struct Reached {
  const OMPExecutableDirective *D = nullptr;
  const FunctionDecl *In = nullptr;
};
template <typename PredT> Reached reaches(const FunctionDecl *Def, PredT Pred) {
  std::vector<const FunctionDecl *> Work = {Def};
  std::set<const FunctionDecl *> Seen = {Def};
  while (!Work.empty()) {
    const FunctionDecl *F = Work.back();
    Work.pop_back();
    if (!F->getBody())
      continue;
    for (const OMPExecutableDirective *D : directivesIn(F->getBody()))
      if (Pred(*D, F))
        return {D, F};
    struct Calls : RecursiveASTVisitor<Calls> {
      std::vector<const FunctionDecl *> Callees;
      bool VisitCallExpr(CallExpr *C) {
        if (const FunctionDecl *G = C->getDirectCallee())
          Callees.push_back(G);
        return true;
      }
    } V;
    V.TraverseStmt(F->getBody());
    for (const FunctionDecl *G : V.Callees) {
      const FunctionDecl *GDef = nullptr;
      if (G->hasBody(GDef) && GDef && Seen.insert(GDef).second)
        Work.push_back(GDef);
    }
  }
  return {};
}

/// "holds a 'for' loop (line 4)", the construct named as written, and the
/// function that holds it when that is another than Def.
std::string holds(const Reached &R, const FunctionDecl *Def,
                  const char *Kind = "") {
  const SourceManager &SM = Def->getASTContext().getSourceManager();
  std::string Where =
      "line " + std::to_string(SM.getExpansionLineNumber(R.D->getBeginLoc()));
  if (R.In->getCanonicalDecl() != Def->getCanonicalDecl())
    Where = "in '" + R.In->getQualifiedNameAsString() + "', " + Where;
  return std::string("holds a ") + Kind + "'" +
         llvm::omp::getOpenMPDirectiveName(R.D->getDirectiveKind()).str() +
         "' loop (" + Where + ")";
}

bool parallelBound(const FunctionDecl *F, const ForBindings &Bindings) {
  auto It = Bindings.find(F);
  return It != Bindings.end() && It->second == CallPlace::Parallel;
}

} // namespace

std::string oneThreadOnly(const FunctionDecl *Def,
                          const ForBindings &Bindings) {
  // A `for` whose team is the calling parallel region's asks the API
  // rightly from any such region.
  Reached R = reaches(
      Def, [&](const OMPExecutableDirective &D, const FunctionDecl *F) {
        return (D.getDirectiveKind() == Directive::OMPD_parallel_for ||
                (isOrphanedFor(D) && !parallelBound(F, Bindings))) &&
               loopAsks(D);
      });
  if (!R.D)
    return "";
  return holds(R, Def) +
         " that asks the OpenMP API: on the device only a region of one "
         "thread (a plain 'target') may call it";
}

bool holdsOrphanedFor(const FunctionDecl *Def) {
  return reaches(Def, [](const OMPExecutableDirective &D,
                         const FunctionDecl *) { return isOrphanedFor(D); })
             .D != nullptr;
}

std::string placeProblem(const FunctionDecl *Def, CallPlace Place,
                         const ForBindings &Bindings) {
  if (Place != CallPlace::TeamMaster)
    if (Reached R = reaches(Def,
                            [](const OMPExecutableDirective &D,
                               const FunctionDecl *) {
                              return isOrphanedDistribute(D);
                            });
        R.D)
      return holds(R, Def) +
             ": on the device only team-master code of a 'teams' region may "
             "call it (this call is not)";
  if (Place == CallPlace::Other)
    if (Reached R = reaches(Def,
                            [](const OMPExecutableDirective &D,
                               const FunctionDecl *) {
                              return isOrphanedFor(D);
                            });
        R.D)
      return holds(R, Def, "worksharing ") +
             ", which the device runs as a team of one or as the calling "
             "parallel region's team: only team-master code, or code every "
             "thread of a parallel region runs alike, may call it (this call "
             "is neither)";
  // One device copy of the loop, written for one kind of team.
  bool InParallel = Place == CallPlace::Parallel;
  if (Place != CallPlace::Other)
    if (Reached R = reaches(
            Def,
            [&](const OMPExecutableDirective &D, const FunctionDecl *F) {
              return isOrphanedFor(D) && parallelBound(F, Bindings) != InParallel;
            });
        R.D)
      return holds(R, Def, "worksharing ") +
             (InParallel
                  ? " whose device copy runs as a team of one, for the calls "
                    "from team-master code: a call from a parallel region, "
                    "whose team shares the loop, cannot use it (not supported "
                    "yet)"
                  : " whose device copy is shared by the calling parallel "
                    "region's threads: a call from team-master code, a team "
                    "of one, cannot use it (not supported yet)");
  return "";
}

Verdict fromRegionAt(Verdict V, unsigned RegionLine) {
  const std::string It = "it calls ";
  if (!V.Ok && V.Where.isValid() && V.Reason.compare(0, It.size(), It) == 0)
    V.Reason.replace(0, It.size() - 1,
                     "the target region at line " + std::to_string(RegionLine) +
                         " calls");
  return V;
}

void orphanedAtomicEdits(const TUState &TU, std::vector<TextEdit> &Edits,
                         const std::string &FileName, bool LineDirectives) {
  ASTContext &Ctx = TU.Ctx;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FunctionDecl *F : TU.DeviceFunctions) {
    if (!F->getBody() || !inMainFile(SM, F->getBody()->getBeginLoc()))
      continue;
    for (const OMPExecutableDirective *D : directivesIn(F->getBody())) {
      if ((D->getDirectiveKind() == Directive::OMPD_simd && hasInscan(*D)) ||
          isa<OMPScanDirective>(D)) {
        // One thread runs the loop in order on both sides (orphanedScan).
        Edits.push_back({directiveStart(*D, Ctx), 0, "// "});
        continue;
      }
      if (D->getDirectiveKind() == Directive::OMPD_parallel_for) {
        // On the device the loop's team is the calling thread alone (under
        // the emulation the host's OpenMP would otherwise fork its own).
        Edits.push_back({SM.getFileOffset(SM.getExpansionLoc(D->getEndLoc())),
                         0, " if(o2c_dev::omp_is_initial_device())"});
        // The loop declares its variable, the private copy OpenMP makes.
        if (const VarDecl *VD = redeclaredLoopVar(*D)) {
          const auto *Init = cast<BinaryOperator>(loopOf(*D)->getInit());
          Edits.push_back(
              {SM.getFileOffset(Init->getLHS()->getBeginLoc()), 0,
               declText(VD->getType().getUnqualifiedType(), "", Ctx) + " "});
        }
        continue;
      }
      const auto *A = dyn_cast<OMPAtomicDirective>(D);
      if (!A)
        continue;
      AtomicRewrite Out;
      // checkOrphaned made the same rewrite before F was marked.
      if (!rewriteAtomic(*A, Ctx, Edits, Out).Ok)
        continue;
      // The device's atomic in a form the host side runs too.
      const std::string Kernel = "o2c_dev::atomicCombine<";
      size_t At = Out.Text.find(Kernel);
      if (At != std::string::npos)
        Out.Text.replace(At, Kernel.size(), "o2c_dev::atomicUpdate<");
      Edits.erase(std::remove_if(Edits.begin(), Edits.end(),
                                 [&](const TextEdit &E) {
                                   return E.Offset >= Out.Begin &&
                                          E.Offset < Out.End;
                                 }),
                  Edits.end());
      Edits.push_back({Out.Begin, Out.End - Out.Begin, Out.Text});
    }
  }
  // The device's copies of distribute and worksharing loops carry the
  // edits of their bodies, the atomics' above included.
  for (const FunctionDecl *F : TU.DeviceFunctions) {
    if (!F->getBody() || !inMainFile(SM, F->getBody()->getBeginLoc()))
      continue;
    for (const OMPExecutableDirective *D : directivesIn(F->getBody()))
      if (isOrphanedDistribute(*D) || isOrphanedFor(*D))
        orphanedLoopEdits(*D, Ctx, Edits, FileName, LineDirectives,
                          parallelBound(F, TU.ForBinding));
  }
}

} // namespace omp2cuda
