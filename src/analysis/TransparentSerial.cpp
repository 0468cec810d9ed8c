// Serialised nested parallel regions (docs/nested-parallel.md): a
// parallel region met in parallel code runs on its encountering thread as
// a team of one. The Rewriter's rules for it: where a reduction's item
// lives, how it folds, which clauses mean nothing to a team of one.
#include "analysis/InOrderScan.h"
#include "analysis/Scope.h"
#include "analysis/TransparentRewriter.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <fmt/format.h>

#include <set>

using namespace clang;
using llvm::omp::Directive;

namespace omp2cuda {
namespace transparent {

Rewriter::Home Rewriter::homeOf(const OMPExecutableDirective &D,
                                const VarDecl *VD) {
  auto Names = [&](const OMPClause &C) {
    for (const Stmt *E : C.children())
      if (const auto *DR = dyn_cast_or_null<DeclRefExpr>(
              E ? cast<Expr>(E)->IgnoreParenImpCasts() : nullptr);
          DR && DR->getDecl() == VD)
        return true;
    return false;
  };
  DynTypedNodeList Ps = Ctx.getParents(D);
  while (!Ps.empty()) {
    DynTypedNode P = Ps[0];
    if (const auto *A = P.get<OMPExecutableDirective>()) {
      OpenMPDirectiveKind K = A->getDirectiveKind();
      for (const OMPClause *C : A->clauses()) {
        if (!isa<OMPPrivateClause, OMPFirstprivateClause, OMPLastprivateClause,
                 OMPReductionClause, OMPLinearClause, OMPInReductionClause,
                 OMPTaskReductionClause, OMPCopyinClause>(C) ||
            !Names(*C))
          continue;
        // A parallel thread's partial, a private or firstprivate copy of
        // a construct of threads (also `distribute parallel for`, whose
        // copies are its loop's): the thread's local. A team's copy
        // (teams, distribute alone) may be in shared memory.
        bool Local =
            isa<OMPPrivateClause, OMPFirstprivateClause, OMPReductionClause>(
                C) &&
            !isOpenMPTargetExecutionDirective(K) &&
            (isOpenMPParallelDirective(K) ||
             (!isOpenMPTeamsDirective(K) && !isOpenMPDistributeDirective(K)));
        return Local ? Home::Thread : Home::Unknown;
      }
      if (isOpenMPTargetExecutionDirective(K))
        return Home::Original;
    }
    Ps = Ctx.getParents(P);
  }
  return Home::Unknown;
}

Verdict Rewriter::serialReductions(const TransparentUse &U, std::string &Before,
                                   std::string &Decls, std::string &Combine) {
  const OMPExecutableDirective &D = *U.D;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const auto *C : D.getClausesOfKind<OMPReductionClause>()) {
    std::string Op = reductionOp(*C);
    for (const Expr *E : C->varlists()) {
      const VarDecl *VD = scalarReductionItem(E, Op);
      // inscan: serialScan allowed it.
      bool Scan = C->getModifier() == OMPC_REDUCTION_inscan;
      if (!VD || (C->getModifier() != OMPC_REDUCTION_unknown && !Scan))
        return no(D, DiagId::HostClause,
                  "a reduction on a nested " + quotedName(D) +
                      " run by one thread is supported for scalar numbers "
                      "and the built-in operators only");
      std::string N = VD->getNameAsString();
      std::string Sp = spelling(associatedBody(D), VD);
      bool Pointer = Sp == "(*" + N + ")";
      Home H = homeOf(D, VD);
      bool Declared = !VD->hasGlobalStorage() && U.Own &&
                      SM.isPointWithin(SM.getExpansionLoc(VD->getLocation()),
                                       SM.getExpansionLoc(U.Own->getBeginLoc()),
                                       SM.getExpansionLoc(U.Own->getEndLoc()));
      bool Plain = (Sp.empty() || Pointer) &&
                   (H == Home::Thread || (H == Home::Original && Declared));
      bool Atomic = Pointer && H == Home::Original;
      if (!Plain && (!Atomic || Scan))
        return no(D, DiagId::HostClause,
                  "reduction(" + std::string(Scan ? "inscan, " : "") + "'" + N +
                      "') on a nested " + quotedName(D) +
                      " run by one thread: only a variable of the "
                      "encountering thread" +
                      (Scan ? "" : " or a mapped scalar") +
                      " is supported yet");
      // A scan's prefixes start from the item's value, as GCC's host
      // computes them (serialScan), and the copy ends as its new value.
      std::string Init =
          Scan ? "*o2c_sred_" + N
               : Op + "::identity<" +
                     declText(VD->getType().getUnqualifiedType(), "", Ctx) +
                     ">()";
      std::string Val = reductionCopy(D, VD, Init, "o2c_sred_" + N,
                                      "o2c_srv_" + N, Before, Decls);
      if (Scan)
        Combine += fmt::format("*o2c_sred_{} = {};\n", N, Val);
      else if (Atomic)
        Combine += fmt::format("o2c_dev::atomicCombine<{}>(o2c_sred_{}, {});\n",
                               Op, N, Val);
      else
        Combine += fmt::format("*o2c_sred_{0} = {1}{{}}(*o2c_sred_{0}, {2});\n",
                               N, Op, Val);
    }
  }
  return {};
}

Verdict Rewriter::serialClauses(const OMPExecutableDirective &D) {
  for (const OMPClause *C : D.clauses()) {
    if (C->isImplicit() && !isa<OMPFirstprivateClause, OMPPrivateClause>(C))
      continue;
    bool Ok = isa<OMPPrivateClause, OMPFirstprivateClause, OMPSharedClause,
                  OMPDefaultClause, OMPProcBindClause, OMPCollapseClause,
                  OMPNowaitClause, OMPOrderClause, OMPSafelenClause,
                  OMPSimdlenClause, OMPAlignedClause, OMPNontemporalClause,
                  OMPBindClause, OMPReductionClause>(C);
    const Expr *Ignored = nullptr;
    if (const auto *NT = dyn_cast<OMPNumThreadsClause>(C))
      Ignored = NT->getNumThreads();
    if (const auto *IC = dyn_cast<OMPIfClause>(C))
      Ignored = IC->getCondition();
    if (const auto *SC = dyn_cast<OMPScheduleClause>(C)) {
      Ignored = SC->getChunkSize();
      Ok = true;
    }
    if (Ignored || isa<OMPNumThreadsClause, OMPIfClause>(C))
      Ok = !Ignored || !Ignored->HasSideEffects(Ctx);
    if (!Ok) {
      At = C->getBeginLoc();
      return Verdict::no(
          DiagId::HostClause,
          "the '" + llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() +
              "' clause on a nested " + quotedName(D) +
              " run by one thread is not supported yet");
    }
  }
  return {};
}

Verdict Rewriter::serialScan(const OMPExecutableDirective &D) {
  if (!hasInscan(D))
    return {};
  auto No = [&](const std::string &Why) {
    const auto *C = D.getSingleClause<OMPReductionClause>();
    for (const auto *R : D.getClausesOfKind<OMPReductionClause>())
      if (R->getModifier() == OMPC_REDUCTION_inscan)
        C = R;
    At = C ? C->getBeginLoc() : D.getBeginLoc();
    return Verdict::no(DiagId::HostClause, Why);
  };
  OpenMPDirectiveKind K = D.getDirectiveKind();
  if (K != Directive::OMPD_parallel_for && K != Directive::OMPD_for)
    return No("reduction(inscan, ...) on a nested " + quotedName(D) +
              " run by one thread is not supported yet");
  if (Verdict V = inOrderScan(D, Ctx, At); !V.Ok)
    return V;
  // clang-19's host OpenMP drops the item's starting value from a
  // worksharing loop's scan (also in a team of one), GCC keeps it, as the
  // device does: the host fallback and the device must agree.
  if (Host == HostCompiler::Clang)
    return No("reduction(inscan, ...) on a nested " + quotedName(D) +
              " run by one thread: clang's host OpenMP leaves out the "
              "item's value before the loop, which the device would count, "
              "so the host fallback would answer differently (translated "
              "with --host-compiler-family=gcc)");
  return {};
}

Verdict Rewriter::serial(const TransparentUse &U) {
  const OMPExecutableDirective &D = *U.D;
  unsigned B = directiveStart(D, Ctx), PE = pragmaEnd(B);
  std::string Comment = "// " + pragmaText(B, PE) + ": a team of one thread";
  if (!associatedBody(D)) { // barrier
    Out.push_back({B, statementEnd(D, Ctx) - B, Comment});
    return {};
  }
  if (Verdict V = serialClauses(D); !V.Ok)
    return V;
  if (Verdict V = serialScan(D); !V.Ok)
    return V;
  std::string Before, Decls, Combine;
  if (Verdict V = privates(D, Before, Decls); !V.Ok)
    return V;
  std::set<const VarDecl *> Listed;
  for (const auto *C : D.getClausesOfKind<OMPPrivateClause>())
    for (const Expr *E : C->varlists())
      if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
        Listed.insert(dyn_cast<VarDecl>(DR->getDecl()));
  for (const auto *C : D.getClausesOfKind<OMPFirstprivateClause>())
    for (const Expr *E : C->varlists())
      if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
        Listed.insert(dyn_cast<VarDecl>(DR->getDecl()));
  // The loop's own variables: private to the construct.
  for (const VarDecl *VD : outerCounters(D))
    if (!Listed.count(VD))
      if (Verdict V = freshCopy(D, VD, false, "private", Before, Decls); !V.Ok)
        return V;
  if (Verdict V = serialReductions(U, Before, Decls, Combine); !V.Ok)
    return V;
  place(D, B, PE, Before, Decls, Comment + "\n", Combine);
  return {};
}

} // namespace transparent
} // namespace omp2cuda
