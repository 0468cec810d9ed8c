// The placement of a region's data-sharing slots (SharingSlots.h).
#include "analysis/SharingSlots.h"

#include <fmt/format.h>

using namespace clang;

namespace omp2cuda {

namespace {

unsigned bytesOf(QualType T, ASTContext &Ctx) {
  return static_cast<unsigned>(Ctx.getTypeSizeInChars(T).getQuantity());
}

/// The bytes of every slot the placement moves.
unsigned movableBytes(const DirectiveTree &T, ASTContext &Ctx) {
  unsigned Sum = 0;
  for (const DeclStmt *DS : T.SharedDecls)
    Sum += bytesOf(cast<VarDecl>(DS->getSingleDecl())->getType(), Ctx);
  for (const DirNode &N : T.Nodes)
    for (const DeclStmt *DS : N.PromotedDecls)
      Sum += bytesOf(cast<VarDecl>(DS->getSingleDecl())->getType(), Ctx);
  if (T.ControlLoop)
    for (const VarDecl *VD : T.Hoisted)
      if (T.TeamShared.count(VD))
        Sum += bytesOf(VD->getType(), Ctx);
  for (const VarDecl *VD : T.TeamCopies)
    Sum += bytesOf(VD->getType(), Ctx);
  return Sum;
}

} // namespace

SlotLayout::SlotLayout(const DirectiveTree &T, ASTContext &C, DataSharing Mode,
                       unsigned Fixed)
    : Ctx(C) {
  unsigned Movable = movableBytes(T, Ctx);
  // The control loop's two-slot state array, copyprivate slots and the
  // teams reductions' copies are small and not counted by the tree: 1 KiB
  // covers them.
  Outside = Movable > 0 &&
            (Mode == DataSharing::Global ||
             Movable + Fixed + 1024 > StaticSharedLimit);
}

std::string SlotLayout::decl(QualType Ty, const std::string &Name) {
  QualType T = Ty.getUnqualifiedType();
  if (!Outside)
    return "__shared__ " + declText(T, Name, Ctx);
  unsigned Align = static_cast<unsigned>(
      Ctx.getTypeAlignInChars(T).getQuantity());
  if (Align < 1)
    Align = 1;
  if (Align > 16)
    Align = 16; // o2c_ds is 16-byte aligned
  unsigned Off = (Next + Align - 1) / Align * Align;
  Next = Off + bytesOf(T, Ctx);
  Next = (Next + 15) / 16 * 16; // each team's block stays 16-byte aligned
  return fmt::format("auto &{} = o2c_dev::slot<{}>(o2c_ds, {})", Name,
                     declText(T, "", Ctx), Off);
}

} // namespace omp2cuda
