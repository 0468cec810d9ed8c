// Whether a pointer member of a mapped record, loaded in a region, holds a
// device address the region itself stored there (OpenMP_VV's
// test_target_data_map_classes: `obj.h_array = array;` then
// `obj.h_array[i] = 1;`, then the host pointer put back).
#ifndef OMP2CUDA_ANALYSIS_LOADEDSTORE_H
#define OMP2CUDA_ANALYSIS_LOADEDSTORE_H

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <vector>

namespace omp2cuda {

/// Whether the dereference At of Loaded (`s.p`, a pointer member of a
/// record variable s declared outside Body, or `sp->p` of the record a
/// pointer variable sp points to) reads a device address: a
/// statement `s.p = e;` before it in an enclosing compound statement of
/// Body, e the address of an array or a pointer variable whose device copy
/// the kernel holds, with nothing between them that may store s.p (no
/// call, no other store to s.p, no store through memory of a type that
/// can hold a pointer), s used only through its scalar members, and no
/// jump into the code between. The host must not see the device address
/// afterwards: s (not sp) is private or firstprivate to Current, or the region
/// saves s.p in a local variable first and puts it back last, at the top
/// level of Body. Anything else is false (the region stays on the host).
bool storedDeviceAddress(const clang::Stmt *Body, const clang::Stmt *Current,
                         const clang::MemberExpr *Loaded,
                         const clang::Expr *At);

/// Whether Store (`s.p = e;` or `sp->p = e;`, s declared outside Body) puts
/// a value where the host never sees it: the region saves s.p in a local
/// first and puts it back last, at the top level of Body, with the shape
/// storedDeviceAddress asks for. The value stored is then the device's
/// alone (PointerValueUse.cpp: such a store is no escape of e's value).
bool storeHiddenFromHost(const clang::Stmt *Body,
                         const clang::BinaryOperator *Store);

/// The loads (`s.p` read as a value) of the member path that Store
/// (`s.p = e;`) writes that may run after it: later in the text, or in a
/// loop around Store. False, with none, when s is used other than through
/// its scalar members or Body may jump (storedDeviceAddress's shape), or s
/// is reached through a pointer.
bool memberLoadsAfter(const clang::Stmt *Body,
                      const clang::BinaryOperator *Store,
                      std::vector<const clang::Expr *> &Loads);

/// The loads of pointer members (`r.p`, `r.in.q`) of VD, a record local to
/// Body, and of the local references bound to it (`S &r = VD;`): what may
/// read a value its initialiser put there. False, with none, when VD is
/// used other ways (copied whole, its address taken) or Body may jump.
bool recordPointerLoads(const clang::Stmt *Body, const clang::VarDecl *VD,
                        std::vector<const clang::Expr *> &Loads);

/// Whether a map, to or from item of a construct in S names VD (the rows
/// of a parameter `int **rows` that no item of its function names were
/// mapped by its callers, who may attach them).
bool mapsThrough(const clang::Stmt *S, const clang::VarDecl *VD);

} // namespace omp2cuda

#endif
