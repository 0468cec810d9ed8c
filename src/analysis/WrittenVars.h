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

/// The key in writtenVars' PointerOut that stands for a pointer or record
/// written through a pointer or a reference (`q->p = b`, `*sp = s2`, `r.p =
/// b`): storage whose address was taken may be the one written.
const void *throughPointer();

/// The key in writtenVars' PointerOut that stands for a call that may write
/// what it can reach: one to a function defined in the program, through a
/// pointer or a lambda, or a library one given a pointer to writable data or
/// a function (review hwa: `f()` writing `gsp->p` with `gsp = &s`).
const void *anyCall();

/// Adds to Out (canonical VarDecls; thisRoot() for members of `this`) the
/// variables S, less Skip, may assign, step, take the address of or pass by
/// reference, the root variable of members, elements and dereferences; with
/// a call, anyGlobal() too.
/// PointerOut, where given, gets the roots of pointers S may change (an
/// assignment or step of a pointer, an assignment of a record or array that
/// may hold one, an address taken, a call's arguments), throughPointer() and
/// anyCall() instead of Out's every variable.
void writtenVars(const clang::Stmt *S, const clang::Stmt *Skip,
                 std::set<const void *> &Out,
                 std::set<const void *> *PointerOut = nullptr);

/// Adds to Out the variables S takes the address of, binds a reference to
/// or passes by reference, or a lambda captures by reference (root
/// variables, as writtenVars): storage a pointer may reach other than by its
/// name.
void escapedVars(const clang::Stmt *S, std::set<const void *> &Out);

} // namespace omp2cuda

#endif
