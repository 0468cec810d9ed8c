// `scope` inside the parallel regions of target regions (Transparent.cpp):
// what the directive tree's sharing rules need of it.
#ifndef OMP2CUDA_ANALYSIS_SCOPE_H
#define OMP2CUDA_ANALYSIS_SCOPE_H

#include "clang/AST/StmtOpenMP.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// The private and firstprivate items of a scope construct, or of a
/// serialised nested parallel region and the loops bound to its team of one
/// with their loop variables declared outside the loop (none for other
/// constructs): the copies its rewrite declares, which its statements
/// (nested loops included) use as each thread's own.
std::vector<const clang::VarDecl *>
scopeCopies(const clang::OMPExecutableDirective &D);

/// The o2c_dev::Red* combiner of a reduction clause's operator ("" for a
/// user-declared one; ClauseSharing.cpp).
std::string reductionOp(const clang::OMPReductionClause &C);

} // namespace omp2cuda

#endif
