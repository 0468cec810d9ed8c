// The text of a unit's table of `declare target ... indirect` functions
// (analysis/IndirectCalls.h decides it exists and where it goes).
#ifndef OMP2CUDA_EMIT_EMITINDIRECT_H
#define OMP2CUDA_EMIT_EMITINDIRECT_H

#include "omp2cuda/Region.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// The device's table of the host addresses of Names (filled by the
/// runtime), the device lookup omp2cuda_indirect that kernels call through
/// a pointer with, and the registration of the host addresses. First: the
/// place of the first function, for the comment.
std::string emitIndirectTable(const std::vector<std::string> &Names,
                              const SourcePos &First);

} // namespace omp2cuda

#endif
