// The edits that re-spell a capture's references in the kernel
// (CaptureEdits.cpp).
#ifndef OMP2CUDA_ANALYSIS_CAPTUREEDITS_H
#define OMP2CUDA_ANALYSIS_CAPTUREEDITS_H

#include "analysis/RegionSteps.h"

namespace omp2cuda {

/// Re-spells U's references for Cap (S.Text's body and bound edits): a
/// mapped object through its pointer, a qualified name as the parameter's,
/// `this->` dropped, a constant a constant expression needs as its value.
Verdict captureEdits(CaptureSite &S, const Use &U, bool LoopVariable,
                     Capture &Cap);

/// Refuses a variable the kernel takes whose address or reference a
/// constant expression needs (Use::AddressConstantRefs).
Verdict addressConstant(const Use &U);

} // namespace omp2cuda

#endif
