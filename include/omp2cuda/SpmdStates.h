// Which nodes of an SPMD tree hold a state of the control loop: the
// analysis checks the loops around them, the emitter prints them.
#ifndef OMP2CUDA_SPMDSTATES_H
#define OMP2CUDA_SPMDSTATES_H

#include "omp2cuda/Region.h"

namespace omp2cuda {

/// Whether node I of a control-loop tree holds a parallel construct (a
/// state) among its children, directly or inside a distribute loop.
inline bool holdsState(const SpmdTree &T, unsigned I) {
  for (const SpmdPart &P : T.Nodes[I].Parts)
    if (P.Child >= 0 && (T.Nodes[P.Child].Kind != SpmdKind::TeamLoop ||
                         holdsState(T, static_cast<unsigned>(P.Child))))
      return true;
  return false;
}

} // namespace omp2cuda

#endif
