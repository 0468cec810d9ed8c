// A parsed translation unit to its outputs: the main file's .cu and the
// translated copies of the user headers it includes (docs/headers.md).
#ifndef OMP2CUDA_DRIVER_TRANSLATEUNIT_H
#define OMP2CUDA_DRIVER_TRANSLATEUNIT_H

#include "driver/HeaderCopies.h"
#include "driver/Translate.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace omp2cuda {

/// Translates the unit into Out (Output, Headers, Regions, counts);
/// Includes are the #includes the preprocessor followed.
void translateUnit(clang::ASTContext &Ctx,
                   const std::vector<IncludeSite> &Includes, const Options &O,
                   FileResult &Out);

} // namespace omp2cuda

#endif
