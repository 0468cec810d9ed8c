// Pointers a region makes from integers (`(int *)v`, `(int *)l.raw`): the
// integer holds whatever address the host put in it, which names no device
// data, so dereferencing it on the device reaches host memory (review hunt
// m2, m3: host 5, emu 0).
#ifndef OMP2CUDA_ANALYSIS_INTEGERPOINTERS_H
#define OMP2CUDA_ANALYSIS_INTEGERPOINTERS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <string>

namespace omp2cuda {

/// The first conversion of a non-null integer to a pointer, in Body or in
/// a function it calls (a few calls deep, defined outside system headers),
/// whose value may reach a dereference (mayDeref); What says where. Invalid
/// when there is none.
clang::SourceLocation integerPointerDeref(const clang::Stmt *Body,
                                          clang::ASTContext &Ctx,
                                          std::string &What);

} // namespace omp2cuda

#endif
