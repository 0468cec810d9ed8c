// The clauses of one value: collapse, num_teams, thread_limit,
// num_threads, if, device, ordered, defaultmap, schedule, safelen and
// dist_schedule.
#include "analysis/ClauseReader.h"

#include "clang/Basic/OpenMPKinds.h"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;

namespace omp2cuda {

Verdict ClauseReader::collapse(const OMPCollapseClause *Co) {
  if (auto V = Co->getNumForLoops()->getIntegerConstantExpr(Ctx))
    CI.Collapse = static_cast<unsigned>(V->getZExtValue());
  return {};
}

Verdict ClauseReader::numTeams(const OMPNumTeamsClause *NT) {
  CI.NumTeams = exprText_(userExpr(NT->getNumTeams()), Ctx);
  CI.ClauseExprs.push_back(userExpr(NT->getNumTeams()));
  return {};
}

Verdict ClauseReader::threadLimit(const OMPThreadLimitClause *TL) {
  // After a num_threads of the same combined construct, the smaller one
  // (the later clause replaced it: num_threads(2) thread_limit(4) gave
  // teams of 4; review rSV).
  std::string T = exprText_(userExpr(TL->getThreadLimit()), Ctx);
  CI.ThreadLimit = CI.ThreadLimit.empty()
                       ? T
                       : "o2c::minLimit(" + CI.ThreadLimit + ", " + T + ")";
  CI.ClauseExprs.push_back(userExpr(TL->getThreadLimit()));
  return {};
}

Verdict ClauseReader::numThreads(const OMPNumThreadsClause *NTh) {
  // In a combined construct num_threads sizes the team, like thread_limit.
  std::string T = exprText_(userExpr(NTh->getNumThreads()), Ctx);
  CI.ThreadLimit = CI.ThreadLimit.empty()
                       ? T
                       : "o2c::minLimit(" + CI.ThreadLimit + ", " + T + ")";
  CI.ClauseExprs.push_back(userExpr(NTh->getNumThreads()));
  return {};
}

Verdict ClauseReader::ifClause(const OMPIfClause *If) {
  OpenMPDirectiveKind Mod = If->getNameModifier();
  // if(parallel|teams: c) sizes the kernel's teams; if(simd: c) only
  // allows fewer lanes, which a conforming program cannot observe.
  if (Mod == llvm::omp::OMPD_parallel || Mod == llvm::omp::OMPD_teams) {
    (Mod == llvm::omp::OMPD_parallel ? CI.ParallelIf : CI.TeamsIf) =
        exprText_(userExpr(If->getCondition()), Ctx);
    CI.ClauseExprs.push_back(userExpr(If->getCondition()));
    return {};
  }
  if (Mod == llvm::omp::OMPD_simd)
    return {};
  if (Mod != llvm::omp::OMPD_unknown && Mod != llvm::omp::OMPD_target &&
      Mod != llvm::omp::OMPD_target_data &&
      Mod != llvm::omp::OMPD_target_enter_data &&
      Mod != llvm::omp::OMPD_target_exit_data &&
      Mod != llvm::omp::OMPD_target_update)
    return Verdict::no(DiagId::HostClause,
                       "an 'if' clause for a construct other than "
                       "'target' is not supported");
  CI.IfCond = exprText_(userExpr(If->getCondition()), Ctx);
  CI.ClauseExprs.push_back(userExpr(If->getCondition()));
  return {};
}

Verdict ClauseReader::device(const OMPDeviceClause *Dev) {
  if (Dev->getModifier() == OMPC_DEVICE_ancestor)
    return Verdict::no(DiagId::HostClause,
                       "device(ancestor: ...) is not supported");
  CI.Device = exprText_(userExpr(Dev->getDevice()), Ctx);
  CI.ClauseExprs.push_back(userExpr(Dev->getDevice()));
  return {};
}

Verdict ClauseReader::ordered(const OMPOrderedClause *O) {
  // ordered(n) makes a doacross loop nest (depend(sink/source)): its
  // iterations take turns as an ordered loop's (Doacross.cpp).
  if (const Expr *N = O->getNumForLoops()) {
    std::optional<llvm::APSInt> V = N->getIntegerConstantExpr(Ctx);
    if (!V || V->getExtValue() < 1)
      return Verdict::no(DiagId::HostClause,
                         "ordered(n), a doacross loop nest, needs a constant "
                         "n");
    CI.Doacross = static_cast<unsigned>(V->getExtValue());
  }
  CI.Ordered = true;
  return {};
}

Verdict ClauseReader::defaultmap(const OMPDefaultmapClause *DM) {
  std::string Mod = getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_defaultmap,
                                                  DM->getDefaultmapModifier());
  switch (DM->getDefaultmapKind()) {
  case OMPC_DEFAULTMAP_scalar:
    CI.Defaultmap['s'] = Mod;
    break;
  case OMPC_DEFAULTMAP_aggregate:
    CI.Defaultmap['a'] = Mod;
    break;
  case OMPC_DEFAULTMAP_pointer:
    CI.Defaultmap['p'] = Mod;
    break;
  default:
    CI.Defaultmap['s'] = CI.Defaultmap['a'] = CI.Defaultmap['p'] = Mod;
    break;
  }
  return {};
}

Verdict ClauseReader::schedule(const OMPScheduleClause *S) {
  if (S->getScheduleKind() != OMPC_SCHEDULE_static)
    CI.Remarks.emplace_back(
        DiagId::ScheduleRemap,
        "schedule(" +
            std::string(getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_schedule,
                                                      S->getScheduleKind())) +
            ") runs as a static cyclic schedule; OpenMP leaves the "
            "assignment of iterations to threads to the implementation");
  else if (S->getChunkSize())
    CI.ScheduleChunk = exprText_(userExpr(S->getChunkSize()), Ctx);
  else
    CI.StaticBlocksAt = S->getBeginLoc();
  if (S->getChunkSize())
    CI.ClauseExprs.push_back(userExpr(S->getChunkSize()));
  return {};
}

Verdict ClauseReader::safelen(const OMPSafelenClause *SL) {
  if (auto V = SL->getSafelen()->getIntegerConstantExpr(Ctx))
    CI.Safelen = static_cast<unsigned>(V->getZExtValue());
  return {};
}

Verdict ClauseReader::distSchedule(const OMPDistScheduleClause *DS) {
  // Chunks of the distribute loop, round-robin over the teams; the
  // caller uses them where a team is one thread (no parallel level).
  CI.DistBlocks = !DS->getChunkSize();
  if (CI.DistBlocks)
    CI.StaticBlocksAt = DS->getBeginLoc();
  if (DS->getChunkSize()) {
    CI.DistChunk = exprText_(userExpr(DS->getChunkSize()), Ctx);
    CI.ClauseExprs.push_back(userExpr(DS->getChunkSize()));
  }
  return {};
}

} // namespace omp2cuda
