// What lets a program tell how many teams ran its combined loop (issue 11
// point 2, --full-grid). With num_teams(n) the stub launches n teams, each
// thread striding over the iterations; --full-grid launches a thread per
// iteration instead, which is sound only where no conforming program can
// tell the two apart:
//  - the OpenMP API answers differently (omp_get_team_num, ...; any omp_
//    call, in the region or in a function it calls, counts);
//  - a variable each thread keeps by value (firstprivate) carries what one
//    iteration wrote into the thread's next iteration;
//  - a reduction whose combination order shows in its result (anything but
//    an integer: a floating-point sum depends on how iterations are split).
// Which thread runs which iteration is the implementation's choice either
// way, so nothing else in a loop with no nested directives depends on it.
#include "analysis/RegionSteps.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"

#include <set>

using namespace clang;

namespace omp2cuda {

namespace {

/// The reference to the variable that E designates as a whole or in part
/// (x, x[i][j], x.f), if any; none through a pointer (p[i], p->f).
const DeclRefExpr *wholeOrPart(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      E = AS->getBase()->IgnoreParenImpCasts();
      if (!E->getType()->isArrayType())
        return nullptr;
    } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase();
    } else {
      return dyn_cast<DeclRefExpr>(E);
    }
  }
}

/// Finds OpenMP API calls (following calls into the functions they reach)
/// and references to the by-value variables other than reads.
struct Observer : RecursiveASTVisitor<Observer> {
  const std::set<std::string> &ByValue;
  std::string Why;
  std::set<const FunctionDecl *> Seen;
  std::set<const DeclRefExpr *> Reads;

  explicit Observer(const std::set<std::string> &ByValue) : ByValue(ByValue) {}

  // Pre-order: a read's cast is visited before the reference it reads.
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue)
      if (const DeclRefExpr *DR = wholeOrPart(C->getSubExpr()))
        Reads.insert(DR);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    if (!VD || Reads.count(E) || !ByValue.count(VD->getNameAsString()) ||
        VD->getType().isConstQualified())
      return true;
    Why = "it may assign '" + VD->getNameAsString() +
          "', which each thread keeps from one of its iterations to the next";
    return false;
  }
  bool VisitCallExpr(CallExpr *C) { return callee(C->getDirectCallee()); }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    return callee(C->getConstructor());
  }

  bool callee(const FunctionDecl *FD) {
    if (!FD)
      return true;
    std::string Name = FD->getNameAsString();
    if (llvm::StringRef(Name).starts_with("omp_")) {
      Why = "it calls '" + Name + "'";
      return false;
    }
    const FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) || !Seen.insert(Def).second)
      return true;
    // A callee's own variables are no by-value copies of the region's.
    static const std::set<std::string> None;
    Observer Inner(None);
    Inner.Seen = std::move(Seen);
    Inner.TraverseDecl(const_cast<FunctionDecl *>(Def));
    Seen = std::move(Inner.Seen);
    Why = Inner.Why;
    return Why.empty();
  }
};

} // namespace

std::string iterationObserver(const RegionShape &Shape, const Region &R) {
  if (!Shape.Inner)
    return "";
  std::set<std::string> ByValue;
  for (const Capture &C : R.Captures)
    if (C.InBody &&
        (C.How == Passing::Value || C.How == Passing::DevicePointer)) {
      if (C.IsMember)
        return "it uses the member '" + C.Name + "' by value";
      ByValue.insert(C.Name);
    }
  Observer O(ByValue);
  O.TraverseStmt(const_cast<Stmt *>(Shape.Inner));
  return O.Why;
}

Verdict staticBlocks(const RegionNest &Nest, const RegionShape &Shape,
                     Region &R) {
  const ClauseInfo &CI = Nest.CI;
  // dist_schedule(static, C) on distribute parallel for: the grid-stride
  // kernel gives each team a block's worth of threads' iterations at a time
  // instead of chunks of C.
  // A chunk of exactly the block's threads (the same literal as
  // thread_limit, which the stub launches as written up to 1024) is what
  // it deals, each thread one iteration of it (OpenMP_VV's
  // dist_schedule(static, 4) thread_limit(4)).
  // Only where the launch is that block for sure: a literal num_teams
  // whose grid cappedShape (launch.h) leaves whole (at most 2^31 threads),
  // and each thread one iteration of the team's chunk (no schedule chunk
  // above 1: chunks of 2 would be dealt over the whole grid; review rSV).
  const OMPDistScheduleClause *DistChunks = nullptr;
  unsigned Limit = 0;
  unsigned long long Teams = 0;
  bool ChunkIsBlock =
      CI.DistChunk == R.ThreadLimit &&
      !llvm::StringRef(R.ThreadLimit).getAsInteger(10, Limit) && Limit >= 1 &&
      Limit <= 1024 && !llvm::StringRef(CI.NumTeams).getAsInteger(10, Teams) &&
      Teams >= 1 && Teams * Limit <= (1ull << 31) &&
      (R.ScheduleChunk.empty() || R.ScheduleChunk == "1");
  if (Nest.W.Distribute && Nest.W.Parallel && !CI.DistChunk.empty())
    for (const OMPExecutableDirective *D : Nest.Chain)
      if (const auto *DS = D->getSingleClause<OMPDistScheduleClause>())
        DistChunks = DS;
  if (R.Class != RegionClass::Combined || (DistChunks && ChunkIsBlock) ||
      (!CI.StaticBlocksAt.isValid() && !DistChunks))
    return {};
  // Where nothing can tell, the grid-stride kernel's round-robin is as good
  // a division as any, and cheaper.
  std::string Why = iterationObserver(Shape, R);
  if (Why.empty())
    return {};
  auto No = [&](const std::string &What) {
    Verdict V = Verdict::no(DiagId::HostClause,
                            What +
                                " is not supported yet, and the region "
                                "can tell who ran an iteration: " +
                                Why);
    V.Where = CI.StaticBlocksAt;
    return V;
  };
  if (DistChunks && !CI.StaticBlocksAt.isValid()) {
    Verdict V = No("dist_schedule(static) with a chunk on a distribute "
                   "parallel for");
    V.Where = DistChunks->getBeginLoc();
    return V;
  }
  // The teams' chunks (dist_schedule(static, C)), or chunks of C > 1 inside
  // a team's block, would be chunks of the blocks.
  if (DistChunks)
    return No("a static schedule without a chunk inside dist_schedule's "
              "chunks");
  if (!R.ScheduleChunk.empty() && R.ScheduleChunk != "1")
    return No("a schedule chunk other than 1 inside dist_schedule(static)'s "
              "blocks");
  // Each team one block (the distribute's default schedule is the
  // implementation's: blocks, as the host's), then each of its threads one
  // of the team's, or in turn with schedule(static, 1).
  R.TeamBlocks = !R.SingleTeam;
  R.ThreadBlocks = R.ScheduleChunk.empty();
  return {};
}

std::string gridObserver(const RegionNest &Nest, const RegionShape &Shape,
                         const Region &R, ASTContext &Ctx) {
  if (R.Class != RegionClass::Combined || R.NumTeams.empty() || !Shape.Inner)
    return "";
  for (const OMPExecutableDirective *D : Nest.Chain)
    for (const auto *C : D->getClausesOfKind<OMPReductionClause>())
      for (const Expr *E : C->varlists()) {
        QualType T = Ctx.getBaseElementType(E->getType().getNonReferenceType());
        if (!T->isIntegralOrEnumerationType())
          return "its reduction of a '" + T.getAsString() +
                 "' depends on how the iterations are split";
      }
  return iterationObserver(Shape, R);
}

} // namespace omp2cuda
