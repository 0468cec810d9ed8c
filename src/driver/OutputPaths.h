#ifndef OMP2CUDA_DRIVER_OUTPUTPATHS_H
#define OMP2CUDA_DRIVER_OUTPUTPATHS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// Where the command line asked outputs to go.
struct OutputLayout {
  std::string OutFile; ///< -o: the one input's output
  std::string OutDir;  ///< --out-dir
  std::string InRoot;  ///< --in-root: mirror the tree below it
};

/// Inputs in command-line order with repeats of the same file dropped.
std::vector<std::string> uniqueInputs(llvm::ArrayRef<std::string> Sources);

/// The output path of each input, distinct for distinct inputs: with -j two
/// inputs writing one file would race, and either way one translation would
/// be lost. Inputs whose natural names collide are disambiguated the same
/// way whatever the order they are given in: under --out-dir they mirror
/// their tree below the deepest directory they share, and inputs that differ
/// only by extension keep it (k.c -> k.c.cu, k.cpp -> k.cpp.cu).
llvm::Expected<std::vector<std::string>>
assignOutputPaths(llvm::ArrayRef<std::string> Sources, const OutputLayout &L);

} // namespace omp2cuda

#endif
