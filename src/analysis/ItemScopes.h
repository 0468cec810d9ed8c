// Facts about the code around a data construct's items that
// AttachedPaths.cpp's finder asks: whether something between a construct and
// a region may end the construct's data or jump past it, and whether the
// storage holding a pointer is one a function cannot name.
#ifndef OMP2CUDA_ANALYSIS_ITEMSCOPES_H
#define OMP2CUDA_ANALYSIS_ITEMSCOPES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace omp2cuda {

/// Whether S has an exit data construct or a label, also (Calls levels
/// deep, none where Calls < 0; a call deeper counts as one) in a function it
/// calls whose definition is not in a system header (one with no definition
/// here may have anything).
bool exitsOrJumps(const clang::Stmt *S, int Calls);

/// Whether the storage holding the pointer Next (`sp->p`, `s.p`) is one
/// the function cannot name: reached through a pointer or a reference, or
/// a variable of static storage (any function may write it by name). Root
/// is the variable Next starts from.
bool unnamedPointerHolder(const clang::Expr *Next, const clang::VarDecl *Root);

} // namespace omp2cuda

#endif
