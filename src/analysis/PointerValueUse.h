// How a region uses a pointer variable's value: to reach its pointee (the
// device needs the translated address) or as a value of its own (stored,
// cast to an integer, compared: the host build sees the host address).
#ifndef OMP2CUDA_ANALYSIS_POINTERVALUEUSE_H
#define OMP2CUDA_ANALYSIS_POINTERVALUEUSE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <functional>
#include <set>
#include <string>

namespace omp2cuda {

struct PointerValueUse {
  bool Derefs = false;            ///< *p, p[i], p->f (also through p + k)
  bool Escapes = false;           ///< the address itself is observed or kept
  clang::SourceLocation EscapeAt; ///< the first such use
  /// The first comparison or difference, in Body itself, with a pointer
  /// not moved alike (invalid when there is none).
  clang::SourceLocation ApartAt;
  /// The first use that lets the host build see the address itself: such a
  /// comparison or difference, a cast to an integer, a store into memory
  /// the host may read (not a local of Body, nor a variable of Unseen,
  /// whose later loads are followed instead), or a call to a defined
  /// function that does one of these (the call). Invalid when none.
  clang::SourceLocation SeenAt;
};

/// The uses of VD in Body. A use that may do both (an argument of a call,
/// a copy into another variable, a comparison with another pointer) counts
/// as both. Translated names the captured pointers that hold the device
/// address whatever their uses (the region's section bases): a comparison
/// or difference with one that keeps the host's value is an escape.
/// Unseen names the variables declared outside Body whose device storage
/// never goes back to the host (the region's private and firstprivate ones).
PointerValueUse
pointerValueUse(const clang::Stmt *Body, const clang::ValueDecl *VD,
                const std::set<const clang::ValueDecl *> &Translated = {},
                const std::set<const clang::ValueDecl *> &Unseen = {});

/// Whether VD, a local pointer of the function whose body is Scope, only
/// ever holds what omp_target_alloc returned (or null): device memory, which no
/// map holds, so a region's p keeps that value on every build.
bool holdsDeviceAllocation(const clang::ValueDecl *VD,
                           const clang::Stmt *Scope);

/// The variable E names (a reference to it under parentheses and implicit
/// casts); null for anything else, or a null E.
const clang::VarDecl *namedVarOf(const clang::Expr *E);

/// Whether S, or an expression in it, names VD.
bool namesVariable(const clang::Stmt *S, const clang::VarDecl *VD);

/// Whether D is declared inside Body (a local of the region or function,
/// not a variable it takes from outside).
bool declaredIn(const clang::Decl *D, const clang::Stmt *Body);

/// Whether E, a pointer-valued expression in Body, may reach its pointee:
/// directly, through a copy into a pointer variable, or through a call
/// (pointerValueUse's rules for one expression).
bool mayDeref(const clang::Stmt *Body, const clang::Expr *E,
              clang::ASTContext &Ctx);

/// Where the host build would see the value of E, a pointer-valued
/// expression in Body (pointerValueUse's SeenAt for one expression: a
/// comparison or difference with a pointer not moved alike, a cast to an
/// integer, a store where the host may read it, a call that may keep it);
/// invalid when nowhere. Nothing in Body is taken to be private. A store
/// into storage KeptSlot accepts (a pointer a map attaches, which the
/// runtime puts back as the host's counterpart) is not seen there.
clang::SourceLocation
valueSeenAt(const clang::Stmt *Body, const clang::Expr *E,
            clang::ASTContext &Ctx,
            const std::function<bool(const clang::Expr *)> &KeptSlot = {});

/// A cast that keeps the pointer a pointer to the same place.
bool keepsPointer(const clang::CastExpr *CE);

/// The first dereference in Body (*e, e[i], e->f, also through e + k) of a
/// pointer loaded from storage the region maps whole without attaching
/// what it holds: a pointer member of a record variable declared outside
/// Body (`s.p[0]`), an element of such an array of pointers (`arr[0][1]`),
/// or a declare target pointer variable (`gp[0]`). Its device copy holds
/// the host's address. Where names that use; invalid when there is none.
/// Pointers that a map, to or from clause of Current (the region's
/// directive) or of a data construct in Scope (the enclosing function)
/// in force at Current (around it, or entered before it)
/// maps through (that very pointer: `s.p[0:n]`, `rows[1][:n]`; not s.q,
/// s2.p, rows[i]), also as a mapper's item, are attached there
/// (attachedPaths), and
/// are not reported, nor is a record's member the region first points at
/// device data itself (storedDeviceAddress). A load of an attached pointer
/// whose value the host build would see (valueSeenAt) is reported there
/// too, with ValueSeen set.
clang::SourceLocation loadedPointerDeref(const clang::Stmt *Body,
                                         const clang::Stmt *Scope,
                                         const clang::Stmt *Current,
                                         const clang::ASTContext &Ctx,
                                         std::string &What,
                                         bool *ValueSeen = nullptr);

} // namespace omp2cuda

#endif
