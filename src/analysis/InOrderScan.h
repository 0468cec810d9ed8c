// reduction(inscan, ...) and `scan` on a loop that one thread runs in order
// (a nested `simd`, a serialised `parallel for` or `for`): when running each
// iteration's phases as written, on the one variable, computes the scan.
//
// OpenMP gives each iteration's input phase a fresh copy of x at the
// operator's identity, and its scan phase sees the prefix combined over the
// iterations so far. Running in order on x itself equals that exactly when
// the input phase only combines values into x with the reduction's operator
// (`x op= e`, `x = x op e`, `x = e op x`, min/max as `x = e < x ? e : x`)
// whose e never reads any scan item, the scan phase only reads x, and x is
// an integer (in floating point OpenMP's p + (0 + a + b) rounds, and signs
// zeros, differently from (p + a) + b) that nothing reaches through a
// pointer or reference. The rule below checks that; anything else stays on
// the host.
#ifndef OMP2CUDA_ANALYSIS_INORDERSCAN_H
#define OMP2CUDA_ANALYSIS_INORDERSCAN_H

#include "analysis/Analysis.h"

#include "clang/AST/StmtOpenMP.h"

namespace omp2cuda {

/// Whether loop construct D carries a reduction clause with the inscan
/// modifier.
bool hasInscan(const clang::OMPExecutableDirective &D);

/// Whether running D's loop in order, in one thread, on its inscan items
/// themselves computes the scan OpenMP defines (see above). A 'no' is
/// [omp2cuda-host-clause], At located at the use of the item that decided
/// (or the clause).
Verdict inOrderScan(const clang::OMPExecutableDirective &D,
                    clang::ASTContext &Ctx, clang::SourceLocation &At);

} // namespace omp2cuda

#endif
