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

void emitSpmdBody(const KernelModel &K, std::string &Out) {
  if (K.SpmdScratch)
    Out += "  __shared__ unsigned long long o2c_scratch[32];\n";
  if (K.Spmd.Nodes.empty())
    return;
  teamCopiesOpen(K, Out);
  SpmdPrinter P{K, Out};
  P.node(0);
  teamCopiesClose(K, P);
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
  Out += fmt::format(
      "    O2C_LAUNCH(o2c_shape, 0, o2c_region.stream(), {})({});\n", Kernel,
      Args);
  Out += "    o2c_region.launched();\n  }\n";
}

} // namespace omp2cuda
