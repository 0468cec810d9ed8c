// The operands LoadedPointers reads a loaded pointer from: the pointer
// under arithmetic and casts, the variable under a member's records, the
// member of `this` a path starts at; and whether a type holds a pointer.
#ifndef OMP2CUDA_ANALYSIS_LOADEDOPERANDS_H
#define OMP2CUDA_ANALYSIS_LOADEDOPERANDS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// The functions of the unit declared `declare target ... indirect`.
std::vector<const clang::FunctionDecl *>
indirectFunctions(const clang::ASTContext &Ctx);

/// The pointer operand whose value E is: through pointer arithmetic
/// (`(s.p + 1)[0]`, `*s.p++`, `(s.p += 2)[0]`) and casts between pointer
/// types (`((double *)b.data)[0]`), which keep the host's address a
/// pointer holds (review hunt: cast1.c, inc1.c, host 3 / emu 0).
const clang::Expr *pointerOperand(const clang::Expr *E);

/// Whether a value of type T holds a pointer: a pointer, or an array or
/// record with one.
bool holdsPointer(clang::QualType T);

/// The variable expression under M's records: s of s.a.p, sp of sp->a.p,
/// (*sp).p or sp[i].p (Through set); `this` for members of this; anything
/// else that is not a record (a call).
const clang::Expr *throughRecords(const clang::MemberExpr *M, bool &Through);

/// The name of the member of `this` under E's members and elements.
std::string thisMemberName(const clang::Expr *E);

} // namespace omp2cuda

#endif
