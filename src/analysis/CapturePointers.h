// How a captured pointer reaches the kernel (CapturePointers.cpp).
#ifndef OMP2CUDA_ANALYSIS_CAPTUREPOINTERS_H
#define OMP2CUDA_ANALYSIS_CAPTUREPOINTERS_H

#include "analysis/PointerValueUse.h"
#include "analysis/RegionSteps.h"

namespace omp2cuda {

/// The uses the host build sees of a translated address, for messages.
extern const char *const SeenUses;

/// How the region uses U's value, knowing which pointers are translated
/// (the map clauses' section bases) and which variables never go back to
/// the host (private and firstprivate ones).
PointerValueUse valueUse(const CaptureSite &S, const Use &U);

/// firstprivate(p): the device copy of mapped data for a region that only
/// dereferences p, the host's address for one that only uses its value;
/// a region that does both stays on the host.
Verdict firstprivatePointer(const CaptureSite &S, const Use &U, Capture &Cap);

/// A mapped object whose address the region uses where the host build sees
/// it keeps the region on the host.
Verdict mappedAddress(const CaptureSite &S, const Use &U, const Capture &Cap);

/// A pointer no data-sharing clause names: the device address of what a
/// map (or defaultmap) maps, or the pointer itself.
Verdict pointerPassing(const CaptureSite &S, const Use &U, Capture &Cap);

} // namespace omp2cuda

#endif
