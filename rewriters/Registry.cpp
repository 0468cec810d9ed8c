#include "Registry.h"

namespace omp2cuda {

static const Rewriter Table[] = {
    {"combined-loop", KernelShape::GridStride, emitGridStrideBody,
     emitGridStrideLaunch},
    {"sequential-target", KernelShape::Sequential, emitSequentialBody,
     emitSequentialLaunch},
};

const Rewriter &rewriterFor(KernelShape S) {
  for (const Rewriter &R : Table)
    if (R.Shape == S)
      return R;
  return Table[0];
}

} // namespace omp2cuda
