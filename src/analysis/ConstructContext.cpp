// The construct traits of the OpenMP context at a call (OpenMP 5.2 §7.1),
// which `declare variant` selectors with a `construct` set match against
// (DeclareVariant.cpp). They are the context-matching constructs that
// enclose the call: target, teams, parallel, for and simd, outermost first,
// the leaves of a combined construct each counted. Clang, which compiles
// the host fallback, counts the constructs that enclose the call in its own
// function (those around the target construct on the host included) and
// nothing of the callers; where that agrees with the specification the
// device makes the same choice, and where it does not (or depends on the
// callers) the call is undecidable and its region stays on the host.
// GCC counts otherwise (the constructs around `target`, the leaves of
// combined constructs) and scores otherwise: with a GCC host compiler the
// device does not guess, the region stays on the host.
#include "analysis/ConstructContext.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"

#include <algorithm>

using namespace clang;
using llvm::omp::TraitProperty;

namespace omp2cuda {

namespace {

/// D's leaves that are context-matching constructs, in the order clang adds
/// them (Sema's StartOpenMPDSABlock).
void addTraits(OpenMPDirectiveKind K, std::vector<TraitProperty> &Out) {
  if (isOpenMPTargetExecutionDirective(K))
    Out.push_back(TraitProperty::construct_target_target);
  if (isOpenMPTeamsDirective(K))
    Out.push_back(TraitProperty::construct_teams_teams);
  if (isOpenMPParallelDirective(K))
    Out.push_back(TraitProperty::construct_parallel_parallel);
  if (isOpenMPWorksharingDirective(K))
    Out.push_back(TraitProperty::construct_for_for);
  if (isOpenMPSimdDirective(K))
    Out.push_back(TraitProperty::construct_simd_simd);
}

/// Whether the function around C is, or is inside, an instantiation.
bool inInstantiation(const CallExpr *C, ASTContext &Ctx) {
  DynTypedNodeList Ps = Ctx.getParents(*C);
  while (!Ps.empty() && !Ps[0].get<TranslationUnitDecl>()) {
    if (const auto *F = Ps[0].get<FunctionDecl>()) {
      for (const DeclContext *D = F; D; D = D->getParent()) {
        if (const auto *G = dyn_cast<FunctionDecl>(D);
            G && G->getTemplateInstantiationPattern())
          return true;
        if (const auto *R = dyn_cast<CXXRecordDecl>(D);
            R && R->getTemplateInstantiationPattern())
          return true;
      }
      return false;
    }
    Ps = Ctx.getParents(Ps[0]);
  }
  return false;
}

} // namespace

ConstructContext constructContextOf(const CallExpr *C, ASTContext &Ctx,
                                    HostCompiler Host) {
  ConstructContext Out;
  Out.At = C->getBeginLoc();
  Out.InInstantiation = inInstantiation(C, Ctx);
  if (Host != HostCompiler::Clang) {
    // GCC 12 leaves out the constructs around the target construct and the
    // `for` of a combined construct, and may score them otherwise: the host
    // fallback's choice, which the device must make too, is not clang's.
    Out.Why = "the host compiler is GCC (--host-compiler-family=gcc), which "
              "counts and scores the constructs around a call unlike clang, "
              "whose choice the translator knows";
    return Out;
  }
  std::vector<OpenMPDirectiveKind> Kinds; // innermost first
  DynTypedNodeList Ps = Ctx.getParents(*C);
  while (!Ps.empty()) {
    const DynTypedNode &P = Ps[0];
    if (P.get<FunctionDecl>() || P.get<TranslationUnitDecl>())
      break;
    if (const auto *D = P.get<OMPExecutableDirective>())
      Kinds.push_back(D->getDirectiveKind());
    Ps = Ctx.getParents(P);
  }
  std::reverse(Kinds.begin(), Kinds.end());
  bool InTarget = false;
  for (OpenMPDirectiveKind K : Kinds) {
    InTarget |= isOpenMPTargetExecutionDirective(K);
    // Clang counts a `single` or `sections` as `for`; the specification
    // counts only the loop construct.
    if (isOpenMPWorksharingDirective(K) && !isOpenMPLoopDirective(K)) {
      Out.K = ConstructContext::Undecidable;
      Out.Why = "the call is inside a '" +
                getOpenMPDirectiveName(K).str() +
                "' construct, which the host compiler counts as 'for' and "
                "the specification does not";
      return Out;
    }
    if (K == llvm::omp::OMPD_dispatch) {
      Out.K = ConstructContext::Undecidable;
      Out.Why = "the call is inside a 'dispatch' construct";
      return Out;
    }
    addTraits(K, Out.Traits);
  }
  if (!InTarget) {
    // The constructs that enclose the call when it runs are its callers':
    // clang counts none of them, GCC adds 'target' to a `declare target`
    // function's, the specification all that were encountered.
    Out.K = ConstructContext::Undecidable;
    Out.Why = "the call is in a function that the region calls, where the "
              "constructs that enclose it depend on its callers";
    return Out;
  }
  std::vector<TraitProperty> Sorted = Out.Traits;
  std::sort(Sorted.begin(), Sorted.end());
  if (std::adjacent_find(Sorted.begin(), Sorted.end()) != Sorted.end()) {
    // Clang matches a repeated trait at its first place, the specification
    // at the place that scores highest.
    Out.K = ConstructContext::Undecidable;
    Out.Why = "a construct encloses the call twice (a nested 'parallel'), "
              "where the host compiler's score differs from the "
              "specification's";
    return Out;
  }
  Out.K = ConstructContext::Known;
  return Out;
}

} // namespace omp2cuda
