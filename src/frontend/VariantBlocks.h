// `begin declare variant` ... `end declare variant` blocks, found in the
// text. Clang keeps no location of the pragmas in the AST: a function
// defined in a block is a variant named `f$ompvariant$<selector>` and
// nothing more. Device code calls such a function under a name of its own
// (DeclareVariant.cpp), which means closing the block before the function
// and opening it again after it (edits/DeviceVariants.cpp). Text only.
#ifndef OMP2CUDA_FRONTEND_VARIANTBLOCKS_H
#define OMP2CUDA_FRONTEND_VARIANTBLOCKS_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace omp2cuda {

struct VariantBlock {
  unsigned Begin = 0;    ///< offset of the `#` of `begin declare variant`
  unsigned BeginEnd = 0; ///< end of its last line (continuations included)
  unsigned End = 0;      ///< offset of the `#` of `end declare variant`
  /// Inside another block, or holding one: a function there has the
  /// selectors of all of them.
  bool Nested = false;
};

/// The blocks of Text, in order; a `begin` without its `end` (or an `end`
/// without a `begin`, as `#if` can leave them) makes no block.
std::vector<VariantBlock> findVariantBlocks(llvm::StringRef Text);

/// The block whose pragmas enclose Offset, or null.
const VariantBlock *blockAt(const std::vector<VariantBlock> &Blocks,
                            unsigned Offset);

} // namespace omp2cuda

#endif
