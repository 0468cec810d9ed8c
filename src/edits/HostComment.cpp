// The text around a region left on the host: a comment naming the
// diagnostic and, for a target execution construct, o2c::leftOnHost (the
// OMP_TARGET_OFFLOAD=MANDATORY check) and the o2c::HostFallback that syncs
// the device's data around it (docs/host-fallback.md), with the clause
// values that decide whether it would have offloaded.
#include "analysis/RepeatableExpr.h"
#include "edits/Edits.h"
#include "edits/FallbackPrivates.h"
#include "edits/SourceText.h"
#include "emit/Emit.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "llvm/ADT/STLExtras.h"

#include <fmt/format.h>

using namespace clang;

namespace omp2cuda {

namespace {

/// `{address, bytes}` of a map item that is a variable or a section of one
/// (as host code), or empty.
std::string hostRangeText(const Expr *Item, const ASTContext &Ctx,
                          const std::vector<TextEdit> &HostEdits) {
  const Expr *X = Item->IgnoreParenImpCasts();
  auto Var = [](const Expr *B) {
    const auto *DR = dyn_cast<DeclRefExpr>(B->IgnoreParenImpCasts());
    return DR && isa<VarDecl>(DR->getDecl());
  };
  // The builtin ignores an overloaded operator&.
  if (Var(X))
    return "o2c::HostFallback::HostRange{__builtin_addressof(" +
           exprText(X, Ctx, &HostEdits) + "), sizeof(" +
           exprText(X, Ctx, &HostEdits) + ")}";
  const auto *S = dyn_cast<ArraySectionExpr>(X);
  if (!S || !Var(S->getBase()) || !S->getLength() || S->getStride())
    return "";
  std::string Base = exprText(S->getBase()->IgnoreParenImpCasts(), Ctx, &HostEdits);
  std::string Lo = S->getLowerBound() ? exprText(S->getLowerBound(), Ctx, &HostEdits)
                                      : "0";
  return "o2c::HostFallback::HostRange{(" + Base + ") + (" + Lo + "), (size_t)(" +
         exprText(S->getLength(), Ctx, &HostEdits) + ") * sizeof(*(" + Base + "))}";
}

/// The clause values that decide whether the region would have offloaded,
/// as host code: its `if` and `device` clauses (empty when absent, or all
/// empty when one has side effects that a second evaluation must not
/// repeat), the host ranges its `map(always, to|tofrom: ...)` send and
/// those its `map(always, from|tofrom: ...)` get back.
struct OffloadClauses {
  std::string If, Dev, Current, From, Private;
  /// What the region reaches besides its firstprivates' names: its map
  /// items and what its firstprivate pointers point to.
  std::string Reached;

