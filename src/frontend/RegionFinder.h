// Finds the OpenMP target constructs of the main file (AST matchers) and
// where their generated code will go. No text, no decisions.
#ifndef OMP2CUDA_FRONTEND_REGIONFINDER_H
#define OMP2CUDA_FRONTEND_REGIONFINDER_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <vector>

namespace omp2cuda {

struct RegionCandidate {
  const clang::OMPExecutableDirective *Directive = nullptr;
  /// The innermost function around the directive (null at file scope).
  const clang::FunctionDecl *Function = nullptr;
  /// The declaration at namespace or file scope that contains the directive:
  /// kernels and stubs are inserted right before it.
  const clang::Decl *TopLevel = nullptr;
};

/// Target constructs in source order: target execution constructs and the
/// target data constructs (data, enter/exit data, update). Constructs nested
/// in another target construct are left to that one; template
/// instantiations are skipped (their pattern is translated).
/// Target constructs in user headers (not translated: the .cu replaces only
/// the main file) go to InHeaders when given.
std::vector<RegionCandidate>
findRegions(clang::ASTContext &Ctx,
            std::vector<const clang::OMPExecutableDirective *> *InHeaders = nullptr);

/// True for the directive kinds findRegions returns.
bool isTargetConstruct(clang::OpenMPDirectiveKind K);

} // namespace omp2cuda

#endif
