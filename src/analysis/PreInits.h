// The clause expressions clang captures in a directive's pre-init
// statements (`schedule(static, c)` becomes a reference to an implicit
// `.capture_expr.` variable): their initialisers hold the user's text,
// which a RecursiveASTVisitor skips with the implicit declaration.
#ifndef OMP2CUDA_ANALYSIS_PREINITS_H
#define OMP2CUDA_ANALYSIS_PREINITS_H

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"

#include <vector>

namespace omp2cuda {

/// The captured-expression declarations with an initialiser in D's clauses'
/// pre-init statements.
inline std::vector<const clang::OMPCapturedExprDecl *>
preInitCaptures(const clang::OMPExecutableDirective &D) {
  std::vector<const clang::OMPCapturedExprDecl *> Out;
  for (const clang::OMPClause *C : D.clauses())
    if (const auto *P = clang::OMPClauseWithPreInit::get(C))
      if (const auto *DS =
              llvm::dyn_cast_or_null<clang::DeclStmt>(P->getPreInitStmt()))
        for (const clang::Decl *X : DS->decls())
          if (const auto *CE = llvm::dyn_cast<clang::OMPCapturedExprDecl>(X);
              CE && CE->getInit())
            Out.push_back(CE);
  return Out;
}

} // namespace omp2cuda

#endif
