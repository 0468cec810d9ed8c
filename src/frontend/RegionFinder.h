// Finds the OpenMP target constructs of the translation unit (AST matchers) and
// where their generated code will go. No text, no decisions.
#ifndef OMP2CUDA_FRONTEND_REGIONFINDER_H
#define OMP2CUDA_FRONTEND_REGIONFINDER_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <string>
#include <vector>

namespace omp2cuda {

struct RegionCandidate {
  const clang::OMPExecutableDirective *Directive = nullptr;
  /// The innermost function around the directive (null at file scope).
  const clang::FunctionDecl *Function = nullptr;
  /// The declaration at namespace or file scope that contains the directive:
  /// kernels and stubs are inserted right before it.
  const clang::Decl *TopLevel = nullptr;
  /// The comment `// omp2cuda: host ...` on the directive's line or in the
  /// comment lines right above it: the user keeps the region on the host on
  /// purpose. Empty when there is none.
  std::string HostComment;
  /// The file the directive is in (where a macro produces it: expanded).
  clang::FileID File;
};

/// The `omp2cuda: host` comment that applies to a directive starting at
/// Offset of Buffer and ending on the line of EndOffset (see HostComment).
std::string findHostComment(llvm::StringRef Buffer, unsigned Offset,
                            unsigned EndOffset);

/// Target constructs in source order: target execution constructs and the
/// target data constructs (data, enter/exit data, update). Constructs nested
/// in another target construct are left to that one; template
/// instantiations are skipped (their pattern is translated).
/// Constructs in every file but the system's headers: the caller decides
/// which files it can rewrite.
std::vector<RegionCandidate> findRegions(clang::ASTContext &Ctx);

/// True for the directive kinds findRegions returns.
bool isTargetConstruct(clang::OpenMPDirectiveKind K);

} // namespace omp2cuda

#endif
