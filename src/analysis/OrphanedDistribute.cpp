// Orphaned distribute loops: what the device's copy can take
// (OrphanedDistribute.h). The edits are in edits/OrphanedDistribute.cpp.
#include "analysis/OrphanedDistribute.h"
#include "analysis/Analysis.h"
#include "analysis/Scope.h"
#include "analysis/TreeBuilder.h"

#include "clang/AST/OpenMPClause.h"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;
using llvm::omp::Directive;

namespace omp2cuda {

namespace {

/// Whether the device's copy keeps the meaning of clause C: the team
/// master runs its team's share in order (one copy per team of a private
/// item, a team of one for the parallel part), as the SPMD form's nested
/// distribute loop takes clauses (no lastprivate), and its chunks.
bool copyKeeps(const OMPClause *C) {
  if (const auto *D = dyn_cast<OMPDefaultClause>(C))
    return D->getDefaultKind() == llvm::omp::OMP_DEFAULT_shared ||
           D->getDefaultKind() == llvm::omp::OMP_DEFAULT_none;
  return isa<OMPPrivateClause, OMPFirstprivateClause, OMPCollapseClause,
             OMPDistScheduleClause, OMPSharedClause, OMPNumThreadsClause,
             OMPScheduleClause, OMPProcBindClause, OMPSafelenClause,
             OMPSimdlenClause, OMPAlignedClause, OMPNontemporalClause,
             OMPOrderClause>(C);
}

/// A label in S: the function would hold it twice.
const LabelStmt *labelIn(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return L;
  for (const Stmt *C : S->children())
    if (const LabelStmt *L = labelIn(C))
      return L;
  return nullptr;
}

/// Whether the copy of an orphaned `for` [simd] keeps the meaning of clause
/// C: a team of one runs every iteration in order whatever the schedule,
/// and its closing barrier waits for no one; the threads of a parallel
/// region share them as its own `for` does (schedule), each with its
/// reduction partial.
bool forCopyKeeps(const OMPClause *C) {
  if (const auto *L = dyn_cast<OMPLastprivateClause>(C))
    return L->getKind() == OMPC_LASTPRIVATE_unknown;
  if (const auto *R = dyn_cast<OMPReductionClause>(C))
    return R->getModifier() == OMPC_REDUCTION_unknown &&
           !reductionOp(*R).empty();
  return isa<OMPPrivateClause, OMPFirstprivateClause, OMPCollapseClause,
             OMPScheduleClause, OMPNowaitClause, OMPOrderClause,
             OMPSafelenClause, OMPSimdlenClause, OMPAlignedClause,
             OMPNontemporalClause, OMPIfClause>(C);
}

/// The private, firstprivate and lastprivate items, which the copy
/// declares afresh; At: the clause that decided.
template <typename ClauseT>
std::string itemProblem(const OMPExecutableDirective &D, const char *Name,
                        SourceLocation &At) {
  for (const auto *C : D.getClausesOfKind<ClauseT>())
    for (const Expr *E : C->varlists()) {
      At = C->getBeginLoc();
      const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
      if (!VD)
        return std::string(Name) + " of a member is not supported yet";
      if (VD->getType()->isArrayType() || VD->getType()->isRecordType() ||
          VD->getType()->isReferenceType())
        return std::string(Name) + "('" + VD->getNameAsString() +
               "') of an array, aggregate or reference is not supported yet";
      // The copied body names a global through its device copy
      // (O2C_DEVICE_COPY), not the copy's private declaration: every team
      // would write the one global.
      if (VD->hasGlobalStorage() && !VD->isStaticLocal())
        return std::string(Name) + "('" + VD->getNameAsString() +
               "') of a global variable is not supported yet";
    }
  At = SourceLocation();
  return "";
}

/// Why the device's copy cannot take the loop of D, or "".
std::string copiedLoopProblem(const OMPExecutableDirective &D, ASTContext &Ctx,
                              std::vector<LoopLevel> &Levels) {
  const auto *L = dyn_cast<OMPLoopDirective>(&D);
  std::set<const VarDecl *> Vars;
  const Stmt *Body = nullptr;
  if (!L)
    return "has no loop the device's copy can take";
  if (Verdict V = analyzeLoopNest(loopStmt(D), L->getLoopsNumber(), Ctx, {},
                                  Levels, Vars, &Body);
      !V.Ok)
    return "has a loop the device's copy cannot take: " + V.Reason;
  if (Levels.size() < L->getLoopsNumber())
    return "collapses a non-rectangular loop nest, which the device's copy "
           "does not take yet";
  unsigned B, E;
  if (!Body || !fileOffsets(Ctx.getSourceManager(), Ctx.getLangOpts(),
                            Body->getSourceRange(), B, E))
    return "has a loop body from a macro, which the device's copy cannot "
           "repeat";
  if (const LabelStmt *Label = labelIn(Body))
    return "has the label '" + std::string(Label->getName()) +
           "' in its loop, which the device's copy would repeat";
  return "";
}

} // namespace

bool isOrphanedDistribute(const OMPExecutableDirective &D) {
  switch (D.getDirectiveKind()) {
  case Directive::OMPD_distribute:
  case Directive::OMPD_distribute_simd:
  case Directive::OMPD_distribute_parallel_for:
  case Directive::OMPD_distribute_parallel_for_simd:
    return true;
  default:
    return false;
  }
}

/// What keeps D's device copy from being written, common to orphaned
/// distribute and for: a macro, a clause Keeps refuses (Share says what the
/// copy runs), a private or firstprivate item the copy cannot make.
static std::string copyProblem(const OMPExecutableDirective &D,
                               bool (*Keeps)(const OMPClause *),
                               const char *Share, SourceLocation &At) {
  if (D.getBeginLoc().isMacroID())
    return "comes from a macro, where the device's copy of the loop cannot "
           "be written";
  for (const OMPClause *C : D.clauses())
    if (!C->isImplicit() && !Keeps(C)) {
      At = C->getBeginLoc();
      return "has the clause '" +
             llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() + "'" +
             ", which the device's copy of the loop (" + Share +
             ") does not take yet";
    }
  if (std::string Why = itemProblem<OMPPrivateClause>(D, "private", At);
      !Why.empty())
    return Why;
  return itemProblem<OMPFirstprivateClause>(D, "firstprivate", At);
}

bool isOrphanedFor(const OMPExecutableDirective &D) {
  return D.getDirectiveKind() == Directive::OMPD_for ||
         D.getDirectiveKind() == Directive::OMPD_for_simd;
}

std::string orphanedDistributeProblem(const OMPExecutableDirective &D,
                                      ASTContext &Ctx, bool TeamMaster,
                                      SourceLocation &At) {
  At = SourceLocation();
  if (!TeamMaster)
    return "binds to the teams of the calling region: device code runs it "
           "only when every call that reaches it is in team-master code of "
           "a 'teams' region (not inside 'parallel', a worksharing loop or "
           "another construct, nor from a region without 'teams')";
  if (std::string Why = copyProblem(D, copyKeeps,
                                    "its team's share, run in order by the "
                                    "team master",
                                    At);
      !Why.empty())
    return Why;
  std::vector<LoopLevel> Levels;
  return copiedLoopProblem(D, Ctx, Levels);
}

std::string orphanedForProblem(const OMPExecutableDirective &D, ASTContext &Ctx,
                               CallPlace Place, SourceLocation &At) {
  At = SourceLocation();
  if (Place == CallPlace::Other)
    return "binds to the team of the calling thread: device code runs it "
           "only when every call that reaches it is in team-master code of "
           "the region, where that team is one thread, or in code that "
           "every thread of a parallel region whose team is the kernel's "
           "block runs alike (not inside a worksharing or 'distribute' loop "
           "or another construct)";
  if (std::string Why = copyProblem(D, forCopyKeeps,
                                    Place == CallPlace::Parallel
                                        ? "shared by the threads of the "
                                          "calling parallel region"
                                        : "run in order by the calling "
                                          "thread, a team of one",
                                    At);
      !Why.empty())
    return Why;
  if (std::string Why = itemProblem<OMPLastprivateClause>(D, "lastprivate", At);
      !Why.empty())
    return Why;
  if (std::string Why = itemProblem<OMPReductionClause>(D, "reduction", At);
      !Why.empty())
    return Why;
  // Partials combine with the operator's own text on the device: integers
  // and floating point (not a C enumeration, arithmetic in C that the
  // device's C++ combiners do not take).
  for (const auto *C : D.getClausesOfKind<OMPReductionClause>())
    for (const Expr *E : C->varlists())
      if (!E->getType()->isArithmeticType() ||
          E->getType()->isAnyComplexType() || E->getType()->isEnumeralType()) {
        At = C->getBeginLoc();
        return "has a reduction of a variable of type '" +
               E->getType().getAsString() +
               "', which the device's copy does not take yet (integers and "
               "floating point only)";
      }
  std::vector<LoopLevel> Levels;
  if (std::string Why = copiedLoopProblem(D, Ctx, Levels); !Why.empty())
    return Why;
  // The copy declares the loop's variables: one declared outside keeps
  // its value, where a simd loop's (linear) and a lastprivate one take the
  // last iteration's.
  for (const LoopLevel &L : Levels) {
    if (L.DeclaredInInit)
      continue;
    if (D.getDirectiveKind() == Directive::OMPD_for_simd)
      return "has the loop variable '" + L.Var +
             "' declared outside the loop of a simd loop (linear: it takes "
             "the last value), which the device's copy does not take yet";
    for (const auto *C : D.getClausesOfKind<OMPLastprivateClause>())
      for (const Expr *E : C->varlists())
        if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
            DR && DR->getDecl()->getName() == L.Var) {
          At = C->getBeginLoc();
          return "has the loop variable '" + L.Var +
                 "' lastprivate, which the device's copy does not take yet";
        }
  }
  return "";
}

} // namespace omp2cuda
