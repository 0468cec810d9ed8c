#include "analysis/FrameAttachment.h"

#include "analysis/LoadedOperands.h"

#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace omp2cuda {

namespace {
/// The most elements of an array copied whole whose pointers are each
/// looked up.
constexpr uint64_t MaxElements = 64;
} // namespace

bool FrameAttachment::kept(const Expr *L) const {
  StoragePath P;
  return L->getType()->isPointerType() && regionPath(L, P) &&
         (isAttached(Attached, P) || isAttached(PointerItems, P));
}

bool FrameAttachment::namedAsItem(const Expr *E) const {
  StoragePath P;
  return regionPath(E, P) && isAttached(PointerItems, P);
}

bool FrameAttachment::regionStorage(const Expr *E) const {
  StoragePath P;
  return regionPath(E, P);
}

bool FrameAttachment::regionPath(const Expr *E, StoragePath &P) const {
  return storagePath(E, Ctx, P) && Frame.resolve(P) == CallFrame::Kind::Region;
}

bool FrameAttachment::attachedIn(const Expr *E) const {
  StoragePath P;
  if (!storagePath(E, Ctx, P))
    return false;
  CallFrame::Kind K = Frame.resolve(P);
  return K == CallFrame::Kind::Local ||
         (K == CallFrame::Kind::Region && attachedAt(P, E));
}

bool FrameAttachment::attachedAt(StoragePath &P, const Expr *E) const {
  return E->getType()->isPointerType() ? isAttached(Attached, P)
                                       : allAttached(P, E->getType());
}

bool FrameAttachment::allAttached(StoragePath &P, QualType T) const {
  T = T.getCanonicalType();
  if (T->isPointerType())
    return isAttached(Attached, P);
  if (!holdsPointer(T))
    return true;
  if (const auto *CRD = T->getAsCXXRecordDecl(); CRD && CRD->getNumBases())
    return false; // a base's pointers: no path names them
  if (const auto *RD = T->getAsRecordDecl()) {
    for (const FieldDecl *F : RD->fields()) {
      P.push_back({F->getCanonicalDecl(), 0});
      bool All = allAttached(P, F->getType());
      P.pop_back();
      if (!All)
        return false;
    }
    return true;
  }
  // An array (`for (S e : sa)`): each element's, a few at most.
  const auto *CA = dyn_cast<ConstantArrayType>(T.getTypePtr());
  if (!CA || CA->getSize().getZExtValue() > MaxElements)
    return false;
  for (uint64_t K = 0; K < CA->getSize().getZExtValue(); ++K) {
    P.push_back({nullptr, int64_t(K)});
    bool All = allAttached(P, CA->getElementType());
    P.pop_back();
    if (!All)
      return false;
  }
  return true;
}

} // namespace omp2cuda
