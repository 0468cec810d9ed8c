// The names functions are written with, where clang renames a function
// defined in a `begin declare variant` block (omp.h defines
// omp_is_initial_device in such blocks): beside a written call is the one
// clang resolved, printed `omp_is_initial_device[device={kind(host)}]`.
#ifndef OMP2CUDA_ANALYSIS_VARIANTNAMES_H
#define OMP2CUDA_ANALYSIS_VARIANTNAMES_H

#include "clang/AST/Decl.h"

#include <string>

namespace omp2cuda {

/// FD's name without a declare variant block's selector.
inline std::string writtenName(const clang::FunctionDecl &FD) {
  std::string N = FD.getNameAsString();
  return N.substr(0, N.find('['));
}

} // namespace omp2cuda

#endif
