// Clause expressions that may be evaluated twice: by a launch stub that
// decides whether the region offloads, and by the construct kept for the
// host when it does not (or by the host fallback's sync of a region left
// on the host, besides the host OpenMP library).
#ifndef OMP2CUDA_ANALYSIS_REPEATABLEEXPR_H
#define OMP2CUDA_ANALYSIS_REPEATABLEEXPR_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace omp2cuda {

/// Whether evaluating E once more cannot change what the program does: no
/// assignments, and calls only of the OpenMP API's queries
/// (omp_get_initial_device()).
bool safeToRepeat(const clang::Expr *E, const clang::ASTContext &Ctx);

} // namespace omp2cuda

#endif
