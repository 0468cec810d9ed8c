// `begin declare variant` ... `end declare variant` blocks, found in the
// text. Clang keeps no location of the pragmas in the AST: a function
// defined in a block is a variant named `f$ompvariant$<selector>` and
// nothing more. Device code calls such a function under a name of its own
// (DeclareVariant.cpp), which means closing the block before the function
// and opening it again after it (edits/DeviceVariants.cpp). Text only.
#ifndef OMP2CUDA_FRONTEND_VARIANTBLOCKS_H
#define OMP2CUDA_FRONTEND_VARIANTBLOCKS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
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

/// A `begin declare variant match(device={...})` block whose device set
/// the host does not match (`kind(nohost)`, `kind(gpu)`, `arch(nvptx64)`)
/// is skipped by clang's parse for the host, so the translator would never
/// see the functions a GPU runs. Where the set holds on a CUDA GPU, the
/// parse sees the pragma respelled `match(__o2D({...}))`, the same length
/// (`device=` becomes `__o2D(` ... `)`), and the parse defines the macro
/// __o2D(...) as `user={condition(0)}` (variantMacros): the block is
/// parsed, and no host call ever chooses its functions. Blocks that define
/// one function must be distinct variants (one selector would make them
/// one redefinition), so the Index-th block gets the Index-th of 32 such
/// macros (`__o2D`, `__o2E`, ...), each adding its own subset of the
/// construct traits, which no call matches either. The analysis reads the
/// device set back from the text (respelledDeviceSet).
struct DeviceSetRespelling {
  unsigned Begin = 0, End = 0; ///< the `match(...)` clause in the file
  std::string Parsed, Original;
};
/// The respelling of the begin pragma at [Begin, End) of Text, or nullopt
/// when clang parses the block anyway or the selector is not one device
/// set of kind and arch properties, without scores, that a CUDA GPU
/// matches.
std::optional<DeviceSetRespelling> respellDeviceSet(llvm::StringRef Text,
                                                    unsigned Begin,
                                                    unsigned End,
                                                    unsigned Index = 0);
/// The macro definitions the parse gets (-D...).
std::vector<std::string> variantMacros();
/// For a respelled begin pragma's text: the device set's properties (the
/// text between its braces), else nullopt.
std::optional<std::string> respelledDeviceSet(llvm::StringRef Pragma);
/// The score clang gives a device set's properties (respelledDeviceSet's
/// text) on a GPU: 1 for each kind but any, 2 for each arch.
std::optional<int64_t> deviceSetScore(llvm::StringRef Props);
/// The pragma as written: the respelling undone.
std::string originalPragma(llvm::StringRef Pragma);

} // namespace omp2cuda

#endif