  /// An `if` or `device` whose value cannot be taken again: all empty but
  /// the firstprivate variables, which the region reads from the host
  /// whenever it runs, and what it reaches.
  static OffloadClauses unguessed(const OffloadClauses &R) {
    OffloadClauses U;
    U.Private = R.Private;
    U.Reached = R.Reached;
    return U;
  }
  /// `, if, device` for o2c::leftOnHost, or nothing.
  std::string ifDevice() const {
    if (If.empty() && Dev.empty())
      return "";
    return ", " + (If.empty() ? "true" : If) + ", " + device();
  }
  /// The device, read only where the if clause holds.
  std::string device() const {
    return deviceWhereIf(If, Dev.empty() ? "-1" : Dev);
  }
  /// The arguments of o2c::HostFallback after the location.
  std::string fallbackArgs() const {
    if (Current.empty() && From.empty() && Private.empty())
      return ifDevice();
    return ", " + (If.empty() ? "true" : If) + ", " + device() + ", {" +
           Current + "}" +
           (From.empty() && Private.empty() ? "" : ", {" + From + "}") +
           (Private.empty() ? "" : ", {" + Private + "}") +
           (Private.empty() || Reached.empty() ? "" : ", {" + Reached + "}");
  }
};

OffloadClauses offloadClauses(const OMPExecutableDirective &D, ASTContext &Ctx,
                              const std::vector<TextEdit> &HostEdits,
                              const FallbackPrivates &Fp) {
  OffloadClauses R;
  R.Private = Fp.Ranges;
  R.Reached = Fp.Pointees;
  auto Add = [](std::string &To, const std::string &Range) {
    To += (To.empty() ? "" : ", ") + Range;
  };
  for (const OMPClause *C : D.clauses()) {
    // map(always, to|tofrom: x): the host's bytes go to the device first;
    // map(always, from|tofrom: x): the device's come back after.
    if (const auto *M = dyn_cast_or_null<OMPMapClause>(C)) {
      if (M->isImplicit()) // no text of its own
        continue;
      bool Always = llvm::is_contained(M->getMapTypeModifiers(),
                                       OMPC_MAP_MODIFIER_always);
      OpenMPMapClauseKind K = M->getMapType();
      bool To = K == OMPC_MAP_to || K == OMPC_MAP_tofrom;
      bool From = K == OMPC_MAP_from || K == OMPC_MAP_tofrom;
      for (const Expr *Item : M->varlists()) {
        std::string Range = hostRangeText(Item, Ctx, HostEdits);
        // Evaluated once more before the region: only without side effects.
        if (!R.Private.empty() && !Range.empty() && safeToRepeat(Item, Ctx))
          Add(R.Reached, Range);
        if (!Always)
          continue;
        if (!Range.empty() && To)
          R.Current += (R.Current.empty() ? "" : ", ") + Range;
        if (!Range.empty() && From)
          R.From += (R.From.empty() ? "" : ", ") + Range;
      }
      continue;
    }
    if (const auto *I = dyn_cast_or_null<OMPIfClause>(C)) {
      OpenMPDirectiveKind M = I->getNameModifier();
      if (M != llvm::omp::OMPD_unknown && M != llvm::omp::OMPD_target)
        continue;
      const Expr *E = userExpr(I->getCondition());
      if (!safeToRepeat(E, Ctx))
        return OffloadClauses::unguessed(R);
      R.If = "(bool)(" + exprText(E, Ctx, &HostEdits) + ")";
    } else if (const auto *DC = dyn_cast_or_null<OMPDeviceClause>(C)) {
      const Expr *E = userExpr(DC->getDevice());
      if (!safeToRepeat(E, Ctx) || DC->getModifier() == OMPC_DEVICE_ancestor)
        return OffloadClauses::unguessed(R);
      R.Dev = "o2c::deviceClause(" + exprText(E, Ctx, &HostEdits) + ")";
    }
  }
  return R;
}

} // namespace

RegionEdit hostComment(const RegionCandidate &C, const Region &R,
                       ASTContext &Ctx, bool LineDirectives,
                       const std::vector<TextEdit> &HostEdits) {
  RegionEdit E;
  const OMPExecutableDirective &D = *C.Directive;
  unsigned Begin = directiveStart(D, Ctx);
  std::string Comment = fmt::format("[omp2cuda-{}] left on the host: {}",
                                    diagIdName(R.Why), R.Reason);
  bool Execution = isOpenMPTargetExecutionDirective(D.getDirectiveKind());
  E.Guarded = Execution && !D.getBeginLoc().isMacroID();
  if (D.getBeginLoc().isMacroID()) {
    E.CallSite.push_back({Begin, 0, "/* " + Comment + " */ "});
    return E;
  }
  std::string Text = "// " + Comment + "\n";
  if (Execution) {
    // Data the region reaches may be on the device (translated data
    // constructs): o2c::HostFallback brings all of it to the host around
    // the region and sends back what the region changed.
    // A false `if` or the host as device: the region runs on the host's
    // data, and the fallback must not sync.
    FallbackPrivates Fp = fallbackPrivates(D, Ctx);
    // No fallback keeps the right bytes: the program runs on the host.
    if (!Fp.Unguardable.empty()) {
      E.Guarded = false;
      E.Unguarded = Fp.Unguardable;
    }
    OffloadClauses Clauses = offloadClauses(D, Ctx, HostEdits, Fp);
    Text = fmt::format("{{ static const o2c::SourceLoc o2c_loc = {{{}, {}, {}, {}}}; "
                       "// {}\n",
                       cString(R.Loc.File), R.Loc.Line, R.Loc.Col,
                       cString(R.Directive), Comment);
    // Under OMP_TARGET_OFFLOAD=MANDATORY a region that would have offloaded
    // is a run-time error naming the reason; one kept on the host on purpose
    // is the program's own choice, like if(false).
    // The runtime calls are the generated file's own lines.
    Text += generatedMarker(LineDirectives) + "  ";
    if (R.Why != DiagId::HostOnPurpose)
      Text += fmt::format("o2c::leftOnHost(o2c_loc, {}{}); ",
                          cString(R.Reason + " [omp2cuda-" +
                                  diagIdName(R.Why) + "]"),
                          Clauses.ifDevice());
    // The fallback syncs every entry of the device: sibling tasks created
    // before it (a deferred target task, a host task its dependences wait
    // for) may not have run yet, and would write the device copies after
    // the sync, or be overwritten by its write-back (ra21).
    Text += "o2c::waitForSiblingTasks(); ";
    Text += fmt::format("o2c::HostFallback o2c_host(o2c_loc{});\n",
                        Clauses.fallbackArgs());
    // With nowait the host region is a deferred task: it must finish before
    // its results go back to the device.
    E.CallSite.push_back({statementEnd(D, Ctx), 0,
                          D.getSingleClause<OMPNowaitClause>()
                              ? " o2c::waitForSiblingTasks(); }"
                              : " }"});
  }
  Text += lineMarker({R.Loc.File, lineOf(Ctx, Begin), 0}, LineDirectives);
  E.CallSite.insert(E.CallSite.begin(), {Begin, 0, Text});
  return E;
}

} // namespace omp2cuda
