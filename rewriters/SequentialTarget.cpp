// Target regions without worksharing: the body runs as written on every
// thread of every team the construct asks for (`target`: one team of one
// thread; `target teams`: num_teams teams; `target parallel`: one team of
// num_threads threads). No nested directive may appear (Classify checks), so
// no barrier or data sharing is needed.
#include "Registry.h"
#include "emit/Emit.h"

#include <fmt/format.h>

namespace omp2cuda {

void emitSequentialBody(const KernelModel &K, std::string &Out) {
  // reduction on target teams / parallel: each thread that runs the body
  // is one team's or one thread's private copy, combined at the end.
  for (const ReductionModel &Red : K.Reductions)
    Out += fmt::format("  {0} {1} = {2}::identity<{0}>();\n", Red.Type,
                       Red.Var, Red.Op);
  Out += placedBody(K);
  for (const ReductionModel &Red : K.Reductions)
    Out += fmt::format("  o2c_dev::atomicCombine<{}>({}, {});\n", Red.Op,
                       Red.Slot, Red.Var);
}

void emitSequentialLaunch(const KernelModel &K, std::string &Out) {
  std::string Kernel = launchKernel(K), Args = launchArgs(K);
  Out += fmt::format("  o2c::LaunchShape o2c_shape = o2c::spmdShape(o2c_region, "
                     "(long long)({}), (long long)({}));\n",
                     K.NumTeams.empty() ? "1" : K.NumTeams,
                     K.ThreadLimit.empty() ? "0" : K.ThreadLimit);
  Out += fmt::format("  O2C_LAUNCH(o2c_shape, 0, o2c_region.stream(), {})({});\n",
                     Kernel, Args);
  Out += "  o2c_region.launched();\n";
}

} // namespace omp2cuda
