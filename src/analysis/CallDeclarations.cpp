// Callees whose declarations say where device code finds them
// (CallChecker.h): `declare variant` (the device makes its own choice) and
// `declare target` functions defined in another translation unit.
#include "analysis/CallChecker.h"
#include "analysis/ConstructContext.h"
#include "frontend/FileScope.h"

#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace omp2cuda {
namespace calls {

/// FD is `declare target` and defined in no file of this unit: the user
/// promises a device definition in another translation unit (OpenMP
/// 5.2 §7.8.1), which device code can call only with relocatable device
/// code (--rdc: nvcc -rdc=true and a device link; under the emulation a
/// plain link). Each declaration gets `__host__ __device__`, so each must
/// be in a file the translation rewrites.
bool CallChecker::checkElsewhere(const FunctionDecl *FD) {
  std::string Name = FD->getQualifiedNameAsString();
  auto No = [&](const std::string &Why) {
    Result = Verdict::no(DiagId::HostCall,
                         "it calls '" + Name + "', whose definition is not in "
                         "this file; " + Why);
    return false;
  };
  // Not what another file's device code can provide: the message of any
  // function defined nowhere here.
  const auto *M = dyn_cast<CXXMethodDecl>(FD);
  if (FD->isVariadic() || FD->isTemplateInstantiation() ||
      FD->getDescribedFunctionTemplate() || (M && M->isVirtual())) {
    Result = Verdict::no(DiagId::HostCall, "it calls '" + Name +
                                               "', whose definition is not "
                                               "in this file");
    return false;
  }
  if (!TU.Rdc)
    return No("it is 'declare target', so another file may define it for "
              "the device: translate with --rdc (omp2cuda-cc -fgpu-rdc, "
              "omp2cuda_add_sources(... RDC)) to call it there");
  const SourceManager &SM = TU.Ctx.getSourceManager();
  for (const FunctionDecl *Re : FD->redecls())
    if (Re->isImplicit() || Re->getBeginLoc().isMacroID() ||
        !rewritable(TU, SM.getExpansionLoc(Re->getBeginLoc())))
      return No("a declaration of it comes from a macro or from a file that "
                "is not translated, which cannot be marked for the device");
  TU.DeviceFunctions.insert(FD->getCanonicalDecl());
  return true;
}

/// FD has `declare variant`s: FD becomes the one the device calls. In a
/// region's body the call names it by an edit; in a function compiled for
/// both sides, edits/DeviceVariants.cpp makes the use pick by side.
bool CallChecker::checkVariant(const FunctionDecl *&FD, const CallExpr *C) {
  // Reached from CallTargets.cpp with the call itself.
  ConstructContext Where = constructContextOf(C, TU.Ctx, TU.Host);
  DeviceVariant V = deviceVariantOf(FD, TU.Ctx, &Where);
  if (V.K == DeviceVariant::Undecidable) {
    // The warning points at the call: the region may call the function in
    // several contexts, and only this one is undecided.
    Result = Verdict::no(DiagId::HostVariant, V.Why);
    if (C)
      Result.Where = C->getBeginLoc();
    return false;
  }
  // A call through the cast address takes no default arguments.
  if (V.ThroughCast && C &&
      llvm::any_of(C->arguments(),
                   [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); })) {
    Result = Verdict::no(
        DiagId::HostVariant,
        "it calls '" + FD->getNameAsString() +
            "', which the device runs itself and the host replaces by a "
            "'declare variant', with default arguments, which the call "
            "through a cast of its address that keeps the host's choice "
            "out of device code cannot take");
    Result.Where = C->getBeginLoc();
    return false;
  }
  if (V.ThroughCast && TU.Host != HostCompiler::Clang) {
    // GCC folds the call through the cast address back into a call of the
    // function and substitutes the host's variant in the CPU emulation.
    Result = Verdict::no(
        DiagId::HostVariant,
        "it calls '" + FD->getNameAsString() +
            "', which the device runs itself and the host replaces by a "
            "'declare variant', and the host compiler is GCC "
            "(--host-compiler-family=gcc), which resolves even a call "
            "through a cast of its address for the host");
    if (C)
      Result.Where = C->getBeginLoc();
    return false;
  }
  // In a function compiled for both sides the host keeps its compiler's
  // choice, which the output must name too: a block variant only when it
  // is the device's (and renamed for it).
  if (!Edits && C)
    for (const auto &P : TU.Ctx.getParents(*C))
      if (const auto *PO = P.get<PseudoObjectExpr>())
        for (const Expr *Sem : PO->semantics())
          if (const auto *SC = dyn_cast<CallExpr>(Sem->IgnoreParenImpCasts()))
            if (const FunctionDecl *H = SC->getDirectCallee();
                H && isBlockVariant(H) &&
                H->getCanonicalDecl() != V.Callee->getCanonicalDecl()) {
              Result = Verdict::no(
                  DiagId::HostVariant,
                  "it calls '" + FD->getNameAsString() +
                      "', for which the host chooses a 'begin declare "
                      "variant' function and the device another: a "
                      "function compiled for both sides cannot name both");
              Result.Where = C->getBeginLoc();
              return false;
            }
  // Only a call spelled in the file can be made to name the variant
  // (the address of FD taken elsewhere would still be FD's).
  const SourceManager &SM = TU.Ctx.getSourceManager();
  unsigned B = 0, E = 0;
  const Expr *Callee = C ? C->getCallee()->IgnoreParenImpCasts() : nullptr;
  if (!Callee || !isa<DeclRefExpr>(Callee) ||
      !fileOffsets(SM, TU.Ctx.getLangOpts(), Callee->getSourceRange(), B, E)) {
    Result = Verdict::no(DiagId::HostVariant,
                         "it calls '" + FD->getNameAsString() +
                             "', which has 'declare variant's: the device's "
                             "choice cannot be spelled here (a call that is "
                             "no text of the file, or not by name)");
    return false;
  }
  if (Edits)
    Edits->push_back({B, E - B, V.Spelling});
  FD = V.Callee;
  return true;
}

} // namespace calls
} // namespace omp2cuda
