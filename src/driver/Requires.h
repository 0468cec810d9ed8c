// `#pragma omp requires` in the translated unit: what the runtime must be
// told (docs/unified-shared-memory.md).
#ifndef OMP2CUDA_DRIVER_REQUIRES_H
#define OMP2CUDA_DRIVER_REQUIRES_H

#include "clang/AST/ASTContext.h"

#include <string>

namespace omp2cuda {

/// A namespace-scope `o2c::RequiresUnifiedSharedMemory` for the main file's
/// `requires unified_shared_memory` (the unit's first, wherever it is), so
/// that a device that cannot reach host memory is not used; empty when the
/// unit has none. `unified_address` needs nothing: CUDA's addresses are
/// unified. MainName: the main file as the messages name it.
std::string requiresRegistration(clang::ASTContext &Ctx,
                                 const std::string &MainName);

} // namespace omp2cuda

#endif
