// in_reduction on a target construct (issue 8): the target task takes part
// in the enclosing taskgroup's task reduction. The construct stays where it
// is, wrapped in an undeferred host task with the same in_reduction clause
// (RegionEdits.cpp): inside it the item names the task's private copy,
// which the region maps tofrom, and the host's OpenMP runtime combines
// that copy when the taskgroup ends. Only a region that completes where it
// is encountered (no nowait, no depend) is translated this way.
#include "analysis/ClauseReader.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/OpenMPKinds.h"

using namespace clang;

namespace omp2cuda {

Verdict ClauseReader::targetInReduction(const OMPInReductionClause *C) {
  if (!isOpenMPTargetExecutionDirective(D.getDirectiveKind()))
    return Verdict::no(DiagId::HostClause,
                       "the 'in_reduction' clause is not supported yet");
  std::string Text = clauseSourceText(C, Ctx);
  if (Text.empty())
    return Verdict::no(DiagId::HostClause,
                       "an 'in_reduction' clause from a macro is not "
                       "supported");
  for (const Expr *E : C->varlists()) {
    const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    if (!VD || !VD->getType()->isScalarType() || VD->getType()->isPointerType())
      return Verdict::no(DiagId::HostClause,
                         "in_reduction on a target construct of '" +
                             userText(E) +
                             "', which is not a scalar variable, is not "
                             "supported yet");
    // The item is the task's private copy, which the region maps tofrom.
    if (Verdict V = addMap(VD, makeMap(MapType::ToFrom)); !V.Ok)
      return V;
    CI.ClauseExprs.push_back(E);
  }
  CI.TargetInReduction += (CI.TargetInReduction.empty() ? "" : " ") + Text;
  return {};
}

} // namespace omp2cuda
