// The device's copy of an orphaned distribute or worksharing loop in a
// function compiled for both sides (analysis/OrphanedDistribute.h says what
// it is and when).
#include "analysis/OrphanedDistribute.h"
#include "SpmdPrinter.h"
#include "analysis/Analysis.h"
#include "analysis/Scope.h"
#include "analysis/TreeBuilder.h"
#include "edits/Edits.h"

#include "clang/AST/OpenMPClause.h"

using namespace clang;

namespace omp2cuda {

namespace {

const VarDecl *distributeItemVar(const Expr *E) {
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
    const VarDecl *VD = distributeItemVar(E);
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
      First.insert(distributeItemVar(E));
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
        if (!First.count(distributeItemVar(E)))
          Add(E, false);
    // A reduction's partial starts at its operator's identity.
    if (const auto *R = dyn_cast<OMPReductionClause>(C))
      for (const Expr *E : R->varlists()) {
        const VarDecl *VD = distributeItemVar(E);
        if (!Declared.insert(VD).second)
          continue;
        std::string T = declText(VD->getType().getUnqualifiedType(), "", Ctx);
        N.Privates.push_back({declText(VD->getType().getUnqualifiedType(),
                                       VD->getNameAsString(), Ctx) +
                                  " = " + reductionOp(*R) + "::identity<" + T +
                                  ">()",
                              std::string()});
      }
  }
  return N;
}

/// The variables the copy's lastprivate and reduction items stand for,
/// reached through pointers taken before the copy hides their names. A
/// lastprivate item gets the value of the thread that ran the sequentially
/// last iteration (o2c_lp_ran: a team of one, when any ran), a reduction's
/// partial combines into its variable (atomically: the parallel region's
/// threads, or teams' masters, may share it). Opens the block that holds
/// the pointers into Out and returns the write-back (Back) and what closes
/// the block.
std::string sharedItemsOpen(const OMPExecutableDirective &D, std::string &Out,
                            std::string &Back) {
  std::set<const VarDecl *> Seen;
  std::string Last;
  for (const auto *L : D.getClausesOfKind<OMPLastprivateClause>())
    for (const Expr *E : L->varlists())
      if (const VarDecl *VD = distributeItemVar(E); Seen.insert(VD).second) {
        std::string Name = VD->getNameAsString();
        Out += "auto *const o2c_lp_" + Name + " = &" + Name + ";\n";
        Last += "*o2c_lp_" + Name + " = " + Name + ";\n";
      }
  if (!Seen.empty()) {
    Out += "bool o2c_lp_ran = false;\n";
    Back = "if (o2c_lp_ran) {\n" + Last + "}\n";
  }
  for (const auto *R : D.getClausesOfKind<OMPReductionClause>())
    for (const Expr *E : R->varlists()) {
      std::string Name = distributeItemVar(E)->getNameAsString();
      Out += "auto *const o2c_rd_" + Name + " = &" + Name + ";\n";
      Back += "o2c_dev::atomicUpdate<" + reductionOp(*R) + ">(o2c_rd_" + Name +
              ", " + Name + ");\n";
    }
  if (Out.empty())
    return "";
  Out = "{\n" + Out;
  return "}\n";
}

/// The chunk of a `for` whose parallel region's threads share it, as the
/// region's own `for` takes a schedule (SpmdPrinter.h): schedule(static)
/// in blocks, static with a chunk in chunks, any other one by turns (the
/// assignment is the implementation's). LastOne: the loop must know its
/// last iteration (o2c_iv0, o2c_trip0), which the printer's counted forms
/// name: a chunk of 1 is the turns.
std::string threadChunk(const OMPExecutableDirective &D, ASTContext &Ctx,
                        const std::vector<TextEdit> &Edits, bool LastOne) {
  const auto *S = D.getSingleClause<OMPScheduleClause>();
  if (S && S->getScheduleKind() == OMPC_SCHEDULE_static) {
    if (const Expr *C = S->getChunkSize())
      return chunkText(userExpr(C), Ctx, &Edits);
    return staticBlocks();
  }
  return LastOne ? "1" : "";
}

/// Whether an item of D is both firstprivate and lastprivate: a thread
/// that writes it back must wait for every thread's initial copy.
bool firstAndLast(const OMPExecutableDirective &D) {
  std::set<const VarDecl *> First;
  for (const auto *F : D.getClausesOfKind<OMPFirstprivateClause>())
    for (const Expr *E : F->varlists())
      First.insert(distributeItemVar(E));
  for (const auto *L : D.getClausesOfKind<OMPLastprivateClause>())
    for (const Expr *E : L->varlists())
      if (First.count(distributeItemVar(E)))
        return true;
  return false;
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
    return chunkText(userExpr(C), Ctx, &Edits);
  return staticBlocks();
}

} // namespace

