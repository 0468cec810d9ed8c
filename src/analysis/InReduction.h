// in_reduction on a task inside a target region (InReduction.cpp).
#ifndef OMP2CUDA_ANALYSIS_INREDUCTION_H
#define OMP2CUDA_ANALYSIS_INREDUCTION_H

#include "analysis/Analysis.h"

#include "clang/AST/OpenMPClause.h"

namespace omp2cuda {

/// Whether a task that runs in the thread that creates it, with body Body,
/// may update the items of its in_reduction clause C in that thread's own
/// copy: it only applies the reduction's operator to them. A 'no' is
/// located (Where) at the item, or the use, that decided.
Verdict inReductionInPlace(const clang::OMPInReductionClause &C,
                           const clang::Stmt *Body);

} // namespace omp2cuda

#endif
