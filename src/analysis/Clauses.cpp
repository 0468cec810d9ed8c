// Clause reading. Every clause a region may carry is either understood here
// or named in the reason the region stays on the host. The readers of each
// clause family (ClauseReader.h) are in ClauseMaps.cpp, ClauseSharing.cpp and
// ClauseValues.cpp; this file dispatches to them.
#include "analysis/ClauseReader.h"
#include "analysis/DefaultSharing.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;

namespace omp2cuda {

std::string clauseName(const OMPClause *C) {
  return llvm::omp::getOpenMPClauseName(C->getClauseKind()).str();
}

std::string clauseSourceText(const OMPClause *C, ASTContext &Ctx) {
  if (C->getBeginLoc().isMacroID() || C->getEndLoc().isMacroID())
    return "";
  std::string Text =
      Lexer::getSourceText(
          CharSourceRange::getTokenRange(C->getBeginLoc(), C->getEndLoc()),
          Ctx.getSourceManager(), Ctx.getLangOpts())
          .str();
  // A clause continued over several lines keeps its backslashes out of
  // the one-line pragma it goes into.
  std::string Flat;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\\' && I + 1 < Text.size() && Text[I + 1] == '\n') {
      ++I;
      Flat += ' ';
    } else {
      Flat += Text[I] == '\n' ? ' ' : Text[I];
    }
  }
  return Flat;
}

std::vector<std::string> dependClauses(const OMPExecutableDirective &D,
                                       ASTContext &Ctx) {
  std::vector<std::string> Out;
  for (const auto *C : D.getClausesOfKind<OMPDependClause>()) {
    std::string Flat = clauseSourceText(C, Ctx);
    if (Flat.empty())
      return {};
    Out.push_back(Flat);
  }
  return Out;
}

bool hasMutexInOutSet(const OMPExecutableDirective &D) {
  for (const auto *C : D.getClausesOfKind<OMPDependClause>())
    if (C->getDependencyKind() == OMPC_DEPEND_mutexinoutset)
      return true;
  return false;
}

Verdict ClauseReader::read(const OMPClause *C) {
  using namespace llvm::omp;
  switch (C->getClauseKind()) {
  case OMPC_map:
    return map(cast<OMPMapClause>(C));
  case OMPC_to:
  case OMPC_from:
    return motion(C);
  case OMPC_private:
    return privates(cast<OMPPrivateClause>(C));
  case OMPC_lastprivate:
    return lastprivates(cast<OMPLastprivateClause>(C));
  case OMPC_use_device_ptr:
  case OMPC_use_device_addr:
    return deviceAliases(C);
  case OMPC_has_device_addr:
    return hasDeviceAddr(cast<OMPHasDeviceAddrClause>(C));
  case OMPC_is_device_ptr:
    return isDevicePtr(cast<OMPIsDevicePtrClause>(C));
  case OMPC_firstprivate:
    return firstprivates(cast<OMPFirstprivateClause>(C));
  case OMPC_reduction:
    return reduction(cast<OMPReductionClause>(C));
  case OMPC_collapse:
    return collapse(cast<OMPCollapseClause>(C));
  case OMPC_num_teams:
    return numTeams(cast<OMPNumTeamsClause>(C));
  case OMPC_thread_limit:
    return threadLimit(cast<OMPThreadLimitClause>(C));
  case OMPC_num_threads:
    return numThreads(cast<OMPNumThreadsClause>(C));
  case OMPC_if:
    return ifClause(cast<OMPIfClause>(C));
  case OMPC_device:
    return device(cast<OMPDeviceClause>(C));
  case OMPC_nowait:
    CI.NoWait = true;
    return {};
  case OMPC_ordered:
    return ordered(cast<OMPOrderedClause>(C));
  case OMPC_depend:
    // Without nowait the region runs to completion where it is
    // encountered, and waiting for the sibling tasks first satisfies every
    // dependence it can have; with nowait the clauses go, as written
    // (dependClauses), on the host task that carries the target task.
    CI.Depend = true;
    return {};
  case OMPC_defaultmap:
    return defaultmap(cast<OMPDefaultmapClause>(C));
  case OMPC_schedule:
    return schedule(cast<OMPScheduleClause>(C));
  case OMPC_safelen:
    return safelen(cast<OMPSafelenClause>(C));
  case OMPC_dist_schedule:
    return distSchedule(cast<OMPDistScheduleClause>(C));
  case OMPC_shared:
  case OMPC_default:
  case OMPC_simdlen:
  case OMPC_aligned:
  case OMPC_order:
  case OMPC_proc_bind:
  case OMPC_bind:
  case OMPC_nontemporal:
    // No effect on a grid-stride kernel's meaning.
    return {};
  case OMPC_uses_allocators:
  case OMPC_allocate:
    // Where private copies live: OpenMP lets an implementation take an
    // allocator as a hint (5.2 §6.2), and the kernel keeps its privates in
    // registers or local memory as CUDA code does. The allocators'
    // handles and traits are not captured: the kernel never names them.
    // A call of omp_alloc in the region still has no device version.
    return {};
  case OMPC_linear:
    return linear(cast<OMPLinearClause>(C));
  case OMPC_in_reduction:
    return targetInReduction(cast<OMPInReductionClause>(C));
  default:
    return Verdict::no(DiagId::HostClause, "the '" + clauseName(C) +
                                               "' clause is not supported yet");
  }
}

Verdict readClauses(const OMPExecutableDirective &D, ClauseInfo &CI,
                    ASTContext &Ctx, const std::vector<TextEdit> &Edits) {
  ClauseReader R{D, CI, Ctx, Edits,
                 isOpenMPTargetDataManagementDirective(D.getDirectiveKind())};
  // default(private|firstprivate): what it makes private, clang's implicit
  // clauses, is read as written (DefaultSharing.cpp).
  bool DefaultPrivates = privatizingDefault(D) != nullptr;
  if (DefaultPrivates)
    if (Verdict V = defaultPrivateVariables(D); !V.Ok)
      return V;
  for (const OMPClause *C : D.clauses()) {
    if (!C ||
        (C->isImplicit() &&
         !(DefaultPrivates && isa<OMPPrivateClause, OMPFirstprivateClause>(C))))
      continue;
    if (Verdict V = R.read(C); !V.Ok) {
      if (V.Where.isInvalid())
        V.Where = C->getBeginLoc();
      return V;
    }
  }
  if (Verdict V = R.mapHolders(); !V.Ok)
    return V;
  groupStructMembers(D.getDirectiveKind(), CI.PointerMaps);
  return {};
}

} // namespace omp2cuda
