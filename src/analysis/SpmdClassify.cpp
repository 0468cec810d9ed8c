// The rules of the SPMD form (issue 9 point 6; clang calls it SPMDization):
// which nested constructs it takes where, which statements of team-master
// code every thread may run redundantly, which ones thread 0 runs alone, and
// which leave the region on the host. Every 'no' carries its reason; the
// builder attaches the location of the construct or statement.
#include "analysis/DirectiveTree.h"

#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// One row: construct K, found in Where, becomes As. Teams: only in a teams
/// region (distribute binds to its teams).
struct ConstructRow {
  OpenMPDirectiveKind K;
  DirContext Where;
  DirKind As;
  bool NeedsTeams;
};

const ConstructRow Rows[] = {
    {llvm::omp::OMPD_parallel_for, DirContext::TeamCode, DirKind::Parallel,
     false},
    {llvm::omp::OMPD_parallel_loop, DirContext::TeamCode, DirKind::Parallel,
     false},
    {llvm::omp::OMPD_parallel, DirContext::TeamCode, DirKind::Parallel, false},
    // The master thread of the new team runs the body (a taskloop's tasks
    // run at once, in order, in the thread that creates them).
    {llvm::omp::OMPD_parallel_master, DirContext::TeamCode, DirKind::Parallel,
     false},
    {llvm::omp::OMPD_parallel_master_taskloop, DirContext::TeamCode,
     DirKind::Parallel, false},
    {llvm::omp::OMPD_parallel_master_taskloop_simd, DirContext::TeamCode,
     DirKind::Parallel, false},
    // The simd part of a composite construct: each thread's share of the
    // loop runs in order, which is one of the executions simd allows.
    {llvm::omp::OMPD_parallel_for_simd, DirContext::TeamCode,
     DirKind::Parallel, false},
    {llvm::omp::OMPD_distribute_parallel_for_simd, DirContext::TeamCode,
     DirKind::GridLoop, true},
    {llvm::omp::OMPD_distribute_simd, DirContext::TeamCode, DirKind::TeamLoop,
     true},
    {llvm::omp::OMPD_for_simd, DirContext::ParallelCode, DirKind::ThreadLoop,
     false},
    {llvm::omp::OMPD_distribute_parallel_for, DirContext::TeamCode,
     DirKind::GridLoop, true},
    {llvm::omp::OMPD_distribute, DirContext::TeamCode, DirKind::TeamLoop, true},
    {llvm::omp::OMPD_for, DirContext::ParallelCode, DirKind::ThreadLoop, false},
    {llvm::omp::OMPD_loop, DirContext::ParallelCode, DirKind::ThreadLoop,
     false},
    {llvm::omp::OMPD_barrier, DirContext::ParallelCode, DirKind::Barrier,
     false},
    {llvm::omp::OMPD_sections, DirContext::ParallelCode, DirKind::Sections,
     false},
    // A parallel region of one sections construct.
    {llvm::omp::OMPD_parallel_sections, DirContext::TeamCode,
     DirKind::Parallel, false},
};

std::string name(OpenMPDirectiveKind K) {
  return "'" + llvm::omp::getOpenMPDirectiveName(K).str() + "'";
}

} // namespace

Verdict constructRule(OpenMPDirectiveKind K, DirContext Where, bool Teams,
                      DirKind &As) {
  for (const ConstructRow &R : Rows)
    if (R.K == K && R.Where == Where && (!R.NeedsTeams || Teams)) {
      As = R.As;
      return {};
    }
  std::string Place = Where == DirContext::TeamCode ? "in team-master code"
                      : Where == DirContext::ParallelCode
                          ? "in a parallel region"
                          : "in the body of a worksharing loop";
  return Verdict::no(DiagId::HostGeneral,
                     name(K) + " " + Place + " is not supported yet");
}

