// Regions in a member function defined inside its class that name the class
// itself (a variable of its type, `new S()`, `sizeof(S)`). Kernels and stubs
// normally go before the top-level declaration that holds the region, where
// the class is not yet declared: these go right after the class instead,
// where it is complete, and the stub is declared before the class, after a
// forward declaration of it, so that the member's body can call it
// (edits/ClassAhead.cpp writes both).
#ifndef OMP2CUDA_ANALYSIS_CLASSAHEAD_H
#define OMP2CUDA_ANALYSIS_CLASSAHEAD_H

#include "clang/AST/ASTContext.h"

#include <string>

namespace omp2cuda {

/// "struct S;" when a kernel may follow InClass: a named class at namespace
/// scope, no template or specialisation, whose closing `};` ends its line;
/// else empty, with Why.
std::string classForward(const clang::Decl *InClass, clang::ASTContext &Ctx,
                         std::string &Why);

/// The offset of the line after InClass's closing `};`, 0 when it has none.
unsigned afterClassOffset(const clang::Decl *InClass, clang::ASTContext &Ctx);

/// Whether the text of S writes InClass's type (`new S()`, `sizeof(S)`).
bool writesClassType(const clang::Stmt *S, const clang::Decl *InClass);

} // namespace omp2cuda

#endif // OMP2CUDA_ANALYSIS_CLASSAHEAD_H
