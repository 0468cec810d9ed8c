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
#include "analysis/Transparent.h"
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
  const std::set<const Stmt *> &Serialised; // nested, run by one thread
  std::vector<TextEdit> &Edits;
  Verdict V;
  SourceLocation At;

  bool no(const std::string &Why, SourceLocation L) {
    V = Verdict::no(DiagId::HostGeneral, Why);
    At = L;
    return false;
  }

  void respell(const CallExpr &CE, const FunctionDecl &FD, Level L,
               unsigned Serial = 0) {
    const SourceManager &SM = Ctx.getSourceManager();
    const Expr *Callee = CE.getCallee()->IgnoreParenImpCasts();
    std::string Name = FD.getNameAsString();
    std::string Prefix =
        Serial ? "o2c_dev::serial<" + std::to_string(1 + Serial) + ">::"
        : L == Level::Master ? "o2c_dev::master::"
                             : "o2c_team.";
    unsigned B, E;
    if (fileOffsets(SM, Ctx.getLangOpts(), Callee->getSourceRange(), B, E))
      for (TextEdit &T : Edits)
        if (T.Offset == B && T.Length == E - B) {
          T.Text = Prefix + Name;
          return;
        }
    no((Serial               ? "a nested parallel region run by one thread"
        : L == Level::Master ? "team-master code"
                             : "a nested parallel region "
                               "of fewer threads than the "
                               "block") +
           std::string(" calls '") + Name + "'" +
           (Callee->getBeginLoc().isMacroID() ? " in a macro's text" : "") +
           ", where the translator cannot spell its answer there",
       CE.getBeginLoc());
  }

  /// Inside Serial serialised regions (parallel code's level is 1): the
  /// thread numbers and the level are the team of one's, the active level
  /// the enclosing team's; a function cannot be told them.
  void serialCall(const CallExpr &CE, const FunctionDecl &FD, Level L,
                  unsigned Serial) {
    llvm::StringRef N = FD.getName();
    if (N == "omp_get_thread_num" || N == "omp_get_num_threads" ||
        N == "omp_get_level")
      return respell(CE, FD, L, Serial);
    if (N == "omp_in_parallel" || N == "omp_get_active_level")
      return L == Level::SmallTeam ? respell(CE, FD, L) : void();
    std::string Api = threadApiReachedBy(&FD);
    if (!Api.empty())
      no("a nested parallel region run by one thread calls '" +
             FD.getNameAsString() + "'" +
             (Api == N ? "" : ", which calls '" + Api + "'") +
             ": its answer there is not supported yet",
         CE.getBeginLoc());
  }

  void call(const CallExpr &CE, Level L, unsigned Serial) {
    const FunctionDecl *FD = CE.getDirectCallee();
    if (FD && Serial)
      return serialCall(CE, *FD, L, Serial);
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

  void walk(const Stmt *S, Level L, unsigned Serial) {
    if (!S || !V.Ok)
      return;
    if (Parallel.count(S))
      L = Small.count(S) ? Level::SmallTeam : Level::Block;
    if (Serialised.count(S))
      ++Serial;
    if (const auto *CE = dyn_cast<CallExpr>(S))
      call(*CE, L, Serial);
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      // Its children are the captures' initialisers; the code is inside.
      if (D->hasAssociatedStmt())
        walk(D->getAssociatedStmt(), L, Serial);
      return;
    }
    if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
      walk(CS->getCapturedStmt(), L, Serial);
      return;
    }
    for (const Stmt *C : S->children())
      walk(C, L, Serial);
  }
};

} // namespace

namespace {

std::set<const Stmt *> serialised(const std::vector<TransparentUse> &Uses) {
  std::set<const Stmt *> Out;
  for (const TransparentUse &U : Uses)
    if (U.Serial && isSerialisable(*U.D))
      Out.insert(U.D);
  return Out;
}

} // namespace

Verdict masterApiEdits(const DirectiveTree &T, const Stmt *Body,
                       ASTContext &Ctx, std::vector<TextEdit> &Edits,
                       SourceLocation &At) {
  std::set<const Stmt *> Parallel, Small,
      Serialised = serialised(T.Transparent);
  // A parallel root has no team-master code: only its serialised regions'
  // calls change.
  if (T.Nodes.empty() ||
      (T.Nodes[0].Kind == DirKind::Parallel && Serialised.empty()))
    return {};
  for (const DirNode &N : T.Nodes)
    if (N.D && (N.Kind == DirKind::Parallel || N.Kind == DirKind::GridLoop)) {
      Parallel.insert(N.D);
      if (N.restricted())
        Small.insert(N.D);
    }
  MasterCalls W{Ctx, Parallel, Small, Serialised, Edits, {}, {}};
  W.walk(Body,
         T.Nodes[0].Kind == DirKind::Parallel ? Level::Block : Level::Master,
         0);
  At = W.At;
  return W.V;
}

Verdict serialApiEdits(const std::vector<TransparentUse> &Uses,
                       const Stmt *Body, ASTContext &Ctx,
                       std::vector<TextEdit> &Edits, SourceLocation &At) {
  std::set<const Stmt *> None, Serialised = serialised(Uses);
  if (Serialised.empty())
    return {};
  MasterCalls W{Ctx, None, None, Serialised, Edits, {}, {}};
  W.walk(Body, Level::Block, 0);
  At = W.At;
  return W.V;
}

} // namespace omp2cuda
