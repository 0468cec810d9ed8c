// Regions in a member function defined inside its class that name the class
// itself (a variable of its type, `new S()`, `sizeof(S)`). Kernels and stubs
// normally go before the top-level declaration that holds the region, where
// the class is not yet declared: these go right after the class instead,
// where it is complete, and the stub is declared before the class, after a
// forward declaration of it, so that the member's body can call it
// (edits/ClassAhead.cpp writes both).
#ifndef OMP2CUDA_ANALYSIS_CLASSAHEAD_H
#define OMP2CUDA_ANALYSIS_CLASSAHEAD_H

#include "edits/SourceText.h"

#include "clang/AST/ASTContext.h"

#include <string>
#include <vector>

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

/// Whether the text of S names a class nested in InClass by a type (`Inner
/// x;`, `sizeof(Inner)`): a kernel outside InClass cannot, before it or
/// after it.
bool writesNestedClassType(const clang::Stmt *S, const clang::Decl *InClass);

/// A class template's regions stay before the class: their kernels and
/// stubs are templates, whose names of the class (`sizeof(Vec<T>)`,
/// `Vec<T>::K`) depend on the parameters and are looked up when they are
/// instantiated, after the class. They need only the class declared: the
/// declaration ("template <typename T, int N> struct Vec;") when InClass is
/// a class template at namespace scope whose parameters are each named and
/// written in the main file (templateParamText: as written, without their
/// defaults); else empty, with Why.
std::string classTemplateForward(const clang::Decl *InClass, std::string &Why);

/// Edits that spell each use of InClass's injected name in S (`Vec`,
/// `Vec::K`) with its arguments (`Vec<T>`), which is what it means inside
/// the class and what the kernel outside it must write. False when one is
/// not text of the main file.
bool injectedNameEdits(const clang::Stmt *S, const clang::Decl *InClass,
                       clang::ASTContext &Ctx,
                       std::vector<TextEdit> &Out);

} // namespace omp2cuda

#endif // OMP2CUDA_ANALYSIS_CLASSAHEAD_H
