#include "emit/Emit.h"

#include <fmt/format.h>

namespace omp2cuda {

namespace {

std::string deviceGlobalText(const DeviceGlobal &G) {
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

} // namespace

std::string emitDeviceGlobal(const DeviceGlobal &G) {
  // A namespace's variable declared in a header: its mirror, after the
  // #include, goes into the same namespace, where its type is spelled.
  std::string Open, Close;
  for (const std::string &NS : G.Reopen) {
    Open += NS + " {\n";
    Close += "}\n";
  }
  return Open + deviceGlobalText(G) + Close;
}

std::string emitDeviceCopies(const std::vector<DeviceGlobal> &Gs) {
  std::string Out = "\n// omp2cuda: the device copies above, registered with "
                    "the runtime, which\n// puts each in the present table.\n";
  for (const DeviceGlobal &G : Gs)
    if (G.HostAddress)
      Out += fmt::format("static const o2c::HostGlobal {0}_host(&{1}, "
                         "sizeof({1}), &{0});\n",
                         G.Pointer, G.HostRef);
    else
      Out += fmt::format("static const o2c::{0} omp2cuda_copy_{1}(&{2}, "
                         "sizeof({2}), &{3});\n",
                         G.Link ? "DeviceLink" : "DeviceCopy",
                         G.Id.empty() ? G.Name : G.Id,
                         G.HostRef.empty() ? G.Name : G.HostRef,
                         G.Link ? G.Pointer : G.Mirror);
  return Out;
}

} // namespace omp2cuda
