// The variables a statement may change on the host: a holder pointer of a
// mapped path changed between the data construct and the region makes the
// path name other storage there (review rv R4).
#ifndef OMP2CUDA_ANALYSIS_WRITTENVARS_H
#define OMP2CUDA_ANALYSIS_WRITTENVARS_H

#include "clang/AST/Stmt.h"

#include <set>

namespace omp2cuda {

/// The key in writtenVars' set that stands for every variable of static
/// storage (a call may change any of them).
const void *anyGlobal();

/// Adds to Out (canonical VarDecls) the variables S, less Skip, may assign,
/// step, take the address of or pass by reference, the root variable of
/// members, elements and dereferences; with a call, anyGlobal() too.
/// PointerOut, where given, gets the roots of pointers S may change (an
/// assignment or step of a pointer, an address taken, a call's arguments)
/// instead of Out's every variable.
void writtenVars(const clang::Stmt *S, const clang::Stmt *Skip,
                 std::set<const void *> &Out,
                 std::set<const void *> *PointerOut = nullptr);

/// Adds to Out the variables S takes the address of, binds a reference to
/// or passes by reference (root variables, as writtenVars): storage a
/// pointer may reach other than by its name.
void escapedVars(const clang::Stmt *S, std::set<const void *> &Out);

} // namespace omp2cuda

#endif
