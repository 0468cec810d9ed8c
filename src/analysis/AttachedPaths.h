// A pointer held in mapped storage (`s.p`, `sp->q`, `arr[1]`, `this->q`) is
// attached to its pointee's device copy only by an item that maps through
// that very pointer (`s.p[0:n]`); mapping one member attaches no other, nor
// the same member of another record or element (issue 8, a wrong answer).
#ifndef OMP2CUDA_ANALYSIS_ATTACHEDPATHS_H
#define OMP2CUDA_ANALYSIS_ATTACHEDPATHS_H

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <cstdint>
#include <set>
#include <utility>
#include <vector>

namespace omp2cuda {

/// Where a pointer lives, from the variable that holds it: the variable
/// (or, for `this`, thisRoot()) first, then one step per member (its
/// FieldDecl, 0) or element (null, the constant index; `*p` and `p->` are
/// element 0).
using StoragePath = std::vector<std::pair<const void *, int64_t>>;

/// The root that stands for `this`.
const void *thisRoot();

/// The variable a reference VD names (`S &r = s` gives s), or VD itself;
/// Bound set where that variable is unknown (a reference parameter, any
/// other initializer), VD then standing for the record it is bound to.
const clang::VarDecl *referent(const clang::VarDecl *VD, bool &Bound);

/// The step of an element at an index that is not a constant, with the
/// length of its array (-1 where that is unknown).
const void *anyElement();

/// E's path, an element at an index that is not a constant as anyElement();
/// false where E is not storage reached from a variable or `this` by
/// members and elements.
bool storagePath(const clang::Expr *E, const clang::ASTContext &Ctx,
                 StoragePath &Out);

/// Whether the pointer at P (storagePath) is attached: P is in Paths, and
/// where P has an element of any index, each element of its array is.
bool isAttached(const std::set<StoragePath> &Paths, const StoragePath &P);

/// The pointers attached at Current: the paths that a map, to or from item
/// of Current or of a data construct in Scope in force at Current maps
/// through (one per element an iterator with a constant range names); an
/// item mapped with a mapper, named or its type's default one, maps through
/// what the mapper's items do, the mapper's variable standing for the item.
void attachedPaths(const clang::Stmt *Scope, const clang::Stmt *Current,
                   const clang::ASTContext &Ctx, std::set<StoragePath> &Paths);

/// The pointers that a map, to or from item of a construct in Scope or of
/// Current names itself (`map(to: q.p)`, not `q.p[0:n]`), in force at
/// Current or not: the runtime attaches such a pointer where its pointee
/// is mapped, so its device copy may hold a device address
/// (PointerItems.cpp).
void pointerItemPaths(const clang::Stmt *Scope, const clang::Stmt *Current,
                      const clang::ASTContext &Ctx,
                      std::set<StoragePath> &Paths);

} // namespace omp2cuda

#endif
