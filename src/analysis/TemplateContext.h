// The template parameters a region's kernel and stub must take: those of
// the function template that holds the region and of every class template
// around it (a member of a class template, or a member of a class nested in
// one).
#ifndef OMP2CUDA_ANALYSIS_TEMPLATECONTEXT_H
#define OMP2CUDA_ANALYSIS_TEMPLATECONTEXT_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/Type.h"

#include <string>
#include <vector>

namespace omp2cuda {

struct TemplateContext {
  /// "template <typename T, int N>", empty outside templates.
  std::string Header;
  /// "<T, N>": how the region's call names the stub's specialisation.
  std::string Args;
  /// The function parameters whose types are invented parameters (`auto
  /// x`): Args names them by `decltype(x)`, which the stub, naming the
  /// kernel with Args too, can say only when the region uses x.
  std::vector<const clang::ParmVarDecl *> InventedFrom;
  /// Why the context cannot be given to a kernel; empty when it can.
  std::string Problem;
  /// The parameter names, per depth (outermost first).
  std::vector<std::vector<std::string>> Names;
  /// An out-of-line member names the class's parameters otherwise than the
  /// class does: the members' types, written with the class's names, must be
  /// spelled with the definition's (spellParams).
  bool Renamed = false;
  /// A generic lambda's `auto` parameters are among the parameters (named
  /// O2cAuto0, ...): types that name them print as `auto`, and must be
  /// spelled canonically (spellParams).
  bool Invented = false;
};

/// Template parameter P as written, without its default argument (a
/// redeclaration may not repeat it; a default could name what only the
/// class sees, and a kernel needs none): its constraint and declarator kept
/// (`std::integral T`, `int (*F)(int)`, `typename T::size_type N`). Empty,
/// with Problem, when P has no name or is no text of the main file.
std::string templateParamText(const clang::NamedDecl &P,
                              const clang::SourceManager &SM,
                              const clang::LangOptions &LO,
                              std::string &Problem);

/// The parameter lists around F, outermost first, as the source spells
/// them where F is defined (an out-of-line member names its own).
TemplateContext templateContextOf(const clang::FunctionDecl &F,
                                  const clang::SourceManager &SM,
                                  const clang::LangOptions &LO);

/// Text printed from a canonical type ("type-parameter-0-1 *") with the
/// context's parameter names ("S *").
std::string spellParams(const std::string &Text, const TemplateContext &TC);

/// A dependent type that names a member of a class (a member typedef, the
/// class itself): outside the class, where the kernel is, it means nothing.
/// Returns the name, or empty.
std::string classScopedName(clang::QualType T);

/// The typedefs and alias declarations of a class (the region's own class,
/// one around it, or a base) that S names by a type, in order of first use:
/// the kernel, outside the class, declares each itself.
std::vector<const clang::TypedefNameDecl *>
classScopedTypedefsIn(const clang::Stmt *S);

/// Whether D is Top or lies inside it (a class nested in Top, a member).
bool declaredWithin(const clang::Decl *D, const clang::DeclContext *Top);

/// Where S names the class Top (or a class inside it) as the qualifier of a
/// name (`Vec::value_type`, `typename Vec<T>::value_type`, `Plain::limit`),
/// or an invalid location. A kernel placed before Top's definition (the
/// region is in a member function defined in the class) cannot.
/// SkipTop: values qualified by Top itself do not count (a class
/// template's kernel can name them: ClassAhead.h).
clang::SourceLocation qualifiedByClass(const clang::Stmt *S,
                                       const clang::Decl *Top,
                                       bool SkipTop = false);

} // namespace omp2cuda

#endif
