// Host variables device code may name as they are: CUDA folds the value
// of a const or constexpr number initialised by a constant (CUDA C++
// Programming Guide, "const-qualified variables" and "constexpr
// variables"), so a read of it needs no device copy. A reference to it or
// its address is the host's.
#ifndef OMP2CUDA_ANALYSIS_FOLDEDCONSTANTS_H
#define OMP2CUDA_ANALYSIS_FOLDEDCONSTANTS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace omp2cuda {

/// Whether VD is a number whose value never changes and nvcc folds where
/// Use reads it: const, not volatile, of integral, enumeration, float or
/// double type, initialised by a constant before Use.
bool foldedConstant(const clang::VarDecl *VD, clang::SourceLocation Use);

/// Whether device code may name VD, the host's variable, where E (NOUR:
/// its non-odr-use reason; Read: the operand of an lvalue-to-rvalue
/// conversion) names it: a read of a folded constant, or an unevaluated
/// operand (sizeof).
bool valueOnlyUse(const clang::VarDecl *VD, const clang::Expr *E,
                  clang::NonOdrUseReason NOUR, bool Read);

/// VD's value as a literal of its type (`4`, `static_cast<::cfg::Mode>(2)`,
/// `0x1.8p+0`), exact, for a place that needs a constant expression where
/// the kernel has VD as a parameter; empty where there is none (not a
/// number, a value that depends on a template, an infinity or a NaN).
std::string constantLiteral(const clang::VarDecl *VD);

} // namespace omp2cuda

#endif
