// C reductions and arithmetic in place over enumerations, made valid C++.
#ifndef OMP2CUDA_EDITS_ENUMREDUCTIONS_H
#define OMP2CUDA_EDITS_ENUMREDUCTIONS_H

#include "edits/Edits.h"
#include "edits/SourceText.h"

#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/ArrayRef.h"

namespace omp2cuda {

/// In C an enumeration is an integer type, so `reduction(+:e)` on an enum
/// variable uses the built-in `+`; in C++ it is no arithmetic type and
/// clang++ and g++ reject the clause, which every directive of a C file
/// keeps in the .cu (a host fallback is compiled as C++). Each (operator,
/// enumeration) pair that the directives Ds reduce gets one `declare
/// reduction` that computes what C computes, after the declaration of the
/// enumeration (or, for one declared in a header, after the main file's
/// #include of it), once per unit (an #ifndef guard: a translated header may
/// declare it too). What cannot be spelled in C++ goes to Problems, and so
/// does `linear` of an enum variable (C++ allows integers and pointers).
///
/// Likewise C's arithmetic in place on an enum variable (`e |= F`, `e++`),
/// recorded in InPlace: each such operator is declared for its enumeration,
/// next to its reductions (at file scope), computing as C does
/// (`e = (enum E)(e | F)`).
struct EnumInPlace {
  const clang::Expr *Operand;
  std::string Op; // "|=", "++", "-- post", ...
  clang::SourceLocation Loc;
};
void enumReductionEdits(
    clang::ASTContext &Ctx,
    llvm::ArrayRef<const clang::OMPExecutableDirective *> Ds,
    llvm::ArrayRef<EnumInPlace> InPlace, bool LineDirectives,
    std::vector<TextEdit> &Out, std::vector<CompatProblem> &Problems);

} // namespace omp2cuda

#endif
