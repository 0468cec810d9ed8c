// The steps of one region's analysis, which analyzeRegion (Classify.cpp)
// runs in order, and the plain data that passes from one step to the next.
// Each step fills its part of the Region and returns a host verdict when the
// region stays on the host. Internal to src/analysis.
#ifndef OMP2CUDA_ANALYSIS_REGIONSTEPS_H
#define OMP2CUDA_ANALYSIS_REGIONSTEPS_H

#include "analysis/Analysis.h"
#include "analysis/DirectiveTree.h"
#include "analysis/TemplateContext.h"
#include "edits/BodyPrinter.h"

#include "clang/Basic/OpenMPKinds.h"

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace omp2cuda {

/// A step's verdict reported at Where (the clause or construct that
/// decided); an invalid Where reports it at the region's construct.
inline Verdict placed(Verdict V, clang::SourceLocation Where) {
  V.Where = Where;
  return V;
}
/// A callee's verdict reported at the region's construct.
inline Verdict unplaced(Verdict V) {
  V.Where = {};
  return V;
}

/// The words of a directive name: "target teams distribute parallel for".
struct NestWords {
  bool Teams = false, Distribute = false, Parallel = false, For = false,
       Loop = false, Simd = false;
  /// Whether K only adds levels this nest lacks: `target parallel {
  /// single }` or `target parallel { parallel for }` are not one construct.
  bool extendsWith(clang::OpenMPDirectiveKind K) const;
  void add(clang::OpenMPDirectiveKind K);

private:
  static std::vector<std::string> words(clang::OpenMPDirectiveKind K);
  bool *level(const std::string &W);
};

// ---- RegionNest.cpp ---------------------------------------------------------
/// Where the region is and what it is called: location, pragma text,
/// function, kernel name.
void describeRegion(const RegionCandidate &C, TUState &TU, unsigned Index,
                    Region &R);
/// Whether the construct's place allows a kernel (not asked to stay on the
/// host, not in a macro argument, in a function whose template context a
/// kernel can take); TC: that context.
Verdict checkPlacement(const RegionCandidate &C, TUState &TU, Region &R,
                       TemplateContext &TC);

/// The nest of directives that form one construct, with their clauses.
struct RegionNest {
  ClauseInfo CI;
  /// target, then each directive nested in it that extends the construct.
  std::vector<const clang::OMPExecutableDirective *> Chain;
  const clang::OMPLoopDirective *LoopDir = nullptr; ///< the chain's loop
  NestWords W;
  /// The body of the chain's innermost directive.
  const clang::Stmt *Inner = nullptr;
};
/// Follows target [teams] [distribute] ... and reads the clauses of the
/// chain (of D alone for a data construct) into Nest and R.
Verdict followNest(const clang::OMPExecutableDirective &D, TUState &TU,
                   Region &R, RegionNest &Nest);

// ---- RegionShape.cpp --------------------------------------------------------
/// The region's form: a loop nest, the SPMD form of nested constructs, or
/// sequential code (R.Class and its launch bounds), and what later steps
/// read of it.
struct RegionShape {
  const clang::Stmt *Inner = nullptr; ///< the innermost directive's body
  /// The loop nest's body for a loop (later steps re-read the nest, which
  /// may set it again), else Inner.
  const clang::Stmt *Body = nullptr;
  std::vector<const clang::OMPAtomicDirective *> Atomics;
  std::set<const clang::VarDecl *> LoopVars;
  DirectiveTree Tree; // the SPMD form's, for regions with nested constructs
  /// The code that constructs rewritten in place stand in, outside the SPMD
  /// form: one thread per team, every thread of a parallel region, or an
  /// iteration of a worksharing loop.
  DirContext TextWhere = DirContext::TeamCode;
  bool SpmdLoop = false; // the region is a distribute loop in the SPMD form
};
/// Decides the form (data constructs keep theirs), checks the linear
/// clauses against it and applies if(parallel:)/if(teams:) to the launch.
Verdict decideShape(RegionNest &Nest, TUState &TU, Region &R,
                    RegionShape &Shape);

/// A data construct (target data, enter/exit data, update): no kernel.
inline bool isDataRegion(const Region &R) {
  return R.Class == RegionClass::DataEnv || R.Class == RegionClass::DataStmt;
}

// ---- GridObservers.cpp ------------------------------------------------------
/// Why the program could tell how many teams run the combined loop, which
/// num_teams caps (empty: it cannot, or there is no such cap): what
/// --full-grid needs empty (Region::GridObserver).
std::string gridObserver(const RegionNest &Nest, const RegionShape &Shape,
                         const Region &R, clang::ASTContext &Ctx);
/// Why a region's loop could tell which thread ran which of its iterations
/// (an OpenMP API call, a by-value variable one iteration leaves to the
/// thread's next), or empty (GridObservers.cpp).
std::string iterationObserver(const RegionShape &Shape, const Region &R);
/// A combined loop's written static schedule or dist_schedule, where the
/// region can tell who ran an iteration: the blocks and chunks its kernel
/// deals (Region::TeamBlocks, TeamChunk, ThreadBlocks).
Verdict staticBlocks(const RegionNest &Nest, const RegionShape &Shape,
                     Region &R);

// ---- RegionCalls.cpp --------------------------------------------------------
/// The edits and facts that the kernel's body and loop-header texts are
/// made with, gathered by the calls and captures steps.
struct RegionText {
  /// OpenMP API calls in the loop header, and in the body where no edit
  /// re-spells them (a body printed from the AST respells them all).
  std::set<std::string> HeaderApi, UneditedApi;
  std::vector<TextEdit> BodyEdits;
  std::vector<TextEdit> BoundEdits; // loop headers' texts
  BodyRespell Respell; // the same changes, for bodies printed from the AST
  /// Array reductions whose updates the body text turns into atomics.
  std::vector<std::pair<const clang::ValueDecl *, std::string>> ArrayRed;
};
/// Checks the calls the region makes and the local types it names (which
/// move to file scope); starts Text.
Verdict checkRegionCalls(const RegionCandidate &C, const RegionNest &Nest,
                         const RegionShape &Shape, TUState &TU, Region &R,
                         RegionText &Text);

// ---- CaptureVars.cpp --------------------------------------------------------
/// The class (or class template) whose definition holds the region's member
/// function: the kernel goes before it. Null elsewhere.
const clang::Decl *classBeingDefined(const RegionCandidate &C);

/// What deciding how each variable reaches the kernel reads, and what it
/// adds to besides R.Captures.
struct CaptureSite {
  const RegionCandidate &C;
  const TemplateContext &TC;
  const clang::Decl *InClass; ///< classBeingDefined(C)
  ClauseInfo &CI;
  RegionShape &Shape;
  TUState &TU;
  Region &R;
  RegionText &Text;
  bool IsData;
  /// What the kernel takes by value so far, in bytes.
  int64_t ParamBytes = 0;
};
/// The variables the region uses, each a capture (R.Captures) passed as its
/// clauses and type say; then the loop headers again with the captures'
/// edits.
Verdict captureVars(CaptureSite &S);

// ---- Captures.cpp -----------------------------------------------------------
/// A global variable (or static data member) that an instantiation of S, a
/// statement of a template's pattern whose captures are Pattern, reads
/// through a name that depends on the template's parameters (`scale<T>`,
/// `C::limit`): no capture of the pattern stands for it, and the kernel,
/// printed from the pattern, would name the host's variable (nvcc: "a host
/// variable cannot be directly read in a device function"). Its use there
/// in Where; null when there is none, or it is a constant.
const clang::VarDecl *dependentGlobal(const clang::Stmt *S,
                                      const CaptureScan &Pattern,
                                      clang::ASTContext &Ctx,
                                      clang::SourceLocation &Where);

// ---- CapturePassing.cpp -----------------------------------------------------
/// How U, of type T as the kernel spells it, reaches the kernel (Cap.How,
/// Cap.Map): from its clause, or implicitly from its type and defaultmap.
Verdict choosePassing(CaptureSite &S, const Use &U, clang::QualType T,
                      bool LoopVariable, Capture &Cap);
/// U, a declare target variable the kernel uses as its device copy: the
/// region stays on the host where the host build would see that copy's
/// address (an array's, or &x), as for a mapped one.
Verdict deviceCopyAddress(const CaptureSite &S, const Use &U);
/// The stub's and the kernel's parameters (and private declaration) for Cap.
Verdict captureParams(CaptureSite &S, const Use &U, clang::QualType T,
                      Capture &Cap);

// ---- CapturePacks.cpp -------------------------------------------------------
/// Why the function parameter pack V cannot reach a kernel (its elements
/// references, or in some instantiation of other than scalar or object
/// pointer types), empty when it can.
std::string packWhy(const clang::VarDecl *V, clang::ASTContext &Ctx);
/// Cap, a capture of a pack passed by value, spelled as one: its stub and
/// kernel parameters `Ts... xs`, its call argument `xs...`.
Verdict packParams(Capture &Cap);
/// Whether the variable referenced at Ref in Region, a template's region,
/// is a pointer in some instantiation's copy of it (OpenMP passes it as a
/// zero-length section there, not as the firstprivate value the kernel
/// template takes).
bool pointerInInstantiation(const clang::Stmt *Region,
                            clang::SourceLocation Ref, clang::ASTContext &Ctx);

// ---- BlockUsings.cpp ---------------------------------------------------------
/// The using-directives, using-declarations and namespace aliases of the
/// blocks around the region that come before it, outermost first, as the
/// kernel at file scope re-declares them (Params: the kernel's parameter
/// names). Fails where one block's using would mean something else there.
Verdict blockUsings(const clang::Stmt &S, clang::ASTContext &Ctx,
                    const std::set<std::string> &Params,
                    std::vector<std::string> &Out);

// ---- RegionBody.cpp ---------------------------------------------------------
/// The kernel's body text: the file's text with every edit made (atomics,
/// array reductions, constructs rewritten in place, the SPMD form), or the
/// body printed from the AST for a region from a macro.
Verdict regionBodyText(const RegionShape &Shape, TUState &TU, Region &R,
                       RegionText &Text);
/// The last facts of the region: the OpenMP API routines its device code
/// uses, and the aliases of the class's typedefs it names (InClass: see
/// classBeingDefined).
Verdict finishRegion(const clang::OMPExecutableDirective &D,
                     const clang::Decl *InClass, const TemplateContext &TC,
                     TUState &TU, Region &R, RegionText &Text);

} // namespace omp2cuda

#endif
