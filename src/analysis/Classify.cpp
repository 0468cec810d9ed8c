// Region analysis: follows the construct's nest of directives, reads the
// clauses, finds the captured variables and the loop nest, and classifies
// the region (seed 000 §4.2, seed 004 §3.4, ARCHITECTURE.md §3). Each step
// is in a file of its own (RegionSteps.h); analyzeRegion runs them in order.
#include "analysis/Analysis.h"
#include "analysis/RegionSteps.h"

#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace omp2cuda {

bool isAtomicNumber(QualType T, const ASTContext &Ctx) {
  if (T->isDependentType())
    return true;
  if (!T->isArithmeticType() || T->isEnumeralType())
    return false;
  uint64_t Bits = Ctx.getTypeSize(T);
  if (T->isFloatingType())
    return Bits == 32 || Bits == 64;
  return Bits == 8 || Bits == 16 || Bits == 32 || Bits == 64;
}

Region analyzeRegion(const RegionCandidate &C, TUState &TU, unsigned Index) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  Region R;
  describeRegion(C, TU, Index, R);

  // Analysis has no side effects on a region it leaves on the host: the
  // functions its calls would have made __host__ __device__ stay as they
  // are (a lambda so marked broke the host build).
  const std::set<const FunctionDecl *> DeviceFunctionsBefore = TU.DeviceFunctions;
  const std::map<const VarDecl *, DeviceGlobal> DeviceGlobalsBefore = TU.DeviceGlobals;
  // A step's verdict points at the clause or construct that made it, when
  // it names one.
  auto Fail = [&](const Verdict &V) {
    if (V.Where.isValid()) {
      SourceLocation L = SM.getExpansionLoc(V.Where);
      R.WhyPos = {TU.FileName, SM.getExpansionLineNumber(L),
                  SM.getExpansionColumnNumber(L)};
    }
    R.Translate = false;
    R.Why = V.Id;
    R.Reason = V.Reason;
    TU.DeviceFunctions = DeviceFunctionsBefore;
    TU.DeviceGlobals = DeviceGlobalsBefore;
    return R;
  };

  TemplateContext TC;
  if (Verdict V = checkPlacement(C, TU, R, TC); !V.Ok)
    return Fail(V);
  RegionNest Nest;
  if (Verdict V = followNest(*C.Directive, TU, R, Nest); !V.Ok)
    return Fail(V);
  RegionShape Shape;
  if (Verdict V = decideShape(Nest, TU, R, Shape); !V.Ok)
    return Fail(V);
  RegionText Text;
  if (Verdict V = checkRegionCalls(C, Nest, Shape, TU, R, Text); !V.Ok)
    return Fail(V);
  const Decl *InClass = classBeingDefined(C);
  CaptureSite Site{C,  TC, InClass, Nest.CI, Shape, TU,
                   R,  Text, isDataRegion(R)};
  if (Verdict V = captureVars(Site); !V.Ok)
    return Fail(V);
  R.GridObserver = gridObserver(Nest, Shape, R, TU.Ctx);
  if (Verdict V = staticBlocks(Nest, Shape, R); !V.Ok)
    return Fail(V);
  if (Verdict V = regionBodyText(Shape, TU, R, Text); !V.Ok)
    return Fail(V);
  if (Verdict V = finishRegion(*C.Directive, InClass, TC, TU, R, Text); !V.Ok)
    return Fail(V);
  return R;
}

} // namespace omp2cuda
