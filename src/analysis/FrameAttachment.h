// The attached pointer paths of a target region (AttachedPaths.h), asked
// from one call frame: whether storage a region or its callee reaches is
// the region's, holds pointers a map attaches, or is a slot the runtime
// puts the host's value back into (LoadedPointers.cpp).
#ifndef OMP2CUDA_ANALYSIS_FRAMEATTACHMENT_H
#define OMP2CUDA_ANALYSIS_FRAMEATTACHMENT_H

#include "analysis/AttachedPaths.h"
#include "analysis/CallFrames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <set>

namespace omp2cuda {

class FrameAttachment {
public:
  /// Attached: the paths a map attaches; PointerItems: the pointers a map
  /// item names itself (pointerItemPaths). All are borrowed.
  FrameAttachment(const clang::ASTContext &Ctx, const CallFrame &Frame,
                  const std::set<StoragePath> &Attached,
                  const std::set<StoragePath> &PointerItems)
      : Ctx(Ctx), Frame(Frame), Attached(Attached), PointerItems(PointerItems) {
  }

  /// Whether L is a pointer slot a map attaches, or may (an item naming
  /// it): the runtime puts back the host's counterpart of what a kernel
  /// stores there (scratch-ex11: exit_data_held_items.cpp `s.p = s.p + 2`).
  bool kept(const clang::Expr *L) const;
  /// Whether the pointer E is one a map item names itself (PointerItems).
  bool namedAsItem(const clang::Expr *E) const;
  /// Whether the storage E is the region's, not a callee's own.
  bool regionStorage(const clang::Expr *E) const;
  /// Whether the storage E is the region's or a callee's own, or is
  /// attached (attachedAt) at its path in the region's terms.
  bool attachedIn(const clang::Expr *E) const;

private:
  /// E's storage path (P), when the storage is the region's.
  bool regionPath(const clang::Expr *E, StoragePath &P) const;
  /// Whether what E (storage at P) holds is attached: the pointer E, or
  /// every pointer of the record E copies.
  bool attachedAt(StoragePath &P, const clang::Expr *E) const;
  /// Whether every pointer in the storage at P, of type T, is attached (a
  /// record copied whole).
  bool allAttached(StoragePath &P, clang::QualType T) const;
  const clang::ASTContext &Ctx;
  const CallFrame &Frame;
  const std::set<StoragePath> &Attached;
  const std::set<StoragePath> &PointerItems;
};

} // namespace omp2cuda

#endif
