// Builds the directive tree of a region with nested constructs: the nodes
// of its constructs and of the team-master statements thread 0 runs alone,
// each checked as it is met by the rules of SpmdClassify.cpp with the facts
// of SpmdFacts.cpp. The builder's steps (TreeBuilder.h) are in
// TreeClauses.cpp, TreeParallel.cpp and TreeTeamCode.cpp; this file holds
// the entry points and the team-local arrays that go to shared memory.
#include "analysis/DirectiveTree.h"
#include "analysis/Transparent.h"
#include "analysis/TreeBuilder.h"

#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"

using namespace clang;

namespace omp2cuda {

void TreeBuilder::sharedCandidate(const Stmt *S) {
  const auto *DS = dyn_cast<DeclStmt>(S);
  if (!DS || !DS->isSingleDecl())
    return;
  const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (VD && !VD->hasGlobalStorage() && !VD->hasInit() &&
      Ctx.getAsConstantArrayType(VD->getType()) &&
      !VD->getType()->isDependentType() && !S->getBeginLoc().isMacroID()) {
    Shared.insert(VD);
    SharedDecl[VD] = DS;
  }
}

const Expr *TreeBuilder::refTo(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return nullptr;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S);
      D && !isa<OMPAtomicDirective>(D))
    return isTransparent(*D) ? refTo(associatedBody(*D), VD) : nullptr;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == VD)
    return DR;
  for (const Stmt *C : S->children())
    if (const Expr *E = refTo(C, VD))
      return E;
  return nullptr;
}

bool TreeBuilder::sharedArrays() {
  for (const VarDecl *VD : SharedUsed) {
    for (const auto &[S, F] : T.TeamStmts)
      if (S != SharedDecl[VD])
        if (const Expr *E = refTo(S, VD))
          return no(Verdict::no(DiagId::HostGeneral,
                                "team-master code uses '" +
                                    VD->getNameAsString() +
                                    "', a team-local array its parallel "
                                    "regions share; only parallel code may "
                                    "use it in the SPMD form"),
                    E->getBeginLoc());
    T.SharedDecls.push_back(SharedDecl[VD]);
  }
  return true;
}

bool TreeBuilder::no(const Verdict &V, SourceLocation Where) {
  if (T.V.Ok) {
    T.V = V;
    T.Where = Where;
  }
  return false;
}

unsigned TreeBuilder::add(DirNode N) {
  T.Nodes.push_back(std::move(N));
  return static_cast<unsigned>(T.Nodes.size() - 1);
}

std::vector<const Stmt *> statementsOf(const Stmt *Body) {
  std::vector<const Stmt *> Out;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Out.assign(CS->body_begin(), CS->body_end());
  else if (Body)
    Out.push_back(Body);
  return Out;
}

namespace {

using RootReductionList = std::vector<std::pair<const VarDecl *, std::string>>;

/// The num_threads value every parallel construct in S asks for: a
/// constant of 1 to 1024, the same for all, with no if clause. 0: none, or
/// they differ (Mixed).
void uniformNumThreads(const Stmt *S, ASTContext &Ctx, unsigned &N,
                       bool &Mixed) {
  if (!S || Mixed)
    return;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S);
      D && isOpenMPParallelDirective(D->getDirectiveKind())) {
    const auto *NT = D->getSingleClause<OMPNumThreadsClause>();
    std::optional<llvm::APSInt> V;
    if (NT)
      V = NT->getNumThreads()->getIntegerConstantExpr(Ctx);
    if (!V || *V < 1 || *V > 1024 ||
        !D->getClausesOfKind<OMPIfClause>().empty() ||
        (N && V->getExtValue() != N)) {
      Mixed = true;
      return;
    }
    N = static_cast<unsigned>(V->getExtValue());
  }
  for (const Stmt *C : S->children())
    uniformNumThreads(C, Ctx, N, Mixed);
}

/// buildDirectiveTree, with the reductions of a parallel root: each
/// thread's partial of the team's copy (SpmdPrinter.h, dataOpen), and the
/// block size that num_threads asks for (DirectiveTree::BlockThreads).
DirectiveTree buildTree(DirKind RootKind, const Stmt *Body,
                        const TreeVars &Vars, ASTContext &Ctx, bool Teams,
                        bool Control, const RootReductionList &RootReductions,
                        unsigned BlockThreads) {
  DirectiveTree T;
  TreeBuilder B{T, Vars, Ctx, Teams, Control, {}, {}, {}, BlockThreads};
  T.BlockThreads = BlockThreads;
  DirNode Root;
  Root.Kind = RootKind == DirKind::Parallel ? DirKind::Parallel : DirKind::Team;
  Root.Body = Body;
  Root.Reductions = RootReductions;
  for (const auto &R : RootReductions)
    Root.SharedReductions.insert(R.first);
  B.add(std::move(Root));
  if (RootKind == DirKind::Parallel) {
    B.parallelCode(Body, 0, /*Worksharing=*/true);
  } else if (RootKind == DirKind::TeamLoop) {
    DirNode L;
    L.Kind = DirKind::TeamLoop;
    L.Body = Body;
    unsigned I = B.add(std::move(L));
    T.Nodes[0].Children.push_back(I);
    T.Nodes[0].Body = nullptr;
    B.teamCode(Body, I, /*InTeamLoop=*/true);
  } else {
    B.teamCode(Body, 0, /*InTeamLoop=*/false);
  }
  if (T.V.Ok && !Control)
    B.sharedArrays();
  return T;
}

} // namespace

