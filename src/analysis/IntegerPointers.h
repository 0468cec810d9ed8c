// Pointers a region makes from integers or other bytes (`(int *)v`,
// `(int *)l.raw`, a union, memcpy, a bit cast): those bytes hold whatever
// address the host put in them, which names no device data, so
// dereferencing it on the device reaches host memory (review hunt m2, m3,
// rv40 p01-p05: host 5, emu 0).
#ifndef OMP2CUDA_ANALYSIS_INTEGERPOINTERS_H
#define OMP2CUDA_ANALYSIS_INTEGERPOINTERS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <string>

namespace omp2cuda {

/// The first pointer Body makes from other bytes, in Body or in a function
/// or constructor it calls (eight calls deep, defined outside system
/// headers): a non-null integer converted (whose value may reach a
/// dereference, mayDeref), a bit cast (`__builtin_bit_cast`,
/// `reinterpret_cast<int *&>(v)`, `*(int **)&v`), a union's pointer member
/// beside others, memcpy into a pointer's bytes, arithmetic on a null
/// pointer (`(char *)0 + v`, `int *p = 0; p += k`). What says where.
/// Invalid when there is none.
clang::SourceLocation integerPointerDeref(const clang::Stmt *Body,
                                          clang::ASTContext &Ctx,
                                          std::string &What);

} // namespace omp2cuda

#endif
