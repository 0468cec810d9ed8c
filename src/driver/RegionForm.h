// How the report names the form a region got, and where its diagnostic
// points, for the region forms beyond the grid-stride and sequential ones.
#ifndef OMP2CUDA_DRIVER_REGIONFORM_H
#define OMP2CUDA_DRIVER_REGIONFORM_H

#include "omp2cuda/Region.h"

#include "clang/Basic/SourceManager.h"

#include <string>

namespace omp2cuda {

/// The launch shape of a region in the SPMD form: what runs where, the
/// barriers the team needs, teams and threads.
std::string spmdDescription(const Region &R);

/// Where a region's 'left on the host' diagnostic points: the construct,
/// clause or call that decided (Region::WhyPos), else Directive.
clang::SourceLocation whyLoc(const Region &R, clang::SourceLocation Directive,
                             const clang::SourceManager &SM);

} // namespace omp2cuda

#endif
