// The directive tree's view of a nested construct's clauses (its private,
// firstprivate and reduction copies, collapse, nowait, ordered), and of the
// parallel regions smaller than the block: which clause values every thread
// can evaluate, and what such a team may synchronise.
#include "analysis/Transparent.h"
#include "analysis/TreeBuilder.h"

#include "edits/SourceText.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"

#include <algorithm>
#include <optional>

using namespace clang;

namespace omp2cuda {
namespace {

/// Re-spells in a C file's clause texts the variables named by a C++-only
/// keyword, as the whole file is (`new` becomes `new_`, CCompat.cpp): the
/// kernel evaluates a nested construct's chunk, num_threads and if from
/// their text (task b19: `schedule(static, new + class)` gave nvcc
/// "expected a type specifier").
struct KeywordNames : RecursiveASTVisitor<KeywordNames> {
  const ASTContext &Ctx;
  std::vector<TextEdit> Edits;
  explicit KeywordNames(const ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    unsigned B, End;
    if (VD && isCxxOnlyKeyword(VD->getName()) &&
        fileOffsets(Ctx.getSourceManager(), Ctx.getLangOpts(),
                    E->getSourceRange(), B, End))
      Edits.push_back({B, End - B, VD->getName().str() + "_"});
    return true;
  }
};

std::vector<TextEdit> keywordEdits(const OMPExecutableDirective &D,
                                   const ASTContext &Ctx) {
  KeywordNames K(Ctx);
  if (Ctx.getLangOpts().CPlusPlus)
    return {};
  for (const OMPClause *C : D.clauses()) {
    if (!C)
      continue;
    for (const Stmt *Ch : const_cast<OMPClause *>(C)->children())
      K.TraverseStmt(const_cast<Stmt *>(Ch));
    // A clause expression clang captured: its initialiser, the user's text.
    if (const OMPClauseWithPreInit *P = OMPClauseWithPreInit::get(C))
      K.TraverseStmt(const_cast<Stmt *>(P->getPreInitStmt()));
  }
  // Duplicates (a clause expression and its pre-init copy) would clash.
  std::sort(
      K.Edits.begin(), K.Edits.end(),
      [](const TextEdit &A, const TextEdit &B) { return A.Offset < B.Offset; });
  K.Edits.erase(std::unique(K.Edits.begin(), K.Edits.end(),
                            [](const TextEdit &A, const TextEdit &B) {
                              return A.Offset == B.Offset;
                            }),
                K.Edits.end());
  return K.Edits;
}

} // namespace

bool TreeBuilder::clauses(const OMPExecutableDirective &D, DirNode &N) {
  ClauseInfo NCI;
  if (Verdict V = readClauses(D, NCI, Ctx, keywordEdits(D, Ctx)); !V.Ok)
    return no(V, V.Where.isValid() ? V.Where : D.getBeginLoc());
  // A block of num_threads(n) threads (BlockThreads): the clause asks for
  // the whole block, which every parallel construct of the region is.
  // (parallel master keeps its team: one thread runs its body).
  if (BlockThreads && isOpenMPParallelDirective(D.getDirectiveKind()) &&
      !isParallelMaster(D.getDirectiveKind()))
    NCI.ThreadLimit.clear();
  if (Verdict V = nestedClauseRule(D, NCI); !V.Ok)
    return no(V, D.getBeginLoc());
  N.Collapse = NCI.Collapse;
  N.NoWait = NCI.NoWait;
  N.Ordered = NCI.Ordered;
  // schedule(static) or dist_schedule(static) without a chunk: one block per
  // thread (team), which a program may observe. A distribute parallel for
  // deals the team's block to its threads in blocks too.
  N.Blocks = NCI.StaticBlocksAt.isValid();
  if (N.Blocks && !NCI.ScheduleChunk.empty())
    return no(Verdict::no(DiagId::HostClause,
                          "schedule(static, 1) inside dist_schedule(static)'s "
                          "blocks on the nested " +
                              constructName(D) + " is not supported yet"),
              NCI.StaticBlocksAt);
  if (!chunk(D, NCI, N))
    return false;
  if (NCI.Doacross) {
    SourceLocation At;
    if (Verdict V = doacrossRule(D, NCI.Doacross, NCI.Collapse, At); !V.Ok)
      return no(V, At);
  }
  if (isRestrictable(D.getDirectiveKind()) && !restrictedTeam(D, N, NCI))
    return false;
  for (const ValueDecl *VD : NCI.Private)
    if (const auto *V = dyn_cast<VarDecl>(VD))
      N.Privates.push_back(V);
  for (const ValueDecl *VD : NCI.FirstPrivate)
    if (const auto *V = dyn_cast<VarDecl>(VD))
      N.FirstPrivates.push_back(V);
  for (const auto &[VD, Op] : NCI.Reductions)
    if (const auto *V = dyn_cast<VarDecl>(VD))
      N.Reductions.push_back({V, Op});
  return clauseCopies(D, N);
}

bool TreeBuilder::chunk(const OMPExecutableDirective &D, const ClauseInfo &NCI,
                        DirNode &N) {
  // A chunk of 1 is the threads' (teams') stride the loops take anyway.
  const Expr *E = nullptr;
  if (N.Kind == DirKind::ThreadLoop && NCI.ScheduleChunk != "1")
    if (const auto *S = D.getSingleClause<OMPScheduleClause>())
      E = S->getChunkSize();
  if (N.Kind == DirKind::TeamLoop && NCI.DistChunk != "1")
    if (const auto *DS = D.getSingleClause<OMPDistScheduleClause>())
      E = DS->getChunkSize();
  if (!E)
    return true;
  E = userExpr(E);
  const char *Clause =
      N.Kind == DirKind::TeamLoop ? "dist_schedule" : "schedule";
  // Ranks counted by the stride of one (orderedOpen) would not follow the
  // chunks.
  if (N.Ordered)
    return no(Verdict::no(DiagId::HostClause,
                          "the 'ordered' clause with a schedule chunk on the "
                          "nested " +
                              constructName(D) + " is not supported yet"),
              E->getBeginLoc());
  // Every thread of the kernel evaluates the chunk where the loop starts.
  if (const DeclRefExpr *Bad = nonUniform(E))
    return no(Verdict::no(DiagId::HostClause,
                          std::string("the chunk size of ") + Clause +
                              " on the nested " + constructName(D) +
                              " reads '" + Bad->getDecl()->getNameAsString() +
                              "', which the kernel's threads cannot all read "
                              "there yet"),
              Bad->getBeginLoc());
  if (const Expr *Bad =
          E->isIntegerConstantExpr(Ctx) ? nullptr : notInKernel(E))
    return no(Verdict::no(DiagId::HostClause,
                          std::string("the chunk size of ") + Clause +
                              " on the nested " + constructName(D) +
                              " calls a function, which the kernel does "
                              "not compile for the device there"),
              Bad->getBeginLoc());
  N.Chunk = N.Kind == DirKind::TeamLoop ? NCI.DistChunk : NCI.ScheduleChunk;
  return true;
}

const Expr *TreeBuilder::notInKernel(const Expr *E) const {
  if (!E)
    return nullptr;
  if (isa<CallExpr>(E))
    return E;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (const Expr *Bad = notInKernel(CE))
        return Bad;
  return nullptr;
}

bool TreeBuilder::restrictedTeam(const OMPExecutableDirective &D, DirNode &N,
                                 const ClauseInfo &NCI) {
  N.NumThreads = NCI.ThreadLimit;
  N.IfCond = !NCI.IfCond.empty() ? NCI.IfCond : NCI.ParallelIf;
  N.MasterOnly = isParallelMaster(D.getDirectiveKind());
  for (const Expr *E : NCI.ClauseExprs)
    if (const DeclRefExpr *Bad = nonUniform(E))
      return no(Verdict::no(DiagId::HostClause,
                            "num_threads or if on the nested " +
                                constructName(D) + " reads '" +
                                Bad->getDecl()->getNameAsString() +
                                "', which the kernel's threads cannot "
                                "all read there yet"),
                Bad->getBeginLoc());
  return true;
}

bool TreeBuilder::clauseCopies(const OMPExecutableDirective &D, DirNode &N) {
  // The clauses' copies are declared afresh from the thread's own copy of
  // the team's variable; a variable in shared memory has none.
  auto Own = [&](const VarDecl *V, const char *Clause) {
    // In the control loop a promoted team variable is the team master's
    // one copy, from which each thread's copy is initialised.
    if ((ownCopy(V, Vars, Ctx.getSourceManager()) ||
         (Control && Vars.Promoted.count(V))) &&
        !V->getType()->isArrayType())
      return true;
    return no(Verdict::no(DiagId::HostClause,
                          std::string(Clause) + "('" + V->getNameAsString() +
                              "') on a nested construct over a mapped or "
                              "shared variable is not supported yet"),
              D.getBeginLoc());
  };
  for (const VarDecl *V : N.Privates)
    if (!Own(V, "private"))
      return false;
  for (const VarDecl *V : N.FirstPrivates)
    if (!Own(V, "firstprivate"))
      return false;
  for (const auto &R : N.Reductions) {
    if (R.first->getType()->isArrayType())
      return no(Verdict::no(DiagId::HostClause,
                            "reduction('" + R.first->getNameAsString() +
                                "') over an array on a nested construct is "
                                "not supported yet"),
                D.getBeginLoc());
    if (!ownCopy(R.first, Vars, Ctx.getSourceManager())) {
      N.SharedReductions.insert(R.first);
      if ((!Vars.Region ||
           !SourceRange(Vars.Region->getBeginLoc(), stmtEndLoc(Vars.Region))
                .fullyContains(R.first->getSourceRange())) &&
          !Vars.Promoted.count(R.first))
        N.MappedReductions.insert(R.first);
    }
    if (!isAtomicNumber(R.first->getType(), Ctx))
      return no(Verdict::no(DiagId::HostType,
                            "the reduction variable '" +
                                R.first->getNameAsString() +
                                "' is not an integer of 1 to 8 bytes or a "
                                "float or double"),
                D.getBeginLoc());
  }
  return true;
}

const DeclRefExpr *TreeBuilder::nonUniform(const Stmt *E) const {
  if (!E)
    return nullptr;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl())) {
      const SourceManager &SM = Ctx.getSourceManager();
      bool Const = VD->getType().isConstQualified() &&
                   VD->getType()->isIntegralOrEnumerationType() &&
                   VD->hasInit() && VD->getInit()->isIntegerConstantExpr(Ctx);
      if (!Const &&
          (!ownCopy(VD, Vars, SM) || (Control && regionLocal(VD, Vars, SM))))
        return DR;
    }
  for (const Stmt *C : E->children())
    if (const DeclRefExpr *DR = nonUniform(C))
      return DR;
  return nullptr;
}

