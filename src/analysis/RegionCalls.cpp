// The calls a region makes (each must run on the device; OpenMP API calls
// are re-spelled) and the local types it names (which move to file scope
// with the kernel).
#include "analysis/CallChecker.h"
#include "analysis/Instantiations.h"
#include "analysis/Orphaned.h"
#include "analysis/RegionSteps.h"

using namespace clang;

namespace omp2cuda {
namespace {

/// Checks the region's calls; notes the OpenMP API calls of the loop
/// header and those no edit re-spells.
Verdict checkCalls(const RegionNest &Nest, const RegionShape &S, TUState &TU,
                   Region &R, RegionText &Text) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  const Stmt *Body = S.Body;
  std::vector<ApiCall> Calls;
  // The body of `target [teams]` is its team master's code (a worksharing
  // loop in a function it calls binds to a team of one, a distribute loop
  // to these teams).
  const NestWords &W = Nest.W;
  CallPlace Place = CallPlace::Other;
  if (!W.Distribute && !W.Loop && !W.Parallel && !W.Simd && !W.For)
    Place = W.Teams ? CallPlace::TeamMaster : CallPlace::Master;
  // The body of `target [teams] parallel` is code of a parallel region
  // whose team is the kernel's block (num_threads sizes the block; an if
  // clause may leave one thread of it), where a worksharing loop in a
  // function it calls binds to that team.
  if (W.Parallel && !W.Distribute && !W.Loop && !W.Simd && !W.For &&
      Nest.CI.IfCond.empty() && Nest.CI.ParallelIf.empty())
    Place = CallPlace::Parallel;
  // The region's own constructs' data-sharing copies (nested constructs'
  // are checked with the body).
  for (const OMPExecutableDirective *D : Nest.Chain) {
    std::set<const FunctionDecl *> Visiting;
    calls::CallChecker CC(TU, nullptr, Visiting);
    CC.Root = S.Inner;
    CC.Region = D->getSourceRange();
    if (!CC.checkClauseCopies(*D))
      return placed(fromRegionAt(CC.Result, R.Loc.Line), CC.Result.Where);
  }
  if (Verdict V = checkDeviceCalls(S.Inner, TU, Text.BodyEdits, &Calls,
                                   R.SingleThread, Place);
      !V.Ok)
    return placed(fromRegionAt(V, R.Loc.Line), V.Where);
  for (const ApiCall &AC : Calls) {
    bool InHeader = (R.Class == RegionClass::Combined || S.SpmdLoop) && Body &&
                    !SM.isPointWithin(SM.getExpansionLoc(AC.Loc),
                                      SM.getExpansionLoc(Body->getBeginLoc()),
                                      SM.getExpansionLoc(Body->getEndLoc()));
    R.TripOnDevice = R.TripOnDevice || InHeader;
    // The header is evaluated before the parallel level starts (one
    // thread, level 0), where every kernel thread would give its own
    // answer.
    if (InHeader && Nest.W.Parallel && isMasterAnswered(AC.Name))
      return Verdict::no(DiagId::HostCall,
                         "the loop bounds call '" + AC.Name +
                             "', which the kernel's threads would answer "
                             "each for itself inside the parallel level");
    if (InHeader)
      Text.HeaderApi.insert(AC.Name);
    else if (!AC.Edited)
      Text.UneditedApi.insert(AC.Name);
  }
  return {};
}

/// Where an instantiation of the template region Inner computes a long
/// double (`T r = x / 3` with T = long double), which the pattern's check
/// cannot see: device code takes it as a double (nvcc #20208-D; review rC
/// of c20: emu 0.333333333333333333342, a GPU the double's digits).
SourceLocation longDoubleInInstantiation(const Stmt *Inner, ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    SourceLocation At;
    bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
      return true; // sizeof(T): nothing computed
    }
    bool VisitExpr(Expr *E) {
      QualType T = E->getType();
      if (T.isNull() || T->isDependentType())
        return true;
      T = E->getType()->getPointeeOrArrayElementType()->getCanonicalTypeInternal();
      if (const auto *CT = T->getAs<ComplexType>())
        T = CT->getElementType();
      if (T->isSpecificBuiltinType(BuiltinType::LongDouble))
        At = E->getBeginLoc();
      return At.isInvalid();
    }
  };
  for (const Stmt *Copy : instantiatedCopies(Inner, Ctx)) {
    Finder F;
    F.TraverseStmt(const_cast<Stmt *>(Copy));
    if (F.At.isValid())
      return Ctx.getSourceManager().getExpansionLoc(F.At);
  }
  return {};
}

} // namespace

Verdict checkRegionCalls(const RegionCandidate &C, const RegionNest &Nest,
                         const RegionShape &S, TUState &TU, Region &R,
                         RegionText &Text) {
  Text.BoundEdits = TU.FileEdits;
  Text.Respell.RenameCxxKeywords = !TU.Ctx.getLangOpts().CPlusPlus;
  if (!S.Inner || isDataRegion(R))
    return {};
  if (Verdict V = checkCalls(Nest, S, TU, R, Text); !V.Ok)
    return V;
  if (SourceLocation L = longDoubleInInstantiation(S.Inner, TU.Ctx);
      L.isValid()) {
    Verdict V = Verdict::no(DiagId::HostType,
                            "an instantiation of the template computes a long "
                            "double, which CUDA device code takes as a double "
                            "(the host build computes it in 80-bit extended "
                            "precision)");
    V.Where = L;
    return V;
  }
  for (const NamedDecl *Local : localTypesNamedIn(S.Inner, TU.Ctx))
    if (std::string Why;
        !planLocalTypeMove(Local, C.TopLevel, C.Function, TU, Why))
      return Verdict::no(
          DiagId::HostType,
          "the region names " +
              (Local->getName().empty() ? std::string("an unnamed type")
                                        : "'" + Local->getNameAsString() + "'") +
              ", declared inside the function, which cannot move to file "
              "scope: " + Why);
  return {};
}

} // namespace omp2cuda
