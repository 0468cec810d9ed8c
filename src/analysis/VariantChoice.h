// The parts of the device's choice of `declare variant` (DeclareVariant.cpp,
// the entry points of Analysis.h) that live in files of their own:
// VariantSelectors.cpp scores a selector on the device (OpenMP 5.2 §7.2,
// §7.3), VariantTies.cpp breaks a tie of equal scores as clang's device
// compile does. Internal to analysis/.
#ifndef OMP2CUDA_ANALYSIS_VARIANTCHOICE_H
#define OMP2CUDA_ANALYSIS_VARIANTCHOICE_H

#include "analysis/ConstructContext.h"
#include "frontend/VariantBlocks.h"

#include "clang/AST/Attr.h"
#include "clang/AST/OpenMPClause.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace omp2cuda {
namespace variants {

/// The variant A names, when it is a function (DeclareVariant.cpp).
const clang::FunctionDecl *variantOf(const clang::OMPDeclareVariantAttr *A);

/// A selector's score (its final score adds 1). Nullopt: undecidable, Why
/// says why. Matches: whether it holds on the device. Where: the construct
/// traits at the call, or null where unknown; on the host (the CPU
/// emulation's compile of a kernel) there are none.
std::optional<int64_t>
scoreSelector(const clang::OMPTraitInfo &TI, const clang::ASTContext &Ctx,
              bool &Matches, std::string &Why, bool OnHost = false,
              const ConstructContext *Where = nullptr);

/// What clang's device compile compares of two matching variants of equal
/// score (llvm::omp::getBestVariantMatchForContext): the properties the
/// selector requires, and its construct traits in order.
struct TieTraits {
  std::set<unsigned> Required;
  std::vector<unsigned> Constructs;
};

/// A matching variant's traits as clang's OMPTraitInfo::getAsVariantMatchInfo
/// records them (a user condition that holds is `user_condition_true`).
TieTraits astTraits(const clang::OMPTraitInfo &TI);

/// A respelled block's traits as the device compile sees them: its merged
/// device set's (the respelling's own sets are the host parse's only).
std::optional<TieTraits> respelledTraits(const RespelledSelector &RS);

/// Tells one `declare variant` attribute from another; an inherited copy
/// is the same as its original (same variant, same pragma).
std::pair<const clang::FunctionDecl *, unsigned>
attrKey(const clang::OMPDeclareVariantAttr *A);

/// A variant that matches the device at a call.
struct Candidate {
  int64_t Score;
  const clang::FunctionDecl *V;                         ///< canonical
  std::pair<const clang::FunctionDecl *, unsigned> Key; ///< attrKey
  std::optional<TieTraits> Traits;
};

/// The device's choice among Matching, the variants of F that match it:
/// the highest score; of several, the one clang's device compile takes
/// (getBestVariantMatchForContext): in the order its look-up meets them
/// (clangOrder), the first, unless a later one's traits are a strict
/// superset of the best's so far. Null where that order or a tied
/// variant's traits are not known.
const clang::FunctionDecl *breakTie(const clang::FunctionDecl *F,
                                   const std::vector<Candidate> &Matching);

} // namespace variants
} // namespace omp2cuda

#endif