void rootDistBlocks(DirectiveTree &T, const ClauseInfo &CI) {
  for (DirNode &N : T.Nodes)
    if (N.Kind == DirKind::TeamLoop && !N.D) {
      N.Blocks = CI.DistBlocks;
      // A chunk of 1 is the teams' stride the loop takes anyway.
      if (CI.DistChunk != "1")
        N.Chunk = CI.DistChunk;
    }
}

DirectiveTree buildDirectiveTree(DirKind RootKind, const Stmt *Body,
                                 const TreeVars &Vars, ASTContext &Ctx,
                                 bool Teams, bool Control,
                                 unsigned BlockThreads) {
  return buildTree(RootKind, Body, Vars, Ctx, Teams, Control, {}, BlockThreads);
}

unsigned blockThreads(DirKind RootKind, const Stmt *Body, const ClauseInfo &CI,
                      ASTContext &Ctx) {
  // A parallel root's block is its own team; a thread limit of the region
  // bounds the block.
  if (RootKind == DirKind::Parallel || !CI.ThreadLimit.empty())
    return 0;
  unsigned N = 0;
  bool Mixed = false;
  uniformNumThreads(Body, Ctx, N, Mixed);
  return Mixed ? 0 : N;
}

Verdict regionVars(DirKind RootKind, const Stmt *Region, const ClauseInfo &CI,
                   TreeVars &Vars) {
  auto No = [](const std::string &Why) {
    return Verdict::no(DiagId::HostClause, Why);
  };
  // A teams reduction's private copy is the team's: it goes to shared
  // memory like the team-master locals the team shares. A parallel
  // region's copies are each thread's: partials of the root node, which
  // the team combines into that shared copy (a nested reduction of the
  // same variable would not be conforming: it is private there).
  for (const auto &R : CI.Reductions)
    if (RootKind == DirKind::Parallel && !isa<VarDecl>(R.first))
      return No("a reduction of a member on a parallel region with nested "
                "constructs is not supported yet");
  if (!CI.LastPrivate.empty())
    return No("lastprivate on a region with nested constructs is not "
              "supported yet");
  // The team's private copies must be one per team, which per-thread
  // copies are only for values the threads do not write.
  for (const auto *Set : {&CI.Private, &CI.FirstPrivate})
    for (const ValueDecl *VD : *Set)
      if (VD->getType()->isArrayType() || VD->getType()->isRecordType())
        return No("a private array or aggregate of the teams on a region with "
                  "nested constructs is not supported yet");
  Vars.Region = Region;
  // A pointer mapped with a section is a device address the kernel takes
  // by value; a mapped scalar or pointer object lives in device memory.
  for (const auto &[VD, M] : CI.Maps)
    if (!M.Section)
      Vars.Mapped.insert(VD);
  auto It = CI.Defaultmap.find('s');
  Vars.ScalarsMapped = It != CI.Defaultmap.end() &&
                       It->second != "firstprivate" &&
                       It->second != "default" && It->second != "none";
  auto Agg = CI.Defaultmap.find('a');
  if (Agg != CI.Defaultmap.end() && Agg->second == "firstprivate")
    return No("defaultmap(firstprivate: aggregate) on a region with nested "
              "constructs is not supported yet");
  return {};
}

DirectiveTree spmdTree(DirKind RootKind, const Stmt *Body, const Stmt *Region,
                       const ClauseInfo &CI, ASTContext &Ctx, bool Teams) {
  TreeVars Vars;
  if (Verdict V = regionVars(RootKind, Region, CI, Vars); !V.Ok) {
    DirectiveTree T;
    T.V = V;
    return T;
  }
  if (RootKind != DirKind::Parallel)
    Vars.Promoted = promotedTeamVars(Body, Vars, Ctx);
  for (const auto &R : CI.Reductions)
    if (const auto *VD = dyn_cast<VarDecl>(R.first))
      Vars.Promoted.insert(VD);
  // The region's firstprivate scalars that parallel code writes: the
  // threads share the region's one copy.
  std::set<const VarDecl *> Used;
  referencedVars(Body, Used);
  Verdict V;
  SourceLocation At;
  std::vector<const VarDecl *> Copies =
      teamCopies(Body, Used, /*Control=*/false, RootKind == DirKind::Parallel,
                 Vars, Ctx, V, At);
  if (!V.Ok) {
    DirectiveTree T;
    T.V = V;
    T.Where = At;
    return T;
  }
  Vars.Promoted.insert(Copies.begin(), Copies.end());
  // A parallel root's reductions are its threads' partials (the control
  // loop, which has no such root, refuses them).
  RootReductionList RootReductions;
  if (RootKind == DirKind::Parallel)
    for (const auto &[VD, Op] : CI.Reductions)
      RootReductions.push_back({cast<VarDecl>(VD), Op});
  // Parallel constructs that all ask for num_threads(n): a block of n
  // threads is each of them whole (they may synchronise as any parallel
  // region).
  DirectiveTree T =
      buildTree(RootKind, Body, Vars, Ctx, Teams, /*Control=*/false,
                RootReductions, blockThreads(RootKind, Body, CI, Ctx));
  T.TeamCopies = Copies;
  rootDistBlocks(T, CI);
  return T;
}

} // namespace omp2cuda
