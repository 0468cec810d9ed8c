// The construct traits of the OpenMP context at a call (ConstructContext.cpp)
// and the device's choice of `declare variant` there (DeclareVariant.cpp).
#ifndef OMP2CUDA_ANALYSIS_CONSTRUCTCONTEXT_H
#define OMP2CUDA_ANALYSIS_CONSTRUCTCONTEXT_H

#include "analysis/Analysis.h"

#include "llvm/Frontend/OpenMP/OMPContext.h"

#include <string>
#include <vector>

namespace omp2cuda {

struct ConstructContext {
  enum Kind {
    Known,      ///< Traits: the enclosing context-matching constructs
    Undecidable ///< Why: they depend on the callers, or the host compiler
                ///< counts them unlike the specification
  } K = Undecidable;
  std::vector<llvm::omp::TraitProperty> Traits; ///< outermost first
  std::string Why;
  /// The call: clang's choice there sees only the variants declared before.
  clang::SourceLocation At;
  /// The call is in a template's instantiation, where clang chooses at the
  /// point of instantiation (mostly the end of the file), not at At.
  bool InInstantiation = false;
};

/// The constructs around C as Host, the compiler of the host fallback,
/// counts them; for a host compiler other than clang, Undecidable.
ConstructContext constructContextOf(const clang::CallExpr *C,
                                    clang::ASTContext &Ctx, HostCompiler Host);

/// deviceVariantOf for a call whose construct traits are Where; without
/// them (the two-argument form) a selector with a `construct` set is
/// undecidable.
DeviceVariant deviceVariantOf(const clang::FunctionDecl *F,
                              const clang::ASTContext &Ctx,
                              const ConstructContext *Where);

} // namespace omp2cuda

#endif
