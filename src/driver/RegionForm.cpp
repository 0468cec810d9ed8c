#include "driver/RegionForm.h"

#include <fmt/format.h>

namespace omp2cuda {

std::string spmdDescription(const Region &R) {
  bool TeamLoop = false, GridLoop = false, ThreadLoop = false, Guard = false,
       Parallel = false;
  for (const SpmdNode &N : R.Spmd.Nodes) {
    TeamLoop = TeamLoop || N.Kind == SpmdKind::TeamLoop;
    GridLoop = GridLoop || N.Kind == SpmdKind::GridLoop;
    ThreadLoop = ThreadLoop || N.Kind == SpmdKind::ThreadLoop;
    Guard = Guard || N.Kind == SpmdKind::Guard;
    Parallel = Parallel || N.Kind == SpmdKind::Parallel;
  }
  size_t States = 0;
  for (const SpmdNode &N : R.Spmd.Nodes)
    States += N.Kind == SpmdKind::Parallel || N.Kind == SpmdKind::GridLoop;
  std::string What =
      R.Spmd.ControlLoop
          ? fmt::format("control loop: team-master code on thread 0, {} "
                        "parallel state{} on every thread of the block, one "
                        "barrier",
                        States, States == 1 ? "" : "s")
          : "spmd team code (no state machine): team-master code on every "
            "thread";
  if (Guard)
    What += ", its side effects on thread 0";
  if (TeamLoop)
    What += ", distribute iterations one block each";
  if (GridLoop)
    What += ", distribute parallel for over the grid";
  if (ThreadLoop)
    What += ", worksharing loops over each block's threads";
  else if (Parallel && !R.Spmd.ControlLoop)
    What += ", parallel regions on every thread of the block";
  std::string Teams = R.SingleTeam          ? "1"
                      : !R.NumTeams.empty() ? R.NumTeams
                      : TeamLoop && !R.Loops.empty()
                          ? "one per iteration, up to the resident "
                            "blocks"
                      : TeamLoop || GridLoop ? "the resident blocks"
                                             : "1";
  return fmt::format("{}; teams: {}; threads: {}", What, Teams,
                     R.ThreadLimit.empty() ? "256" : R.ThreadLimit);
}

clang::SourceLocation whyLoc(const Region &R, clang::SourceLocation Directive,
                             const clang::SourceManager &SM) {
  if (R.WhyPos.Line == 0)
    return Directive;
  clang::SourceLocation L =
      SM.translateLineCol(SM.getMainFileID(), R.WhyPos.Line, R.WhyPos.Col);
  return L.isValid() ? L : Directive;
}

} // namespace omp2cuda
