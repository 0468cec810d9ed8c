// Lints for OpenMP semantics that surprise users. Each check reads one
// target construct and returns plain data; the caller decides how to report.
#ifndef OMP2CUDA_ANALYSIS_LINT_H
#define OMP2CUDA_ANALYSIS_LINT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// One finding of a lint: where, about which variable, and what to say.
struct LintFinding {
  clang::SourceLocation Loc;
  std::string Var;
  std::string Message;
};

/// Scalars (pointers included) that a target execution construct writes but
/// that OpenMP 5.x makes implicitly firstprivate there (no map, data-sharing
/// or defaultmap clause names them), and that the enclosing function reads
/// after the region: the write never reaches the host. One finding per
/// variable, at its first write, in source order. Function is the function
/// around D (found from the parent map when null). Other directives
/// (target data constructs) give nothing.
std::vector<LintFinding>
lintFirstprivateWrites(const clang::OMPExecutableDirective &D,
                       clang::ASTContext &Ctx,
                       const clang::FunctionDecl *Function = nullptr);

/// Scalars that a target execution construct takes implicitly firstprivate
/// while an enclosing `target data` of the same function maps them and
/// another target region in it writes their device copy: the region starts
/// from the host's value (OpenMP, and clang on a device), a build without a
/// device from the written one. One finding per variable, at its first use
/// in the region.
std::vector<LintFinding>
lintFirstprivatePresent(const clang::OMPExecutableDirective &D,
                        clang::ASTContext &Ctx);

} // namespace omp2cuda

#endif
