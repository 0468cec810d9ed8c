// Of several variants that match the device with the same score, the one
// clang's device compile takes (llvm::omp::getBestVariantMatchForContext),
// where the translator can tell (VariantChoice.h).
#include "analysis/VariantChoice.h"

#include <algorithm>
#include <map>

using namespace clang;
using llvm::omp::TraitProperty;
using llvm::omp::TraitSelector;
using llvm::omp::TraitSet;

namespace omp2cuda {
namespace variants {

TieTraits astTraits(const OMPTraitInfo &TI) {
  TieTraits T;
  for (const OMPTraitSet &Set : TI.Sets)
    for (const OMPTraitSelector &Sel : Set.Selectors) {
      if (Sel.Kind == TraitSelector::user_condition) {
        T.Required.insert(unsigned(TraitProperty::user_condition_true));
        continue;
      }
      for (const OMPTraitProperty &P : Sel.Properties) {
        T.Required.insert(unsigned(P.Kind));
        if (Set.Kind == TraitSet::construct)
          T.Constructs.push_back(unsigned(P.Kind));
      }
    }
  return T;
}

std::optional<TieTraits> respelledTraits(const RespelledSelector &RS) {
  TieTraits T;
  for (const auto &[Sel, Name] : RS.Props) {
    TraitProperty P = llvm::omp::getOpenMPContextTraitPropertyKind(
        TraitSet::device,
        Sel == "arch" ? TraitSelector::device_arch : TraitSelector::device_kind,
        Name);
    if (P == TraitProperty::invalid)
      return std::nullopt;
    T.Required.insert(unsigned(P));
  }
  return T;
}

namespace {

/// llvm::omp's isStrictSubset: A's required properties a strict subset of
/// B's, and A's construct traits a subsequence of B's.
bool strictSubset(const TieTraits &A, const TieTraits &B) {
  if (A.Required.size() >= B.Required.size())
    return false;
  for (unsigned P : A.Required)
    if (!B.Required.count(P))
      return false;
  size_t J = 0;
  for (unsigned P : A.Constructs) {
    while (J < B.Constructs.size() && B.Constructs[J] != P)
      ++J;
    if (J == B.Constructs.size())
      return false;
    ++J;
  }
  return true;
}

/// Where each attribute comes in clang's look-up at a call of F (Sema's
/// ActOnOpenMPCall): F's attributes in order, inherited copies first, then
/// each earlier declaration's; the first place of each. Nullopt when the
/// device's parse may have other declarations than the host's: a
/// declaration clang made itself (a block function's implicit base, which
/// a block only the host parse sees may create).
std::optional<std::map<std::pair<const FunctionDecl *, unsigned>, size_t>>
clangOrder(const FunctionDecl *F) {
  std::map<std::pair<const FunctionDecl *, unsigned>, size_t> Out;
  for (const FunctionDecl *D = F; D; D = D->getPreviousDecl()) {
    if (D->isImplicit())
      return std::nullopt;
    for (const auto *A : D->specific_attrs<OMPDeclareVariantAttr>())
      Out.insert({attrKey(A), Out.size()});
  }
  return Out;
}

} // namespace

std::pair<const FunctionDecl *, unsigned>
attrKey(const OMPDeclareVariantAttr *A) {
  const FunctionDecl *V = variantOf(A);
  SourceLocation L = A->getLocation();
  if (L.isInvalid() && V)
    L = V->getLocation(); // a block's: the attribute is implicit
  return {V ? V->getCanonicalDecl() : nullptr, L.getRawEncoding()};
}

const FunctionDecl *breakTie(const FunctionDecl *F,
                             const std::vector<Candidate> &Matching) {
  int64_t Best = Matching.front().Score;
  for (const Candidate &C : Matching)
    Best = std::max(Best, C.Score);
  std::set<const FunctionDecl *> Winners;
  for (const Candidate &C : Matching)
    if (C.Score == Best)
      Winners.insert(C.V);
  if (Winners.size() == 1)
    return *Winners.begin();
  auto Order = clangOrder(F);
  if (!Order)
    return nullptr;
  std::vector<const Candidate *> Tied;
  for (const Candidate &C : Matching) {
    if (C.Score != Best)
      continue;
    if (!C.Traits || !Order->count(C.Key))
      return nullptr;
    Tied.push_back(&C);
  }
  std::sort(Tied.begin(), Tied.end(),
            [&](const Candidate *A, const Candidate *B) {
              return Order->at(A->Key) < Order->at(B->Key);
            });
  const Candidate *Choice = Tied.front();
  for (const Candidate *C : Tied)
    if (strictSubset(*Choice->Traits, *C->Traits))
      Choice = C;
  return Choice->V;
}

} // namespace variants
} // namespace omp2cuda
