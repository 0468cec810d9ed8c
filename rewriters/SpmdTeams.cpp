// Regions with nested constructs in the SPMD form (issue 9 point 6; clang
// calls it SPMDization): no state machine. Every thread runs the team-master
// code itself; a distribute loop gives its iterations to the blocks in turn,
// a worksharing loop to the threads of the block, `distribute parallel for`
// to the whole grid; team-master statements with side effects run on thread
// 0 alone. Lowering decided where the team synchronises.
#include "Registry.h"
#include "SpmdPrinter.h"

#include <fmt/format.h>

namespace omp2cuda {

namespace {

bool distributes(const KernelModel &K) {
  for (const SpmdNode &N : K.Spmd.Nodes)
    if (N.Kind == SpmdKind::TeamLoop || N.Kind == SpmdKind::GridLoop)
      return true;
  return false;
}

} // namespace

void teamCopiesOpen(const KernelModel &K, std::string &Out) {
  for (const ReductionModel &Red : K.Reductions)
    Out += fmt::format("  __shared__ {0} o2c_teamcopy_{1}; // the team's copy of "
                       "'{1}'\n  if (threadIdx.x == 0)\n    o2c_teamcopy_{1} = "
                       "{2}::identity<{0}>();\n  __syncthreads();\n",
                       Red.Type, Red.Var, Red.Op);
  if (!K.Reductions.empty()) {
    Out += "  {\n";
    for (const ReductionModel &Red : K.Reductions)
      Out += fmt::format("  {0} &{1} = o2c_teamcopy_{1};\n", Red.Type, Red.Var);
  }
}

void teamCopiesClose(const KernelModel &K, SpmdPrinter &P) {
  if (K.Reductions.empty())
    return;
  P.Out += "  }\n";
  P.sync(" // the team's copies are complete");
  P.Out += "  if (threadIdx.x == 0) {\n";
  for (const ReductionModel &Red : K.Reductions)
    P.Out += fmt::format("    o2c_dev::atomicCombine<{}>({}, o2c_teamcopy_{});\n",
                         Red.Op, Red.Slot, Red.Var);
  P.Out += "  }\n";
}

bool teamFirstprivatesOpen(const KernelModel &K, std::string &Out,
                           bool Sync) {
  if (K.Spmd.TeamCopies.empty())
    return false;
  for (const auto &[Name, Decl] : K.Spmd.TeamCopies)
    Out += fmt::format("  {0}; // the team's '{1}'\n  if (threadIdx.x == 0)\n"
                       "    o2c_teamfp_{1} = {1};\n",
                       Decl, Name);
  if (Sync)
    Out += "  __syncthreads();\n";
  Out += "  {\n";
  for (const auto &[Name, Decl] : K.Spmd.TeamCopies)
    Out += fmt::format("  auto &{0} = o2c_teamfp_{0};\n", Name);
  return true;
}

void teamSlotsOpen(const KernelModel &K, std::string &Out) {
  if (K.Spmd.SlotBytes)
    Out += fmt::format("  char *const o2c_ds = o2c_dev::teamSlots(o2c_ds_global, "
                       "{}); // the team's data-sharing slots\n",
                       K.Spmd.SlotBytes);
}

void spmdScratch(const KernelModel &K, std::string &Out) {
  if (!K.Spmd.ScratchTypes.empty())
    Out += fmt::format("  __shared__ unsigned long long "
                       "o2c_scratch[o2c_dev::ScratchWords<{}>::value];\n",
                       K.Spmd.ScratchTypes);
  else if (K.Spmd.ScratchBytes)
    Out += fmt::format("  __shared__ unsigned long long o2c_scratch[{}];\n",
                       K.Spmd.ScratchBytes / 8);
}

void emitSpmdBody(const KernelModel &K, std::string &Out) {
  teamSlotsOpen(K, Out);
  spmdScratch(K, Out);
  if (K.Spmd.Nodes.empty())
    return;
  bool Copies = teamFirstprivatesOpen(K, Out, /*Sync=*/true);
  teamCopiesOpen(K, Out);
  SpmdPrinter P{K, Out};
  P.node(0);
  teamCopiesClose(K, P);
  if (Copies)
    Out += "  }\n";
}

void emitSpmdLaunch(const KernelModel &K, std::string &Out) {
  std::string Kernel = launchKernel(K), Args = launchArgs(K);
  bool HostTrip = !K.TripExpr.empty() && !K.TripOnDevice;
  std::string Teams = K.SingleTeam || K.NumTeams.empty()
                          ? (K.SingleTeam ? "1" : "0")
                          : "(long long)(" + K.NumTeams + ")";
  if (HostTrip) {
    Out += fmt::format("  const {} o2c_trip = {};\n", K.TripType, K.TripExpr);
    Out += "  if (o2c_trip > 0) {\n";
  } else {
    Out += "  {\n";
  }
  Out += fmt::format(
      "    o2c::LaunchShape o2c_shape = o2c::spmdShape(o2c_region, "
      "o2c::spmdTeams(o2c_region, {}, {}, {}), (long long)({}));\n",
      Teams, HostTrip ? "o2c_trip" : "0", distributes(K) ? "true" : "false",
      K.ThreadLimit.empty() ? "0" : K.ThreadLimit);
  std::string Smem = "0";
  if (K.Spmd.SlotBytes) {
    const char *Mode = K.Spmd.SlotMode == DataSharing::Global   ? "Global"
                       : K.Spmd.SlotMode == DataSharing::Shared ? "Shared"
                                                                : "Auto";
    Out += fmt::format("    const o2c::TeamSlots o2c_slots = o2c::teamSlots({}, "
                       "o2c_region, o2c_shape, {}, o2c::SlotsIn::{});\n",
                       Kernel, K.Spmd.SlotBytes, Mode);
    Smem = "o2c_slots.Dynamic";
  }
  Out += fmt::format(
      "    O2C_LAUNCH(o2c_shape, {}, o2c_region.stream(), {})({});\n", Smem,
      Kernel, Args);
  Out += "    o2c_region.launched();\n  }\n";
}

} // namespace omp2cuda
