#include "emit/Emit.h"

#include <fmt/format.h>

namespace omp2cuda {

std::string emitDeviceGlobal(const DeviceGlobal &G) {
  if (G.Link)
    return fmt::format("// omp2cuda: the device pointer of '{}' (declare target "
                       "link, {}:{}): the runtime\n// points it at the "
                       "variable's device storage whenever a map creates it\n"
                       "static __device__ {};\n",
                       G.Name, G.Loc.File, G.Loc.Line, G.Decl);
  if (G.HostAddress)
    return fmt::format("// omp2cuda: the device pointer to the host's '{}' "
                       "({}:{}; not declare target,\n// the unit requires "
                       "unified_shared_memory): the runtime points it at the "
                       "variable\nstatic __device__ {};\n",
                       G.HostRef, G.Loc.File, G.Loc.Line, G.Decl);
  // Internal linkage: every unit that uses the variable on the device has
  // its own mirror (nvcc links device variables across units only with
  // -rdc), and registers it under the variable's host address.
  return fmt::format("// omp2cuda: the device copy of '{}' (declare target, "
                     "{}:{})\n"
                     "static __device__ {}{};\n",
                     G.Name, G.Loc.File, G.Loc.Line, G.Decl, G.Init);
}

std::string emitDeviceCopies(const std::vector<DeviceGlobal> &Gs) {
  std::string Out = "\n// omp2cuda: the device copies above, registered with "
                    "the runtime, which\n// puts each in the present table.\n";
  for (const DeviceGlobal &G : Gs)
    if (G.HostAddress)
      Out += fmt::format("static const o2c::HostGlobal {0}_host(&{1}, "
                         "sizeof({1}), &{0});\n",
                         G.Pointer, G.HostRef);
    else if (G.Link)
      Out += fmt::format("static const o2c::DeviceLink omp2cuda_copy_{0}(&{0}, "
                         "sizeof({0}), &{1});\n",
                         G.Name, G.Pointer);
    else
      Out += fmt::format("static const o2c::DeviceCopy omp2cuda_copy_{0}(&{0}, "
                         "sizeof({0}), &{1});\n",
                         G.Name, G.Mirror);
  return Out;
}

} // namespace omp2cuda
