// The C linkage of a translated C file's functions and of the user's
// headers it includes at file scope (CLinkage.cpp), part of cCompatEdits.
#ifndef OMP2CUDA_EDITS_CLINKAGE_H
#define OMP2CUDA_EDITS_CLINKAGE_H

#include "edits/SourceText.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace omp2cuda {

/// `extern "C"` on the main file's functions (main, static and inline ones
/// aside; a block around a `declare variant`/`declare simd` pragma and its
/// function), and blocks around its #includes of user headers at file
/// scope, into Out.
void linkageEdits(clang::ASTContext &Ctx, bool LineDirectives,
                  std::vector<TextEdit> &Out);

} // namespace omp2cuda

#endif
