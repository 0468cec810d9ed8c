//===- CcPch.h - a precompiled device_rt.h for emu compiles ---------------===//
//
// Parsing omp2cuda/device_rt.h (the C++ standard headers it needs, the
// emulated CUDA API) is about 70% of compiling a small generated file for
// the emu backend with clang (1.0 s of CPU against 0.3 s with a precompiled
// header). When OMP2CUDA_PCH_DIR names a directory, omp2cuda-cc keeps one
// precompiled header there per compile command and reuses it, as ccache
// keeps objects. Limits: clang does not check system headers against a
// precompiled one, and the key does not cover them either: clear the
// directory after upgrading the C++ library. Files are never pruned, and a
// compile killed while building one leaves its `.pch.tmp<pid>` behind.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CUDA_DRIVER_CCPCH_H
#define OMP2CUDA_DRIVER_CCPCH_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace omp2cuda {
namespace cc {

/// Whether Cmd (a clang compile of a generated .cu, without its input and
/// output) can take a precompiled device_rt.h: a clang driver, and none of
/// the flags that change what a precompiled header means (-include, -M*).
bool pchApplies(const std::vector<std::string> &Cmd);

/// Whether the file at Cu is one omp2cuda wrote that includes the runtime's
/// header first (its banner's two lines), which a precompiled one stands
/// for: a user's own .cu may not include it, or define macros before.
bool startsWithRuntime(llvm::StringRef Cu);

/// The cache file for Cmd: Dir/device_rt-<hash>.pch, where the hash covers
/// every word of Cmd and the size and time of each header under
/// IncludeDir/omp2cuda (a changed runtime gets a new file).
std::string pchPath(llvm::StringRef Dir, const std::vector<std::string> &Cmd,
                    llvm::StringRef IncludeDir);

/// The precompiled header for Cmd, built first when it is not in the cache
/// (into a temporary file renamed into place, so that parallel compiles
/// never read a half-written one). Empty when it cannot be built, or when
/// building it printed anything: a warning in the header must reach the
/// user as it would without the cache. Verbose: the build's command line
/// on stderr, as -v shows every command.
std::string ensurePch(llvm::StringRef Dir, const std::vector<std::string> &Cmd,
                      llvm::StringRef IncludeDir, bool Verbose);

} // namespace cc
} // namespace omp2cuda

#endif
