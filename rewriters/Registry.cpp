#include "Registry.h"

namespace omp2cuda {

static const Rewriter Table[] = {
    {"combined-loop", KernelShape::GridStride, emitGridStrideBody,
     emitGridStrideLaunch},
    {"sequential-target", KernelShape::Sequential, emitSequentialBody,
     emitSequentialLaunch},
    {"spmd-teams", KernelShape::Spmd, emitSpmdBody, emitSpmdLaunch},
    {"control-loop", KernelShape::ControlLoop, emitControlLoopBody,
     emitSpmdLaunch},
};

std::string launchKernel(const KernelModel &K) { return K.Name + K.TemplateArgs; }

std::string launchArgs(const KernelModel &K) {
  std::string Args;
  for (const KernelParam &P : K.Params)
    Args += (Args.empty() ? "" : ", ") + P.StubArg;
  return Args;
}

const Rewriter &rewriterFor(KernelShape S) {
  for (const Rewriter &R : Table)
    if (R.Shape == S)
      return R;
  return Table[0];
}

} // namespace omp2cuda
