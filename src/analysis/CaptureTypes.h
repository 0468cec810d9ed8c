// The types a region's captures have in the kernel at file scope, and
// where that kernel must stand for the region's class names to be
// spelled (CaptureTypes.cpp).
#ifndef OMP2CUDA_ANALYSIS_CAPTURETYPES_H
#define OMP2CUDA_ANALYSIS_CAPTURETYPES_H

#include "analysis/RegionSteps.h"

#include <string>

namespace omp2cuda {

/// U's type as the kernel at file scope spells it (T): canonical where the
/// written one names the class's scope.
Verdict classScopeType(const CaptureSite &S, const Use &U,
                       const std::string &Name, clang::QualType &T);

/// The kernel of a region in a member function defined inside its class
/// goes after the class (What says why), where that is possible.
Verdict kernelAfterClass(CaptureSite &S, const std::string &What);

/// A region of an out-of-line member definition that names the class by
/// its injected name, which the kernel outside the class cannot.
Verdict outOfLineInjectedName(CaptureSite &S);

/// T as a file-scope kernel can name it: a local or nested class that
/// cannot be named there keeps the region on the host.
Verdict fileScopeType(CaptureSite &S, const std::string &Name,
                      clang::QualType &T);

} // namespace omp2cuda

#endif
