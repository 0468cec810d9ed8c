// Local references bound to objects of static storage (`int &rg = g;`):
// Clang does not capture them (they are usable in constant expressions), and
// the kernel takes their value as a copy, which is the region's only where
// nothing else sees the object (review rv41 f5: `rg = 7` in a kernel never
// reached g; f3b: `rg` of a declare target g read the host's value).
#ifndef OMP2CUDA_ANALYSIS_STATICREFERENCES_H
#define OMP2CUDA_ANALYSIS_STATICREFERENCES_H

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <set>

namespace omp2cuda {

/// The references of that kind that Body uses (declared outside it).
struct StaticReferences {
  /// Those the region may take as a copy of the value, as OpenMP's
  /// firstprivate would: every use reads, and the reference is bound to
  /// (part of) a variable that is not declare target and that Body does
  /// not name directly (a host fallback keeps the host's bytes for them).
  std::set<const clang::VarDecl *> Copied;
  /// The first use of one that it may not: a write through it or its
  /// address taken, or one bound to (part of) a declare target variable or
  /// of a variable Body also names. Null where there is none.
  const clang::DeclRefExpr *Unsafe = nullptr;
};
StaticReferences staticReferences(const clang::Stmt *Body);

} // namespace omp2cuda

#endif
