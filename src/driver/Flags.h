// Where each input's compile flags come from, chosen as the clang tools
// choose (flags after `--`, else -p, else a compile_commands.json above the
// first source) but without their six-line complaint when there is none.
#ifndef OMP2CUDA_DRIVER_FLAGS_H
#define OMP2CUDA_DRIVER_FLAGS_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace omp2cuda {

struct FlagSource {
  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  /// Neither flags after `--` nor a database: every file is parsed with no
  /// flags of its own (worth a note only when a parse fails).
  bool Flagless = false;
};

/// Fixed: the database of the flags after `--` (null without `--`).
/// BuildPath: -p (empty when not given); a -p without a database is an
/// error. Before/After: --extra-arg-before / --extra-arg.
llvm::Expected<FlagSource>
loadFlags(std::unique_ptr<clang::tooling::CompilationDatabase> Fixed,
          const std::string &BuildPath, const std::string &FirstSource,
          llvm::ArrayRef<std::string> Before,
          llvm::ArrayRef<std::string> After);

} // namespace omp2cuda

#endif
