// How a `declare variant` selector scores on the device, a CUDA GPU of arch
// nvptx64 (OpenMP 5.2 §7.2 and §7.3), or on the host that compiles the CPU
// emulation's kernels; nullopt with the reason where the translator cannot
// tell (VariantChoice.h).
#include "analysis/VariantChoice.h"

using namespace clang;
using llvm::omp::TraitProperty;
using llvm::omp::TraitSelector;
using llvm::omp::TraitSet;

namespace omp2cuda {
namespace variants {

namespace {

/// The score or condition expression's constant value.
std::optional<int64_t> constantOf(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx))
    return V->getExtValue();
  return std::nullopt;
}

/// Whether one property of the device set holds on a CUDA GPU; nullopt
/// when the translator cannot know.
std::optional<bool> deviceProperty(TraitSelector Sel, TraitProperty P,
                                   bool OnHost) {
  if (OnHost) {
    if (P == TraitProperty::device_kind_host ||
        P == TraitProperty::device_kind_cpu ||
        P == TraitProperty::device_kind_any)
      return true;
    if (Sel == TraitSelector::device_kind)
      return false;
    return std::nullopt; // the host's architecture: whichever compiles it
  }
  switch (P) {
  // The device is not the host, is a GPU and "any" device.
  case TraitProperty::device_kind_nohost:
  case TraitProperty::device_kind_gpu:
  case TraitProperty::device_kind_any:
  // clang's sm_XX device compile has the architecture nvptx64, not nvptx;
  // a selector needs all of its properties.
  case TraitProperty::device_arch_nvptx64:
    return true;
  default:
    break;
  }
  // Every other kind and named architecture is some other device. An isa
  // names what the GPU the program runs on supports (sm_70, ...), which is
  // chosen when nvcc compiles, not now.
  if (Sel == TraitSelector::device_kind || Sel == TraitSelector::device_arch)
    return false;
  return std::nullopt;
}

/// Whether the construct selectors Set match the call's construct traits
/// Where (§7.2: in order, not necessarily adjacent); Score adds 2^(p-1) for
/// each, p its place in Where (§7.3). Clang takes each at its first place
/// after the previous one; ConstructContext.cpp refuses the contexts where
/// that differs from the specification's highest-scoring places.
bool matchConstructs(const OMPTraitSet &Set,
                     const std::vector<TraitProperty> &Where,
                     int64_t &Score) {
  size_t At = 0;
  for (const OMPTraitSelector &Sel : Set.Selectors) {
    if (Sel.Properties.size() != 1)
      return false; // not reached: simd with properties is refused first
    TraitProperty P = Sel.Properties[0].Kind;
    while (At < Where.size() && Where[At] != P)
      ++At;
    if (At == Where.size())
      return false;
    Score += int64_t(1) << At;
    ++At;
  }
  return true;
}

/// Scores one selector of a `device` set: false, with Why, where a
/// property is one the translator cannot evaluate. L: the number of
/// construct traits of the whole selector.
bool scoreDeviceSelector(const OMPTraitSelector &Sel, bool OnHost, int64_t L,
                         bool &Matches, int64_t &Score, std::string &Why) {
  if (Sel.Kind == TraitSelector::device_isa) {
    Why = "its selector names a device 'isa', which depends on the GPU "
          "that nvcc compiles for";
    return false;
  }
  for (const OMPTraitProperty &P : Sel.Properties) {
    std::optional<bool> Holds = deviceProperty(Sel.Kind, P.Kind, OnHost);
    if (!Holds) {
      Why = "its selector names the device trait '" + P.RawString.str() +
            "'";
      return false;
    }
    Matches &= *Holds;
    // clang scores each property, kind(any) not at all.
    if (P.Kind != TraitProperty::device_kind_any)
      Score += int64_t(Sel.Kind == TraitSelector::device_kind ? 1 : 2)
               << L;
  }
  return true;
}

/// Whether a `user={condition(...)}` selector holds; nullopt, with Why,
/// where its condition is not a constant.
std::optional<bool> userCondition(const OMPTraitSelector &Sel,
                                  const ASTContext &Ctx, std::string &Why) {
  std::optional<int64_t> C = constantOf(Sel.ScoreOrCondition, Ctx);
  bool Holds = false;
  if (Sel.Properties.size() == 1 &&
      Sel.Properties[0].Kind == TraitProperty::user_condition_true)
    Holds = true;
  else if (Sel.Properties.size() == 1 &&
           Sel.Properties[0].Kind == TraitProperty::user_condition_false)
    Holds = false;
  else if (C)
    Holds = *C != 0;
  else {
    Why = "its 'user={condition(...)}' selector is not a constant";
    return std::nullopt;
  }
  return Holds;
}

} // namespace

std::optional<int64_t> scoreSelector(const OMPTraitInfo &TI,
                                     const ASTContext &Ctx, bool &Matches,
                                     std::string &Why, bool OnHost,
                                     const ConstructContext *Where) {
  Matches = true;
  int64_t Score = 0;
  static const std::vector<TraitProperty> None;
  const std::vector<TraitProperty> *Traits =
      OnHost ? &None
             : Where && Where->K == ConstructContext::Known ? &Where->Traits
                                                           : nullptr;
  // §7.3: kind scores 2^l, arch 2^(l+1), l "the number of traits in the
  // construct set": clang, which chooses for the host fallback, counts the
  // selector's own construct set.
  int64_t L = 0;
  for (const OMPTraitSet &Set : TI.Sets)
    if (Set.Kind == TraitSet::construct)
      L += int64_t(Set.Selectors.size());
  for (const OMPTraitSet &Set : TI.Sets) {
    if (Set.Kind == TraitSet::construct) {
      for (const OMPTraitSelector &Sel : Set.Selectors)
        if (Sel.Properties.size() != 1 || Sel.ScoreOrCondition) {
          Why = "its 'construct' selector has properties or a score (a simd "
                "selector's simdlen, uniform, ...)";
          return std::nullopt;
        }
      if (!Traits) {
        Why = "its selector has a 'construct' set, and " +
              (Where ? Where->Why
                     : std::string("the constructs that enclose the call "
                                   "are not known here"));
        return std::nullopt;
      }
      Matches &= matchConstructs(Set, *Traits, Score);
      continue;
    }
    for (const OMPTraitSelector &Sel : Set.Selectors) {
      switch (Set.Kind) {
      case TraitSet::device:
        if (!scoreDeviceSelector(Sel, OnHost, L, Matches, Score, Why))
          return std::nullopt;
        break;
      case TraitSet::user: {
        std::optional<bool> Holds = userCondition(Sel, Ctx, Why);
        if (!Holds)
          return std::nullopt;
        Matches &= *Holds;
        break;
      }
      case TraitSet::implementation:
        // The device code is compiled by nvcc (or the CPU emulation), not
        // by an OpenMP implementation a vendor selector could name.
        Why = "its selector has an 'implementation' set";
        return std::nullopt;
      default:
        Why = "its selector has a set the translator does not know";
        return std::nullopt;
      }
      // An explicit score(n) adds n; the device traits' implicit scores
      // above stand without one.
      if (Set.Kind != TraitSet::user && Sel.ScoreOrCondition) {
        std::optional<int64_t> S = constantOf(Sel.ScoreOrCondition, Ctx);
        if (!S) {
          Why = "its selector's score is not a constant";
          return std::nullopt;
        }
        Score += *S;
      }
    }
  }
  return Score;
}

} // namespace variants
} // namespace omp2cuda
