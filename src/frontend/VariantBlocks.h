// `begin declare variant` ... `end declare variant` blocks, found in the
// text. Clang keeps no location of the pragmas in the AST: a function
// defined in a block is a variant named `f$ompvariant$<selector>` and
// nothing more. Device code calls such a function under a name of its own
// (analysis/BlockVariantText.cpp), which means closing the block before
// the function and opening it again after it (edits/DeviceVariants.cpp).
// Text only.
// Its parts: VariantBlocks.cpp (where the blocks are, what they define),
// DeviceSetRespelling.cpp (the respelling of the blocks a GPU may run),
// HostSkippedBlocks.cpp (which side's parse sees a block), and the pragma
// readers they share, VariantPragmaText.h.
#ifndef OMP2CUDA_FRONTEND_VARIANTBLOCKS_H
#define OMP2CUDA_FRONTEND_VARIANTBLOCKS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <set>
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
/// Every block whose pragmas enclose Offset, the outermost first.
std::vector<const VariantBlock *>
blocksAround(const std::vector<VariantBlock> &Blocks, unsigned Offset);

/// A `begin declare variant match(device={...})` block whose device set
/// the host does not match (`kind(nohost)`, `kind(gpu)`, `arch(nvptx64)`)
/// is skipped by clang's parse for the host, so the translator would never
/// see the functions a GPU runs. Where the set may hold on a CUDA GPU, the
/// parse sees the clause respelled `match(__o2D({...}))`, the same length
/// (`device=` becomes `__o2D(` ... `)`; other sets stay in the macro's
/// argument), and the parse defines the macro __o2D(...) as
/// `implementation={vendor(unknown)}` (variantMacros), which no host call
/// matches and which nests (a user condition would not: clang refuses two
/// nested conditions, and `condition` is not in the mangled name, so it
/// collided with a `user={condition(...)}` block of the same function).
/// Blocks that define one function must be distinct variants (one selector
/// would make them one redefinition), so each respelled block gets one of
/// 32 such macros (`__o2D`, `__o2E`, ...), each adding its own subset of
/// the construct traits; planDeviceSetRespellings chooses them so that the
/// merged selectors of nested blocks differ too. The analysis reads the
/// device set back from the text (respelledSelectorAt): a block whose
/// clause is that device set alone, of kind and arch properties, is
/// scored as clang scores it for the GPU; any other (an implementation
/// set, an isa) is one the translator cannot choose for the device.
struct DeviceSetRespelling {
  unsigned Begin = 0, End = 0; ///< inside the `match(...)` clause's parens
  std::string Parsed, Original;
};
/// The respelling of the begin pragma at [Begin, End) of Text with the
/// Index-th macro, or nullopt when clang's parse for the host sees the
/// block anyway, no GPU would (a kind or arch the GPU is not), or the
/// clause is not read here (a comment or a continuation line in it).
std::optional<DeviceSetRespelling> respellDeviceSet(llvm::StringRef Text,
                                                    unsigned Begin,
                                                    unsigned End,
                                                    unsigned Index = 0);
/// Every block of Text respelled, each with its macro.
std::vector<DeviceSetRespelling> planDeviceSetRespellings(llvm::StringRef Text);
/// The macro definitions the parse gets (-D...).
std::vector<std::string> variantMacros();
/// For a respelled begin pragma's text: the device set's properties (the
/// text between its braces) when the clause is that set alone, else
/// nullopt.
std::optional<std::string> respelledDeviceSet(llvm::StringRef Pragma);
/// The score clang gives a device set's properties (respelledDeviceSet's
/// text) on a GPU: 1 for each kind but any, 2 for each arch; nullopt when
/// the set holds anything else.
std::optional<int64_t> deviceSetScore(llvm::StringRef Props);
/// What the respelled pragmas around Offset (a function's definition in
/// the parsed Text) say of it on the GPU.
struct RespelledSelector {
  enum Kind {
    NotRespelled, ///< in no respelled block: the AST's selector holds
    Device,       ///< the GPU runs it, with Score (nested blocks merged)
    Opaque        ///< the translator cannot tell: Why, at the block Block
  } K = NotRespelled;
  int64_t Score = 0;
  /// Device: the merged set's properties, (`kind`|`arch`, name), each once.
  std::set<std::pair<std::string, std::string>> Props;
  unsigned Block = 0;
  std::string Why;
};
RespelledSelector respelledSelectorAt(llvm::StringRef Text, unsigned Offset);
/// The blocks of the parsed Text that clang's parse for the host skipped
/// although a GPU may run them: not respelled (the retry after a failed
/// parse drops every respelling; a comment or continuation line in the
/// clause keeps a block from being respelled), the device set not the
/// host's and perhaps the GPU's; and every block whose own or enclosing
/// selector has an `extension(...)` trait (`match_none` turns the host's
/// match into the GPU's), not evaluated here.
std::vector<VariantBlock> unseenGpuBlocks(llvm::StringRef Text);

/// Whether clang's parse of the output for the host (x86-64 or any other
/// CPU) skips the block B of the parsed Text: its device set, as the
/// preprocessor reads it, has a kind or an architecture no host CPU has,
/// and no selector around it has an `extension`. nvcc's front end does not
/// skip such a block: it declares its functions beside the base function,
/// and C++ overloads of that function become ambiguous calls. False where
/// the text may not say what the preprocessor does: a word of its own or
/// an enclosing selector that is a macro (IsMacro) or not a trait's, a
/// preprocessor directive or `_Pragma` in the block, its begin or end
/// pragma in a conditional group, or a begin or end pragma of the file
/// spelled through `_Pragma` or a macro.
bool hostSkipsBlock(llvm::StringRef Text, const VariantBlock &B,
                    llvm::function_ref<bool(llvm::StringRef)> IsMacro);

/// Whether Text spells a `begin declare variant` that findVariantBlocks
/// does not find (a `_Pragma`, a continuation line before `begin`): what
/// that block defines is unknown.
bool hasUnreadBlocks(llvm::StringRef Text);
/// The names Block's text declares or defines as functions, as far as the
/// text tells (a name before a `(` outside braces: more than the
/// functions, never fewer).
std::set<std::string> blockFunctionNames(llvm::StringRef Text,
                                         const VariantBlock &Block);
/// The pragma as written: the respelling undone.
std::string originalPragma(llvm::StringRef Pragma);

} // namespace omp2cuda

#endif
