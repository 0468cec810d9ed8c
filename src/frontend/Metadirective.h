// `metadirective`: found in the text, its context selectors evaluated for
// one side (the host or the device), and its pragma respelled as the chosen
// directive. Clang resolves a metadirective while it parses, always for the
// compilation's own target (the host), so a metadirective inside a target
// region is parsed as the host's choice; the translator parses the device's
// choice there instead (docs/metadirective.md). Text only: no AST here.
#ifndef OMP2CUDA_FRONTEND_METADIRECTIVE_H
#define OMP2CUDA_FRONTEND_METADIRECTIVE_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace omp2cuda {

struct MetaVariant {
  std::string Selector;  // the context selector text; empty for default
  std::string Directive; // the directive variant; empty: `nothing`
  bool Default = false;  // `default(...)` or `otherwise(...)`
};

/// One `#pragma omp metadirective` of a file.
struct MetaSite {
  unsigned Begin = 0; // offset of its `#`
  unsigned End = 0;   // end of its last line (continuations included)
  std::vector<MetaVariant> Variants;
  bool Malformed = false; // clauses the scanner cannot read
};

/// Every `#pragma omp metadirective` of Text that starts a line, in order
/// (not `_Pragma`, not `begin metadirective`).
std::vector<MetaSite> findMetadirectives(llvm::StringRef Text);

/// The traits a selector is evaluated against: those of the side that
/// runs the construct (`device` set), and of the device a target construct
/// there would run on (`target_device` set; nullopt: not decidable here).
enum class MetaSide { Host, Device };

struct MetaChoice {
  bool Decided = false;
  std::string Directive; // the chosen variant, "nothing" for none
  std::string Why;       // when not decided
};

MetaChoice chooseVariant(const MetaSite &S, MetaSide Device,
                         std::optional<MetaSide> TargetDevice);

/// Whether a selector of S names the `target_device` set.
bool usesTargetDevice(const MetaSite &S);
/// Whether a directive variant is a target construct (`target ...`, not
/// the data constructs).
bool isTargetVariant(llvm::StringRef Directive);

/// `#pragma omp <Directive>` with the bytes of Original: the same length
/// and the same line breaks (each kept behind its `\`), so every other
/// offset and line of the file stays where it was; blanks for `nothing`.
std::string respellPragma(llvm::StringRef Original, llvm::StringRef Directive);

} // namespace omp2cuda

#endif
