// The team master's answers to the thread-level OpenMP routines. In
// team-master code (outside the parallel constructs of a region with nested
// constructs) the encountering thread is thread 0 of a team of one at level
// 0, whatever the CUDA block is: o2c_dev::omp_get_num_threads() would
// answer blockDim.x there, in the SPMD form on every thread, in the control
// loop on thread 0. The calls are respelled o2c_dev::master::NAME, whose
// answers are those constants; a routine reached through a function is
// refused by the rules (SpmdClassify.cpp, ControlTree.cpp). Likewise in a
// nested parallel region of fewer threads than the block (num_threads, if,
// parallel master), whose answers are its team's (o2c_team.NAME).
#include "analysis/DirectiveTree.h"
#include "edits/SourceText.h"

#include "clang/AST/StmtOpenMP.h"

#include <set>

using namespace clang;

namespace omp2cuda {

namespace {

/// Where a call stands: team-master code, a parallel region of the whole
/// block, or one of fewer threads (DirNode::restricted).
enum class Level { Master, Block, SmallTeam };

struct MasterCalls {
  ASTContext &Ctx;
  const std::set<const Stmt *> &Parallel; // parallel constructs
  const std::set<const Stmt *> &Small;    // those of a smaller team
  std::vector<TextEdit> &Edits;
  Verdict V;
  SourceLocation At;

  bool no(const std::string &Why, SourceLocation L) {
    V = Verdict::no(DiagId::HostGeneral, Why);
    At = L;
    return false;
  }

  void respell(const CallExpr &CE, const FunctionDecl &FD, Level L) {
    const SourceManager &SM = Ctx.getSourceManager();
    const Expr *Callee = CE.getCallee()->IgnoreParenImpCasts();
    std::string Name = FD.getNameAsString();
    unsigned B, E;
    if (fileOffsets(SM, Ctx.getLangOpts(), Callee->getSourceRange(), B, E))
      for (TextEdit &T : Edits)
        if (T.Offset == B && T.Length == E - B) {
          T.Text = (L == Level::Master ? "o2c_dev::master::" : "o2c_team.") +
                   Name;
          return;
        }
    no((L == Level::Master ? "team-master code" : "a nested parallel region "
                                                  "of fewer threads than the "
                                                  "block") +
           std::string(" calls '") + Name +
           "' in a macro's text, where the translator cannot spell its "
           "answer there",
       CE.getBeginLoc());
  }

  void call(const CallExpr &CE, Level L) {
    const FunctionDecl *FD = CE.getDirectCallee();
    if (!FD || L == Level::Block)
      return;
    llvm::StringRef N = FD->getName();
    if (L == Level::Master && isMasterAnswered(N))
      return respell(CE, *FD, L);
    // The team's thread numbers are the block's (o2c_dev::).
    if (L == Level::SmallTeam && isMasterAnswered(N) &&
        N != "omp_get_thread_num")
      return respell(CE, *FD, L);
    // The block's answers (o2c_dev::) are right for thread numbers; a
    // function compiled for the device answers for the whole block.
    if (L == Level::SmallTeam && !isThreadLevelApi(N))
      if (std::string Api = threadApiReachedBy(FD); !Api.empty())
        no("a nested parallel region of fewer threads than the block calls '" +
               FD->getNameAsString() + "', which calls '" + Api +
               "': a function cannot be given the team's answer yet",
           CE.getBeginLoc());
  }

  void walk(const Stmt *S, Level L) {
    if (!S || !V.Ok)
      return;
    if (Parallel.count(S))
      L = Small.count(S) ? Level::SmallTeam : Level::Block;
    if (const auto *CE = dyn_cast<CallExpr>(S))
      call(*CE, L);
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      // Its children are the captures' initialisers; the code is inside.
      if (D->hasAssociatedStmt())
        walk(D->getAssociatedStmt(), L);
      return;
    }
    if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
      walk(CS->getCapturedStmt(), L);
      return;
    }
    for (const Stmt *C : S->children())
      walk(C, L);
  }
};

} // namespace

Verdict masterApiEdits(const DirectiveTree &T, const Stmt *Body,
                       ASTContext &Ctx, std::vector<TextEdit> &Edits,
                       SourceLocation &At) {
  if (T.Nodes.empty() || T.Nodes[0].Kind == DirKind::Parallel)
    return {}; // a parallel root: no team-master code
  std::set<const Stmt *> Parallel, Small;
  for (const DirNode &N : T.Nodes)
    if (N.D && (N.Kind == DirKind::Parallel || N.Kind == DirKind::GridLoop)) {
      Parallel.insert(N.D);
      if (N.restricted())
        Small.insert(N.D);
    }
  MasterCalls W{Ctx, Parallel, Small, Edits, {}, {}};
  W.walk(Body, Level::Master);
  At = W.At;
  return W.V;
}

} // namespace omp2cuda
