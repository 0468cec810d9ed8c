#ifndef OMP2CUDA_DRIVER_OUTPUT_H
#define OMP2CUDA_DRIVER_OUTPUT_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// Writes Content to Path through a temporary file in the same directory and
/// a rename, so a failure never leaves a partial file behind.
llvm::Error writeFileAtomically(const std::string &Path,
                                const std::string &Content);

/// A Makefile-style depfile: "Target: Dep1 Dep2 ...".
std::string depfileText(const std::string &Target,
                        const std::vector<std::string> &Deps);

/// True if A and B name the same existing file.
bool sameFile(const std::string &A, const std::string &B);

} // namespace omp2cuda

#endif
