// A region in a template is translated once, from its pattern, where a call
// through a template parameter (`f(x)` for a `F f`) or one that depends on
// one (`g(x)` for a `T x`) names no function yet. What such a call runs is
// known in each instantiation of the template: device code must be able to
// run it in every one (the kernel template is instantiated with the same
// arguments).
#ifndef OMP2CUDA_ANALYSIS_INSTANTIATIONS_H
#define OMP2CUDA_ANALYSIS_INSTANTIATIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <vector>

namespace omp2cuda {

/// The statements that template instantiations made of Pattern (a statement
/// of a template's definition): those of its kind at its place, in every
/// instantiation of the templates around it (also a generic lambda's).
std::vector<const clang::Stmt *> instantiatedCopies(const clang::Stmt *Pattern,
                                                    clang::ASTContext &Ctx);

/// Whether E, an expression of a template's pattern, is a call (or a
/// construction) that names no function until the template is instantiated.
bool isDependentCall(const clang::Expr *E);

} // namespace omp2cuda

#endif
