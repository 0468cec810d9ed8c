// Where a region's data-sharing slots go (issue 9 point 3): the team
// master's locals its threads share (Level 0), team-local arrays, and the
// team's copies of firstprivate scalars. In static shared memory while the
// kernel's layout fits the 48 KiB every device gives a block without opting
// in; beyond that (or under --data-sharing=global) each slot is a reference
// into the team's block of memory o2c_ds, which the stub sizes and points at
// dynamic shared memory or at global memory (launch.h, o2c::teamSlots).
#ifndef OMP2CUDA_ANALYSIS_SHARINGSLOTS_H
#define OMP2CUDA_ANALYSIS_SHARINGSLOTS_H

#include "analysis/DirectiveTree.h"

#include <string>

namespace omp2cuda {

/// The static shared memory any kernel may declare (sm_30 to sm_90).
constexpr unsigned StaticSharedLimit = 48 * 1024;

class SlotLayout {
public:
  /// Decides the placement of tree T's slots. Fixed: the shared bytes that
  /// stay static whatever the placement (reduction scratch, counters).
  SlotLayout(const DirectiveTree &T, clang::ASTContext &Ctx, DataSharing Mode,
             unsigned Fixed);
  /// Whether the slots are references into o2c_ds.
  bool outside() const { return Outside; }
  /// The declaration of slot Name of type Ty, without its ';':
  /// `__shared__ int x` or `auto &x = o2c_dev::slot<int>(o2c_ds, 16)`.
  std::string decl(clang::QualType Ty, const std::string &Name);
  /// The bytes per team of the slots outside static shared memory.
  unsigned bytes() const { return Outside ? Next : 0; }

private:
  clang::ASTContext &Ctx;
  bool Outside = false;
  unsigned Next = 0; // the next free offset in o2c_ds
};

} // namespace omp2cuda

#endif