Verdict teamStmtRule(const StmtFacts &F, DirKind &As, SourceLocation &Where) {
  auto No = [](const std::string &Why) {
    return Verdict::no(DiagId::HostGeneral, Why);
  };
  if (F.ThreadApi) {
    Where = F.ThreadApi->getBeginLoc();
    const FunctionDecl *FD = F.ThreadApi->getDirectCallee();
    if (!isThreadLevelApi(FD->getName()))
      return No("team-master code calls '" + FD->getNameAsString() +
                "', which calls '" + threadApiReachedBy(FD) +
                "': a function cannot be given the team master's answer yet");
    return No("team-master code calls '" + FD->getNameAsString() +
              "', which every thread would answer for itself in the SPMD form");
  }
  if (F.AddressOfLocal) {
    Where = F.AddressOfLocal->getBeginLoc();
    return No("team-master code takes the address of one of its variables, "
              "which the SPMD form cannot share with the team yet");
  }
  if (F.Nested && F.WritesMemory) {
    Where = F.Nested->getBeginLoc();
    return No("team-master code with side effects around a nested construct "
              "must run on the team master alone");
  }
  if (!F.WritesMemory) {
    // It computes values and writes only the thread's own variables: every
    // thread runs it and gets the same values.
    As = DirKind::Team;
    return {};
  }
  if (F.Jumps) {
    Where = F.Jumps->getBeginLoc();
    return No("team-master code with side effects jumps out of its "
              "statement, which only the team master may run");
  }
  if (F.Declares)
    return No("team-master code declares a variable whose value comes with "
              "side effects (a call, a store); the parallel threads would need "
              "it in shared memory (not supported yet)");
  if (F.WritesTeamVar) {
    Where = F.WritesTeamVar->getLocation();
    return No("team-master code with side effects also writes '" +
              F.WritesTeamVar->getNameAsString() +
              "', which the team's threads would then disagree on (shared "
              "memory promotion is not supported yet)");
  }
  // Side effects: the team master alone, then the team synchronises.
  As = DirKind::Guard;
  return {};
}

bool isRestrictable(OpenMPDirectiveKind K) {
  return K == llvm::omp::OMPD_parallel || isParallelMaster(K);
}

bool isParallelMaster(OpenMPDirectiveKind K) {
  return K == llvm::omp::OMPD_parallel_master ||
         K == llvm::omp::OMPD_parallel_master_taskloop ||
         K == llvm::omp::OMPD_parallel_master_taskloop_simd;
}

Verdict nestedClauseRule(const OMPExecutableDirective &D,
                         const ClauseInfo &NCI) {
  std::string N = name(D.getDirectiveKind());
  auto No = [&](const std::string &What) {
    return Verdict::no(DiagId::HostClause,
                       What + " on the nested " + N + " is not supported yet");
  };
  if (!NCI.LastPrivate.empty())
    return No("lastprivate");
  if (!NCI.Linear.empty())
    return No("linear");
  if (!NCI.ArrayReductions.empty())
    return No("an array reduction");
  // A parallel region of fewer threads than the block: its body runs on
  // the first ones (DirNode::NumThreads).
  if (!isRestrictable(D.getDirectiveKind())) {
    if (!NCI.ThreadLimit.empty())
      return No("num_threads");
    if (!NCI.IfCond.empty() || !NCI.ParallelIf.empty())
      return No("if");
  }
  // A worksharing loop deals its chunks to the team's threads, a distribute
  // loop to the teams (DirNode::Chunk); a distribute parallel for would
  // deal chunks inside each team's chunks.
  OpenMPDirectiveKind K = D.getDirectiveKind();
  if (isOpenMPDistributeDirective(K) && isOpenMPParallelDirective(K)) {
    if (!NCI.ScheduleChunk.empty() && NCI.ScheduleChunk != "1")
      return No("a schedule chunk other than 1");
    if (!NCI.DistChunk.empty())
      return No("dist_schedule with a chunk");
  }
  if (!NCI.Maps.empty() || !NCI.IsDevicePtr.empty() ||
      !NCI.HasDeviceAddr.empty())
    return No("a data clause");
  if (NCI.Safelen)
    return No("safelen");
  return {};
}

} // namespace omp2cuda
