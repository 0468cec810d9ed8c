// The loops that enter a pointer's pointee for each element of an array of
// pointers (`for (i = 0; i < n; i++) enter data map(A[i][0:m])`): which
// elements they certainly enter, so that a region's `A[k][j]` counts as
// attached only where the loop entered every element the holder's map
// has (review hunt j1/j4: a loop over n - 1 rows, a `continue`).
#ifndef OMP2CUDA_ANALYSIS_ENTERINGLOOPS_H
#define OMP2CUDA_ANALYSIS_ENTERINGLOOPS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/Stmt.h"

#include <cstdint>
#include <optional>

namespace omp2cuda {

/// The values `for (i = Lo; i < Hi; i++)` runs its body for, every one
/// of them to the end: Hi a constant, or the expression HiExpr whose
/// variables nothing in the function changes.
struct LoopRange {
  const clang::VarDecl *Var = nullptr;
  int64_t Lo = 0;
  std::optional<int64_t> Hi;
  const clang::Expr *HiExpr = nullptr;
};

/// S's range when S is a for loop whose body is D or holds D among its
/// statements, that steps its variable by one from a constant up to a
/// bound with `<` (or `<=` a constant), and whose body neither jumps out
/// of an iteration early (break, continue, goto, return, a label) nor
/// changes the variable; the bound's variables are locals or parameters
/// that nothing in Scope (the function's body) changes.
std::optional<LoopRange> enteringLoop(const clang::Stmt *S,
                                      const clang::Stmt *D,
                                      const clang::Stmt *Scope,
                                      const clang::ASTContext &Ctx);

/// The range of Iter's only iterator when it steps by one from a constant
/// (`iterator(it = 0:n)`): the values a map item with that modifier enters
/// each element for; its end a constant or as enteringLoop's bound.
std::optional<LoopRange> iteratorRange(const clang::OMPIteratorExpr *Iter,
                                       const clang::Stmt *Scope,
                                       const clang::ASTContext &Ctx);

/// Whether the loop R enters every element of what Item (a map item of
/// another construct: an array section `A[lo:len]`, an array variable or
/// an element `A[k]`) maps of the array its elements are indexed in: the
/// section `A[0:n]` with n the loop's very bound, an element or a constant
/// section or array within the loop's constant range.
bool loopCovers(const LoopRange &R, const clang::Expr *Item,
                const clang::ASTContext &Ctx);

} // namespace omp2cuda

#endif
