// The device's copy of an orphaned distribute or worksharing loop in a
// function compiled for both sides (analysis/OrphanedDistribute.h says what
// it is and when).
#include "analysis/OrphanedDistribute.h"
#include "SpmdPrinter.h"
#include "analysis/Analysis.h"
#include "analysis/TreeBuilder.h"
#include "edits/Edits.h"

#include "clang/AST/OpenMPClause.h"

using namespace clang;

namespace omp2cuda {

namespace {

const VarDecl *itemVar(const Expr *E) {
  return cast<VarDecl>(cast<DeclRefExpr>(E->IgnoreParenImpCasts())->getDecl());
}

/// The copy's own private items: one per team (per calling thread for a
/// `for`), declared around its loop (firstprivate ones from the function's
/// variable, lastprivate ones afresh unless firstprivate too), in clause
/// order.
SpmdNode copyData(const OMPExecutableDirective &D, ASTContext &Ctx) {
  SpmdNode N;
  std::set<const VarDecl *> Declared;
  auto Add = [&](const Expr *E, bool First) {
    const VarDecl *VD = itemVar(E);
    if (!Declared.insert(VD).second)
      return;
    std::string Name = VD->getNameAsString();
    N.Privates.push_back(
        {declText(VD->getType(), Name, Ctx), First ? Name : std::string()});
  };
  // A firstprivate and lastprivate item starts with the variable's value.
  std::set<const VarDecl *> First;
  for (const auto *F : D.getClausesOfKind<OMPFirstprivateClause>())
    for (const Expr *E : F->varlists())
      First.insert(itemVar(E));
  for (const OMPClause *C : D.clauses()) {
    if (C->isImplicit())
      continue;
    if (const auto *P = dyn_cast<OMPPrivateClause>(C))
      for (const Expr *E : P->varlists())
        Add(E, false);
    if (const auto *F = dyn_cast<OMPFirstprivateClause>(C))
      for (const Expr *E : F->varlists())
        Add(E, true);
    if (const auto *L = dyn_cast<OMPLastprivateClause>(C))
      for (const Expr *E : L->varlists())
        if (!First.count(itemVar(E)))
          Add(E, false);
  }
  return N;
}

/// lastprivate: the calling thread ran every iteration in order, so its
/// copy ends with the sequentially last iteration's value, which goes to
/// the variable when any iteration ran (through a pointer taken before the
/// copy hides its name). Opens the block that holds the pointers into Out
/// and returns the write-back (Back) and what closes the block.
std::string lastprivateOpen(const OMPExecutableDirective &D, std::string &Out,
                            std::string &Back) {
  std::set<const VarDecl *> Seen;
  for (const auto *L : D.getClausesOfKind<OMPLastprivateClause>())
    for (const Expr *E : L->varlists())
      if (const VarDecl *VD = itemVar(E); Seen.insert(VD).second) {
        std::string Name = VD->getNameAsString();
        Out += "auto *const o2c_lp_" + Name + " = &" + Name + ";\n";
        Back += "*o2c_lp_" + Name + " = " + Name + ";\n";
      }
  if (Seen.empty())
    return "";
  Out = "{\n" + Out + "bool o2c_lp_ran = false;\n";
  Back = "if (o2c_lp_ran) {\n" + Back + "}\n";
  return "}\n";
}

/// The team's chunk: none (one iteration, then every team count-th: the
/// default schedule is the implementation's), dist_schedule(static)'s
/// one block per team of about equal size (staticBlocks), or the clause's
/// chunk.
std::string teamChunk(const OMPExecutableDirective &D, ASTContext &Ctx,
                      const std::vector<TextEdit> &Edits) {
  const auto *DS = D.getSingleClause<OMPDistScheduleClause>();
  if (!DS)
    return "";
  if (const Expr *C = DS->getChunkSize())
    return exprText(userExpr(C), Ctx, &Edits);
  return staticBlocks();
}

} // namespace

void orphanedLoopEdits(const OMPExecutableDirective &D, ASTContext &Ctx,
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
  bool Distribute = isOrphanedDistribute(D);
  std::string Copy =
      Distribute
          ? "\n} else { // omp2cuda: the device's copy: the calling team's "
            "share\n"
          : "\n} else { // omp2cuda: the device's copy: a team of one, the "
            "calling thread, runs every iteration\n";
  std::string Pointers, Back;
  std::string Close = lastprivateOpen(D, Pointers, Back);
  Copy += Pointers;
  Close = spmdDataOpen(Copy, copyData(D, Ctx)) + Close;
  std::string LoopClose =
      Distribute ? spmdLoopOpen(Copy, Levels, 0, "o2c_dev::omp_get_team_num()",
                                "o2c_dev::omp_get_num_teams()",
                                teamChunk(D, Ctx, Edits))
                 : spmdLoopOpen(Copy, Levels, 0, "0", "1");
  if (!Back.empty())
    Copy += "o2c_lp_ran = true;\n";
  Copy += lineMarker({FileName, lineOf(Ctx, BodyBegin), 0}, LineDirectives);
  Copy += BodyText + "\n" + generatedMarker(LineDirectives) + LoopClose + Back +
          Close + "}\n" +
          lineMarker({FileName, lineOf(Ctx, End), 0}, LineDirectives);
  Edits.push_back(
      {Begin, 0,
       "if (o2c_dev::omp_is_initial_device()) { // omp2cuda: the "
       "host's loop, as written\n" +
           lineMarker({FileName, lineOf(Ctx, Begin), 0}, LineDirectives)});
  Edits.push_back({End, 0, std::move(Copy)});
}

} // namespace omp2cuda
