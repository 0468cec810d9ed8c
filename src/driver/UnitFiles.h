// The files of a translation unit and which of them the translation may
// rewrite (docs/headers.md): the main file, and each user header below the
// input root that is included once. translateUnit's (TranslateUnit.cpp).
#ifndef OMP2CUDA_DRIVER_UNITFILES_H
#define OMP2CUDA_DRIVER_UNITFILES_H

#include "driver/Translate.h"

#include "clang/AST/ASTContext.h"

#include <map>
#include <optional>
#include <set>
#include <string>

namespace omp2cuda {

/// The files of the unit and which of them the translation may rewrite:
/// the main file, and each user header below the input root that is
/// included once (whyNot says the rest).
class UnitFiles {
public:
  UnitFiles(const clang::ASTContext &Ctx, const Options &O);

  clang::FileID main() const { return Main; }
  const std::string &mainPath() const { return MainPath; }
  std::string pathOf(clang::FileID F) const;

  /// How messages, `#line` and the runtime name a translated header: its
  /// path below the input root, the same in every unit that includes it,
  /// wherever the tree is.
  std::string displayName(clang::FileID F) const;

  /// How the runtime names a file the translation does not rewrite: the
  /// same wherever the tree is (relative to the main file's directory),
  /// but a system header by its path.
  std::string runtimeName(clang::FileID F) const;

  /// Why F cannot be rewritten; empty when it can.
  std::string whyNot(clang::FileID F) const;
  bool rewritable(clang::FileID F) const { return whyNot(F).empty(); }

  /// Why F's copy would not be the one the unit includes: F, or a file on
  /// its way from the main file, cannot be rewritten (an includer that is
  /// not rewritten includes the header itself: review rV's m5, `src/y.h`
  /// from `ext/x.h` outside the root); empty where all can.
  std::string whyNotReached(clang::FileID F) const;

  /// The header of Rewritten at canonical path P, if any.
  std::optional<clang::FileID>
  headerAt(const std::set<clang::FileID> &Rewritten, llvm::StringRef P) const;

private:
  /// Whether a file that is not a header is included inside a declaration
  /// at file scope (a function, a class, a namespace), or is included (at
  /// its own file scope) by such a file. Asked only for files the
  /// translation could otherwise rewrite: each answer walks the unit's
  /// declarations, and a unit has many files that are not headers
  /// (libstdc++'s .tcc files; done for all of them, that walk was 2% of
  /// translating LULESH, issue 11).
  bool nested(clang::FileID F) const;
  bool notHeader(clang::FileID F) const;
  bool includedInsideDecl(clang::FileID F) const;

  const clang::SourceManager &SM;
  const clang::TranslationUnitDecl *Unit;
  mutable std::map<clang::FileID, bool> InsideDecl;
  clang::FileID Main;
  std::string MainPath, Root;
  std::map<clang::FileID, std::string> Paths;
  std::map<std::string, unsigned> Count;
};

} // namespace omp2cuda

#endif
