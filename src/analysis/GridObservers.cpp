// What lets a program tell how many teams ran its combined loop (issue 11
// point 2, --full-grid). With num_teams(n) the stub launches n teams, each
// thread striding over the iterations; --full-grid launches a thread per
// iteration instead, which is sound only where no conforming program can
// tell the two apart:
//  - the OpenMP API answers differently (omp_get_team_num, ...; any omp_
//    call, in the region or in a function it calls, counts, but the
//    queries about the device, which every thread answers alike);
//  - a variable each thread keeps by value (firstprivate) carries what one
//    iteration wrote into the thread's next iteration;
//  - a reduction whose combination order shows in its result (anything but
//    an integer: a floating-point sum depends on how iterations are split).
// Which thread runs which iteration is the implementation's choice either
// way, so nothing else in a loop with no nested directives depends on it.
#include "analysis/RegionSteps.h"
#include "analysis/VariantNames.h"

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

/// OpenMP queries about the device, which answer the same in every thread
/// of every team however the iterations are divided.
bool sameInEveryThread(llvm::StringRef Name) {
  return Name == "omp_is_initial_device" || Name == "omp_get_num_devices" ||
         Name == "omp_get_device_num" || Name == "omp_get_default_device" ||
         Name == "omp_get_initial_device";
}

/// Finds OpenMP API calls (following calls into the functions they reach)
/// and references to the by-value variables other than reads.
struct Observer : RecursiveASTVisitor<Observer> {
  const std::set<std::string> &ByValue;
  /// Whether an OpenMP API call counts (not where only the carried
  /// values matter).
  bool Api = true;
  std::string Why;
  const VarDecl *Hit = nullptr; // the by-value variable Why names
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
    Hit = VD;
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
    // The resolved variant's name too (g18's allow-list missed it).
    std::string Name = writtenName(*FD);
    if (Api && llvm::StringRef(Name).starts_with("omp_") &&
        !sameInEveryThread(Name)) {
      Why = "it calls '" + Name + "'";
      return false;
    }
    const FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) || !Seen.insert(Def).second)
      return true;
    // A callee's own variables are no by-value copies of the region's.
    static const std::set<std::string> None;
    Observer Inner(None);
    Inner.Api = Api;
    Inner.Seen = std::move(Seen);
    Inner.TraverseDecl(const_cast<FunctionDecl *>(Def));
    Seen = std::move(Inner.Seen);
    Why = Inner.Why;
    return Why.empty();
  }
};

} // namespace

namespace {

std::string observe(const RegionShape &Shape, const Region &R, bool Api) {
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
  O.Api = Api;
  O.TraverseStmt(const_cast<Stmt *>(Shape.Inner));
  return O.Why;
}

/// The by-value variables the loop may assign (any reference but a read,
/// in the loop or the functions it calls) into Resets; or why one of them
/// cannot be reset to its original value in the kernel.
std::string chunkResets(const RegionShape &Shape, const Region &R,
                        std::vector<std::string> &Resets) {
  if (!Shape.Inner)
    return "";
  for (const Capture &C : R.Captures) {
    if (!C.InBody ||
        (C.How != Passing::Value && C.How != Passing::DevicePointer))
      continue;
    // A member's uses are not followed (Captures.cpp counts any but a read
    // as a write).
    bool Carried = C.Written, Scalar = false;
    if (!C.IsMember) {
      std::set<std::string> One{C.Name};
      Observer O(One);
      O.Api = false;
      O.TraverseStmt(const_cast<Stmt *>(Shape.Inner));
      Carried = !O.Why.empty();
      // Only a scalar is sure to be assignable (not a lambda, an object
      // with a const member or its own assignment).
      Scalar = O.Hit && O.Hit->getType()->isScalarType();
    }
    if (!Carried)
      continue;
    if (C.IsMember || C.BoxedArray || !Scalar)
      return "may assign '" + C.Name +
             "', an array, object or data member it takes by value";
    Resets.push_back(C.Name);
  }
  return "";
}

} // namespace

std::string iterationObserver(const RegionShape &Shape, const Region &R) {
  return observe(Shape, R, true);
}

Verdict staticBlocks(const RegionNest &Nest, const RegionShape &Shape,
                     Region &R) {
  const ClauseInfo &CI = Nest.CI;
  // dist_schedule(static, C) on distribute parallel for: the grid-stride
  // kernel gives each team a block's worth of threads' iterations at a time
  // instead of chunks of C; where the region can tell, the block form deals
  // the chunks (TeamChunk).
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
  // schedule(static, c) without dist_schedule: gcc and clang's libomp
  // give each team one contiguous block of the loop and deal its chunks of
  // c to the team's threads, where the grid-stride kernel dealt them over
  // the whole grid (review rG finding 2: emu 00 01 02 03 10 11 ..., hosts
  // 00 00 01 01 ... 10 10 11 11 ...).
  bool TeamSchedule = Nest.W.Distribute && Nest.W.Parallel &&
                      CI.DistChunk.empty() && !CI.DistBlocks &&
                      !R.ScheduleChunk.empty();
  if (R.Class != RegionClass::Combined ||
      (!CI.StaticBlocksAt.isValid() && !DistChunks && !TeamSchedule))
    return {};
  // Each distribute chunk is a parallel region of its own on the hosts
  // (gcc, clang's libomp): its threads' firstprivate copies start again
  // from the original value, where a kernel thread's would carry over from
  // its previous chunk (gcc: prev = -1 at every chunk's start; the
  // grid-stride kernel of a thread_limit-literal chunk gave the previous
  // chunk's i). The block form resets them at each chunk.
  std::vector<std::string> Resets;
  if (DistChunks) {
    std::string Why = chunkResets(Shape, R, Resets);
    if (!Why.empty()) {
      Verdict V = Verdict::no(
          DiagId::HostClause,
          "dist_schedule(static) with a chunk on a distribute parallel for "
          "is not supported yet where the region " +
              Why + " (each chunk's threads start from its original value)");
      V.Where = DistChunks->getBeginLoc();
      return V;
    }
  }
  if (DistChunks && ChunkIsBlock && Resets.empty())
    return {};
  // Where nothing can tell, the grid-stride kernel's round-robin is as good
  // a division as any, and cheaper.
  std::string Why = iterationObserver(Shape, R);
  if (Why.empty())
    return {};
  // Each team one block (the distribute's default schedule is the
  // implementation's: blocks, as the host's), or with dist_schedule(static,
  // C) the chunks of C in turn; then each of its threads one block of the
  // team's share (of each chunk: the for divides each distribute chunk on
  // its own), or chunks of the schedule's in turn.
  if (DistChunks) {
    R.TeamChunk = CI.DistChunk;
    R.ChunkResets = std::move(Resets);
  } else
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
