// The team master's answers to the thread-level OpenMP routines. In
// team-master code (outside the parallel constructs of a region with nested
// constructs) the encountering thread is thread 0 of a team of one at level
// 0, whatever the CUDA block is: o2c_dev::omp_get_num_threads() would
// answer blockDim.x there, in the SPMD form on every thread, in the control
// loop on thread 0. The calls are respelled o2c_dev::master::NAME, whose
// answers are those constants; a routine reached through a function is
// refused by the rules (SpmdClassify.cpp, ControlTree.cpp).
#include "analysis/DirectiveTree.h"
#include "edits/SourceText.h"

#include "clang/AST/StmtOpenMP.h"

#include <set>

using namespace clang;

namespace omp2cuda {

namespace {

struct MasterCalls {
  ASTContext &Ctx;
  const std::set<const Stmt *> &Parallel; // constructs whose code is not ours
  std::vector<TextEdit> &Edits;
  Verdict V;
  SourceLocation At;

  void respell(const CallExpr &CE, const FunctionDecl &FD) {
    const SourceManager &SM = Ctx.getSourceManager();
    const Expr *Callee = CE.getCallee()->IgnoreParenImpCasts();
    unsigned B, E;
    if (fileOffsets(SM, Ctx.getLangOpts(), Callee->getSourceRange(), B, E))
      for (TextEdit &T : Edits)
        if (T.Offset == B && T.Length == E - B) {
          T.Text = "o2c_dev::master::" + FD.getNameAsString();
          return;
        }
    V = Verdict::no(DiagId::HostGeneral,
                    "team-master code calls '" + FD.getNameAsString() +
                        "' in a macro's text, where the translator cannot "
                        "spell the team master's answer");
    At = CE.getBeginLoc();
  }

  void walk(const Stmt *S) {
    if (!S || !V.Ok || Parallel.count(S))
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *FD = CE->getDirectCallee();
          FD && isMasterAnswered(FD->getName()))
        respell(*CE, *FD);
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      // Its children are the captures' initialisers; the code is inside.
      if (D->hasAssociatedStmt())
        walk(D->getAssociatedStmt());
      return;
    }
    if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
      walk(CS->getCapturedStmt());
      return;
    }
    for (const Stmt *C : S->children())
      walk(C);
  }
};

} // namespace

Verdict masterApiEdits(const DirectiveTree &T, const Stmt *Body,
                       ASTContext &Ctx, std::vector<TextEdit> &Edits,
                       SourceLocation &At) {
  if (T.Nodes.empty() || T.Nodes[0].Kind == DirKind::Parallel)
    return {}; // a parallel root: no team-master code
  std::set<const Stmt *> Parallel;
  for (const DirNode &N : T.Nodes)
    if (N.D && (N.Kind == DirKind::Parallel || N.Kind == DirKind::GridLoop))
      Parallel.insert(N.D);
  MasterCalls W{Ctx, Parallel, Edits, {}, {}};
  W.walk(Body);
  At = W.At;
  return W.V;
}

} // namespace omp2cuda
