// The unit's `#pragma omp requires` clauses, which several rules read
// (unified_shared_memory, atomic_default_mem_order).
#ifndef OMP2CUDA_ANALYSIS_REQUIRESCLAUSE_H
#define OMP2CUDA_ANALYSIS_REQUIRESCLAUSE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/OpenMPClause.h"

namespace omp2cuda {

/// The first clause of type ClauseT on a file-scope `requires` directive,
/// or null; Where, when given, receives its directive.
template <class ClauseT>
const ClauseT *requiresClause(const clang::ASTContext &Ctx,
                              const clang::OMPRequiresDecl **Where = nullptr) {
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *R = llvm::dyn_cast<clang::OMPRequiresDecl>(D))
      for (const clang::OMPClause *C : R->clauselists())
        if (const auto *Found = llvm::dyn_cast<ClauseT>(C)) {
          if (Where)
            *Where = R;
          return Found;
        }
  return nullptr;
}

} // namespace omp2cuda

#endif
