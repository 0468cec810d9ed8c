// The readers of a `begin declare variant` pragma's text that the parts of
// frontend/VariantBlocks.h share (VariantBlocks.cpp, DeviceSetRespelling.cpp,
// HostSkippedBlocks.cpp): brackets and lists, the `match(...)` clause, how
// a device set holds on the GPU and on the host, and the text as the
// preprocessor reads it. Internal to frontend/: no other part includes it.
#ifndef OMP2CUDA_FRONTEND_VARIANTPRAGMATEXT_H
#define OMP2CUDA_FRONTEND_VARIANTPRAGMATEXT_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace omp2cuda {
namespace pragmatext {

/// Where a respelling macro's name starts in Pragma, or npos
/// (DeviceSetRespelling.cpp).
size_t findMacro(llvm::StringRef Pragma);

/// The offset in S of the bracket that closes the one at Open (`(` or
/// `{`, either kind counted), or npos.
size_t closing(llvm::StringRef S, size_t Open);

/// S split at its commas outside brackets, each part trimmed.
std::vector<llvm::StringRef> topLevelList(llvm::StringRef S);

/// Whether a device set holds on a CUDA GPU, or on the host (x86-64),
/// as far as the text tells.
enum class Holds { No, Yes, Unknown };

struct DeviceSetEval {
  Holds Gpu = Holds::Yes, Host = Holds::Yes;
  /// Only kind and arch properties of known names: Score is clang's.
  bool Plain = true;
  int64_t Score = 0;
  /// Host is No by a property that no host CPU has (a kind, a GPU's arch),
  /// not by the translator's reading of x86-64 architecture names.
  bool NotAnyHost = false;
};

/// The properties of a device set (the text between its braces). A score
/// on a device selector is ignored, as clang ignores it (with a warning).
/// Score: clang's, per property (kind 1, arch 2, kind(any) nothing).
DeviceSetEval evalDeviceSet(llvm::StringRef Props);

/// A begin pragma's `match(...)`: the clause's text between its
/// parentheses and, in it, the `device = {...}` set.
struct MatchClause {
  unsigned Begin = 0, End = 0;       ///< inside the parentheses, in Text
  unsigned DevBegin = 0, DevEnd = 0; ///< `device` ... `}`, in Text
  unsigned BraceBegin = 0;           ///< the set's `{`, in Text
  bool Alone = false;                ///< the device set is all there is
};

std::optional<MatchClause> matchClause(llvm::StringRef Text, unsigned Begin,
                                       unsigned End);

/// A pragma's text as the preprocessor reads it: continuation lines
/// joined, comments dropped. Open: P opens a block comment it does not
/// close, so the directive goes on past the line the scan ends it at.
std::string logicalPragma(llvm::StringRef P, bool *Open = nullptr);

/// Whether a begin pragma's logical text names an `extension(...)` trait
/// (`match_any`, `match_none`, ...): it changes how the whole merged
/// selector matches, which the device-set reading here does not follow.
bool hasExtension(llvm::StringRef Logical);

/// Text as the preprocessor's tokens read it, roughly: continuation lines
/// joined and comments dropped, string literals kept (a `_Pragma`'s text
/// is one).
std::string codeOf(llvm::StringRef Text);

/// How many times Pattern matches Code, the matches not overlapping.
size_t countMatches(llvm::StringRef Code, const char *Pattern);

} // namespace pragmatext
} // namespace omp2cuda

#endif