std::string TreeBuilder::constructName(const OMPExecutableDirective &D) {
  return "'" + llvm::omp::getOpenMPDirectiveName(D.getDirectiveKind()).str() +
         "'";
}

bool TreeBuilder::warpTeam(const DirNode &N) const {
  const auto *NT = N.D->getSingleClause<OMPNumThreadsClause>();
  if (!NT || !N.IfCond.empty() || N.MasterOnly)
    return false;
  std::optional<llvm::APSInt> V =
      NT->getNumThreads()->getIntegerConstantExpr(Ctx);
  return V && V->isStrictlyPositive() && V->getExtValue() % 32 == 0;
}

bool TreeBuilder::unsynchronised(unsigned I, size_t FirstUse) {
  const DirNode &N = T.Nodes[I];
  if (!N.restricted())
    return true;
  auto Refuse = [&](const std::string &What, SourceLocation At) {
    return no(Verdict::no(DiagId::HostGeneral,
                          What + " inside a nested " + constructName(*N.D) +
                              " with num_threads, if or master (a team "
                              "smaller than the block) is not supported "
                              "yet"),
              At);
  };
  // A team of whole warps can wait alone: a named barrier of its threads
  // (o2c_dev::teamSync), for its barriers and worksharing loops.
  for (unsigned C : N.Children) {
    const DirNode &X = T.Nodes[C];
    bool Named =
        warpTeam(N) &&
        (X.Kind == DirKind::Barrier ||
         (X.Kind == DirKind::ThreadLoop && X.Reductions.empty() && !X.Ordered));
    if (!Named)
      return Refuse(constructName(*X.D), X.D->getBeginLoc());
  }
  if (!N.Reductions.empty())
    return Refuse("a reduction", N.D->getBeginLoc());
  for (size_t U = FirstUse; U < T.Transparent.size(); ++U) {
    const OMPExecutableDirective *X = T.Transparent[U].D;
    if (isa<OMPSingleDirective>(X) ||
        (isa<OMPScopeDirective>(X) && !X->getSingleClause<OMPNowaitClause>()))
      return Refuse(constructName(*X), X->getBeginLoc());
  }
  return true;
}

} // namespace omp2cuda
