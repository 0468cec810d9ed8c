// Translated copies of user headers: what the copies are called, how an
// include names a copy, and the record of the includes the preprocessor
// followed. Pure path arithmetic; the decisions are made in Translate.cpp.
#ifndef OMP2CUDA_DRIVER_HEADERCOPIES_H
#define OMP2CUDA_DRIVER_HEADERCOPIES_H

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// The name of a header's translated copy: `lulesh.h` -> `lulesh.cu.h`,
/// `vec.hpp` -> `vec.cu.hpp`, `defs` -> `defs.cu.h`. Distinct from the
/// original, so that a copy written next to it never replaces it.
std::string copyName(llvm::StringRef Name);

/// True for a header by its extension (`.h`, `.hpp`, `.cuh`, `.inl`, ...),
/// as clang-tidy and the compilers tell them.
bool isHeaderName(llvm::StringRef Path);

/// True when Path is Root or below it (both absolute and normalised).
bool isUnder(llvm::StringRef Path, llvm::StringRef Root);

/// The relative path from directory FromDir to To (both absolute and
/// normalised), with `/` separators: `../inc/a.h`.
std::string relativePath(llvm::StringRef To, llvm::StringRef FromDir);

/// One #include the preprocessor followed.
struct IncludeSite {
  clang::SourceLocation Hash;           // the `#` of the directive
  clang::CharSourceRange FilenameRange; // `"a.h"` or `<a.h>`
  std::string Resolved;                 // the file it opened, canonical
};

/// Records every #include that opened a file.
class IncludeRecorder : public clang::PPCallbacks {
public:
  IncludeRecorder(std::vector<IncludeSite> &Out, clang::FileManager &FM)
      : Out(Out), FM(FM) {}
  void InclusionDirective(clang::SourceLocation HashLoc,
                          const clang::Token &IncludeTok,
                          llvm::StringRef FileName, bool IsAngled,
                          clang::CharSourceRange FilenameRange,
                          clang::OptionalFileEntryRef File,
                          llvm::StringRef SearchPath,
                          llvm::StringRef RelativePath,
                          const clang::Module *SuggestedModule,
                          bool ModuleImported,
                          clang::SrcMgr::CharacteristicKind FileType) override;

private:
  std::vector<IncludeSite> &Out;
  clang::FileManager &FM;
};

/// The canonical absolute path of a file (symbolic links resolved where
/// the file exists), relative names taken from the tool's working
/// directory (that of the compile command), not the process's.
std::string canonicalPath(clang::FileManager &FM, llvm::StringRef Path);

} // namespace omp2cuda

#endif