void orphanedLoopEdits(const OMPExecutableDirective &D, ASTContext &Ctx,
                       std::vector<TextEdit> &Edits,
                       const std::string &FileName, bool LineDirectives,
                       bool InParallel) {
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
  bool Shared = !Distribute && InParallel;
  std::string Copy =
      Distribute
          ? "\n} else { // omp2cuda: the device's copy: the calling team's "
            "share\n"
      : Shared
          ? "\n} else { // omp2cuda: the device's copy: the threads of the "
            "calling parallel region, the kernel's block, share it\n"
          : "\n} else { // omp2cuda: the device's copy: a team of one, the "
            "calling thread, runs every iteration\n";
  std::string Pointers, Back;
  std::string Close = sharedItemsOpen(D, Pointers, Back);
  bool Last = !D.getClausesOfKind<OMPLastprivateClause>().empty();
  Copy += Pointers;
  Close = spmdDataOpen(Copy, copyData(D, Ctx)) + Close;
  std::string LoopClose;
  if (Distribute)
    LoopClose =
        spmdLoopOpen(Copy, Levels, 0, "o2c_dev::omp_get_team_num()",
                     "o2c_dev::omp_get_num_teams()", teamChunk(D, Ctx, Edits));
  else if (Shared) {
    if (firstAndLast(D))
      Copy += "o2c_dev::blockBarrier(); // every thread's firstprivate copy "
              "is made\n";
    Copy += "const int o2c_thr = o2c_dev::omp_get_thread_num(), o2c_nthr = "
            "o2c_dev::omp_get_num_threads();\n";
    LoopClose = spmdLoopOpen(Copy, Levels, 0, "o2c_thr", "o2c_nthr",
                             threadChunk(D, Ctx, Edits, Last));
  } else
    LoopClose = spmdLoopOpen(Copy, Levels, 0, "0", "1");
  if (Last)
    Copy += Shared ? "o2c_lp_ran = o2c_iv0 + 1 == o2c_trip0;\n"
                   : "o2c_lp_ran = true;\n";
  Copy += lineMarker({FileName, lineOf(Ctx, BodyBegin), 0}, LineDirectives);
  // The loop's closing barrier: the block's threads, when they share it.
  std::string Barrier =
      Shared && !D.getSingleClause<OMPNowaitClause>()
          ? "o2c_dev::blockBarrier(); // the loop's closing barrier\n"
          : "";
  Copy += BodyText + "\n" + generatedMarker(LineDirectives) + LoopClose + Back +
          Close + Barrier + "}\n" +
          lineMarker({FileName, lineOf(Ctx, End), 0}, LineDirectives);
  Edits.push_back(
      {Begin, 0,
       "if (o2c_dev::omp_is_initial_device()) { // omp2cuda: the "
       "host's loop, as written\n" +
           lineMarker({FileName, lineOf(Ctx, Begin), 0}, LineDirectives)});
  Edits.push_back({End, 0, std::move(Copy)});
}

} // namespace omp2cuda
