//===- CcTools.h - finding and quoting programs ---------------------------===//
//
// The programs omp2cuda-cc runs: where they are, which family they are of,
// and how a command line is shown (-v).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CUDA_DRIVER_CCTOOLS_H
#define OMP2CUDA_DRIVER_CCTOOLS_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace omp2cuda {
namespace cc {

/// Splits an environment value like "ccache g++" into words.
std::vector<std::string> splitWords(llvm::StringRef S);
/// Resolves a program: env override (may be a command with arguments), else
/// a default. Returns the command words; empty when not found.
std::vector<std::string> findTool(const char *Env, llvm::StringRef Default,
                                  llvm::StringRef Preferred = "");
/// GCC needs -foffload=disable so that it never looks for an offload
/// compiler of its own; clang rejects the flag.
bool isGcc(llvm::StringRef Program);
/// A, quoted for a POSIX shell where it needs to be.
std::string quoteArg(llvm::StringRef A);
/// The C compiler of the same family as a C++ compiler: clang++-19 ->
/// clang-19, g++-12 -> gcc-12; others compile C themselves.
std::string cSibling(llvm::StringRef Cxx);

} // namespace cc
} // namespace omp2cuda

#endif
