// The device's copy of an orphaned distribute loop in a function compiled
// for both sides (analysis/OrphanedDistribute.h says what it is and when).
#include "analysis/OrphanedDistribute.h"
#include "SpmdPrinter.h"
#include "analysis/Analysis.h"
#include "analysis/TreeBuilder.h"
#include "edits/Edits.h"

#include "clang/AST/OpenMPClause.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// The copy's own private items: one per team, declared around its loop
/// (firstprivate ones from the function's variable), in clause order.
SpmdNode copyData(const OMPExecutableDirective &D, ASTContext &Ctx) {
  SpmdNode N;
  auto Add = [&](const Expr *E, bool First) {
    const auto *VD =
        cast<VarDecl>(cast<DeclRefExpr>(E->IgnoreParenImpCasts())->getDecl());
    std::string Name = VD->getNameAsString();
    N.Privates.push_back(
        {declText(VD->getType(), Name, Ctx), First ? Name : std::string()});
  };
  for (const OMPClause *C : D.clauses()) {
    if (C->isImplicit())
      continue;
    if (const auto *P = dyn_cast<OMPPrivateClause>(C))
      for (const Expr *E : P->varlists())
        Add(E, false);
    if (const auto *F = dyn_cast<OMPFirstprivateClause>(C))
      for (const Expr *E : F->varlists())
        Add(E, true);
  }
  return N;
}

/// The team's chunk: none (one iteration, then every team count-th: the
/// default schedule is the implementation's), dist_schedule(static)'s
/// one chunk per team of about equal size, or the clause's chunk.
std::string teamChunk(const OMPExecutableDirective &D, ASTContext &Ctx,
                      const std::vector<TextEdit> &Edits) {
  const auto *DS = D.getSingleClause<OMPDistScheduleClause>();
  if (!DS)
    return "";
  if (const Expr *C = DS->getChunkSize())
    return exprText(userExpr(C), Ctx, &Edits);
  return "((unsigned long long)o2c_trip0 + o2c_dev::omp_get_num_teams() - 1) "
         "/ o2c_dev::omp_get_num_teams()";
}

} // namespace

void orphanedDistributeEdits(const OMPExecutableDirective &D, ASTContext &Ctx,
                             std::vector<TextEdit> &Edits,
                             const std::string &FileName, bool LineDirectives) {
  const SourceManager &SM = Ctx.getSourceManager();
  const auto &L = cast<OMPLoopDirective>(D);
  std::vector<LoopLevel> Levels;
  std::set<const VarDecl *> Vars;
  const Stmt *Body = nullptr;
  unsigned BodyBegin, BodyEnd;
  // orphanedDistributeProblem accepted the loop and its body's text.
  if (!analyzeLoopNest(loopStmt(D), L.getLoopsNumber(), Ctx, Edits, Levels,
                       Vars, &Body)
           .Ok ||
      !Body ||
      !fileOffsets(SM, Ctx.getLangOpts(), Body->getSourceRange(), BodyBegin,
                   BodyEnd))
    return;
  unsigned Begin = directiveStart(D, Ctx), End = statementEnd(D, Ctx);
  std::string BodyText = textWithEdits(SM.getBufferData(SM.getMainFileID()),
                                       BodyBegin, End, Edits);
  std::string Copy =
      "\n} else { // omp2cuda: the device's copy: the calling team's share\n";
  std::string Close = spmdDataOpen(Copy, copyData(D, Ctx));
  Close =
      spmdLoopOpen(Copy, Levels, 0, "o2c_dev::omp_get_team_num()",
                   "o2c_dev::omp_get_num_teams()", teamChunk(D, Ctx, Edits)) +
      Close;
  Copy += lineMarker({FileName, lineOf(Ctx, BodyBegin), 0}, LineDirectives);
  Copy += BodyText + "\n" + generatedMarker(LineDirectives) + Close + "}\n" +
          lineMarker({FileName, lineOf(Ctx, End), 0}, LineDirectives);
  Edits.push_back(
      {Begin, 0,
       "if (o2c_dev::omp_is_initial_device()) { // omp2cuda: the "
       "host's loop, as written\n" +
           lineMarker({FileName, lineOf(Ctx, Begin), 0}, LineDirectives)});
  Edits.push_back({End, 0, std::move(Copy)});
}

} // namespace omp2cuda
