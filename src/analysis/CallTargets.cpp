// What a call in device code names, and whether that can run there
// (CallChecker.h): the OpenMP API (rewritten to o2c_dev::), CUDA's device
// math and the standard library parts StdDevice.cpp allows, and functions
// whose definition is in a file the translation rewrites and is itself
// callable on the device (those get __host__ __device__).
#include "analysis/CallChecker.h"
#include "analysis/DeviceLambdas.h"
#include "analysis/FoldedConstants.h"
#include "analysis/Orphaned.h"
#include "analysis/StdDevice.h"
#include "analysis/StdString.h"
#include "frontend/FileScope.h"

using namespace clang;

namespace omp2cuda {
namespace calls {

bool CallChecker::checkCallee(const FunctionDecl *FD, const CallExpr *C) {
  std::string Name = FD->getNameAsString();
  // A `declare variant` specialisation is named "f[device=...]".
  Name = Name.substr(0, Name.find('['));
  if (const char *Why = unsafeClassification(Name)) {
    Result = Verdict::no(DiagId::HostCall, Why);
    return false;
  }
  if (FD->getBuiltinID() && llvm::StringRef(Name).starts_with("__builtin"))
    return true;
  bool Gnu = false;
  if (bool Ok = checkGnuAtomicCall(FD, C, Gnu); Gnu)
    return Ok;
  if (std::string At = C ? unseenBlockDefining(FD) : ""; !At.empty()) {
    std::string Why = "it calls '" + Name +
                      "', which the 'begin declare "
                      "variant' block at " +
                      At;
    Result = Verdict::no(DiagId::HostVariant,
                         Why + " may define for the GPU, a block the "
                               "translator does not see (in a header, or "
                               "see the warning there)");
    const SourceManager &SM = TU.Ctx.getSourceManager();
    if (inMainFile(SM, SM.getExpansionLoc(C->getBeginLoc())))
      Result.Where = SM.getExpansionLoc(C->getBeginLoc());
    return false;
  }
  if (C && hasDeclareVariant(FD)) {
    if (!checkVariant(FD, C))
      return false;
    Name = FD->getNameAsString();
  }
  if (ompDeviceApi().count(Name))
    return checkApiCall(Name, C);
  if (llvm::StringRef(Name).starts_with("omp_")) {
    Result = Verdict::no(DiagId::HostCall,
                         "it calls '" + Name +
                             "', which is not available in device code");
    // The warning points at the call (the file's own text only: a position
    // is a line of the main file).
    const SourceManager &SM = TU.Ctx.getSourceManager();
    if (C && inMainFile(SM, SM.getExpansionLoc(C->getBeginLoc())))
      Result.Where = SM.getExpansionLoc(C->getBeginLoc());
    return false;
  }
  if (isStringSubscript(FD)) {
    Result = stringSubscript(C, TU.Ctx, C ? Edits : nullptr);
    return Result.Ok;
  }
  // The C and C++ standard library (StdDevice.cpp says which parts).
  if (StdCall Std = stdDeviceCall(FD, TU.Ctx); Std.IsLibrary) {
    if (!Std.OnDevice)
      Result = Verdict::no(DiagId::HostCall, Std.Why);
    return Std.OnDevice;
  }
  return checkDefined(FD, Name);
}

/// A call of the OpenMP API's function Name, which device code has: the
/// call is edited to name o2c_dev::'s and recorded in Calls.
bool CallChecker::checkApiCall(const std::string &Name, const CallExpr *C) {
  if (!Edits || !C)
    return true;
  const SourceManager &SM = TU.Ctx.getSourceManager();
  const Expr *Callee = C->getCallee()->IgnoreParenImpCasts();
  unsigned B, E;
  bool Edited =
      fileOffsets(SM, TU.Ctx.getLangOpts(), Callee->getSourceRange(), B, E);
  if (Edited)
    Edits->push_back({B, E - B, "o2c_dev::" + Name});
  // A `declare variant` call clang adds beside the written one has
  // the location of the variant's header declaration.
  if (Calls && inMainFile(SM, SM.getExpansionLoc(Callee->getBeginLoc())))
    Calls->push_back({Name, Callee->getBeginLoc(), Edited});
  return true;
}

/// FD, a user's function (or its template's pattern): its definition must
/// be in a file the translation rewrites and must run on the device.
bool CallChecker::checkDefined(const FunctionDecl *FD, const std::string &Name) {
  const FunctionDecl *Def = nullptr;
  // An instantiation's own body says what its calls that depend on the
  // template's arguments run (a lambda object passed for a parameter F);
  // its pattern is what gets marked.
  const FunctionDecl *Inst = nullptr;
  if (const FunctionDecl *P = FD->getTemplateInstantiationPattern()) {
    if (FD->hasBody(Inst) && !Inst->isTemplateInstantiation())
      Inst = nullptr;
    FD = P;
  }
  if (!FD->hasBody(Def) && isDeclareTargetFunction(FD))
    return checkElsewhere(FD);
  if (!FD->hasBody(Def) || !Def || !rewritable(TU, Def->getLocation())) {
    Result = Verdict::no(DiagId::HostCall,
                         "it calls '" + FD->getQualifiedNameAsString() +
                             "', whose definition is not in this file");
    return false;
  }
  if (Def->isVariadic() || Def->isMain()) {
    Result = Verdict::no(DiagId::HostCall,
                         "it calls '" + Name + "', which cannot run on the device");
    return false;
  }
  const FunctionDecl *Own = Inst ? Inst : Def;
  // A call in parallel code that not every thread reaches alike cannot
  // reach a worksharing loop, which binds to that parallel region.
  if (!HereWhy.empty() && Region.isValid() && holdsOrphanedFor(Def)) {
    Result = Verdict::no(DiagId::HostCall,
                         "it calls '" + Name +
                             "', which holds a worksharing 'for' loop that "
                             "binds to the calling parallel region, whose "
                             "every thread must reach it alike: the call " +
                             HereWhy + " (not supported yet)");
    const SourceManager &SM = TU.Ctx.getSourceManager();
    if (HereCall && inMainFile(SM, SM.getExpansionLoc(HereCall->getBeginLoc())))
      Result.Where = SM.getExpansionLoc(HereCall->getBeginLoc());
    return false;
  }
  bool Decided = false;
  bool Ok = checkDeviceLambda(Own, Def, Decided);
  if (Decided)
    return Ok;
  if (Visiting.count(Own) ||
      (TU.DeviceFunctions.count(Def) && (!Inst || Checked.count(Inst)))) {
    // Compiled for the device for a one-thread region: right only there.
    if (std::string Why = OneThread ? "" : oneThreadOnly(Def, TU.ForBinding);
        !Why.empty()) {
      Result = Verdict::no(DiagId::HostCall,
                           "it calls '" + Name + "', which " + Why);
      return false;
    }
    // Compiled for team-master code: right only there.
    if (std::string Why = placeProblem(Def, HerePlace, TU.ForBinding);
        !Why.empty() && Region.isValid()) {
      Result = Verdict::no(DiagId::HostCall,
                           "it calls '" + Name + "', which " + Why);
      const SourceManager &SM = TU.Ctx.getSourceManager();
      if (HereCall &&
          inMainFile(SM, SM.getExpansionLoc(HereCall->getBeginLoc())))
        Result.Where = SM.getExpansionLoc(HereCall->getBeginLoc());
      return false;
    }
    return true;
  }
  std::vector<std::string> Chain = Path;
  Chain.push_back(Name);
  if (!checkDefinitionFits(Def, Name, Chain))
    return false;
  return checkBody(Own, Def, Chain, true);
}

/// Own as a lambda's call operator (DeviceLambdas.h): Decided when that
/// settles the call, with the answer returned.
bool CallChecker::checkDeviceLambda(const FunctionDecl *Own,
                                    const FunctionDecl *Def, bool &Decided) {
  DeviceLambda L = deviceLambda(
      Own, Region, [&](const FunctionDecl *P) { return inDevice(P); }, TU);
  Decided = L.K == DeviceLambda::Refused || L.K == DeviceLambda::Implicit;
  if (L.K == DeviceLambda::Refused) {
    Result = Verdict::no(DiagId::HostCall, L.Why);
    Result.Where = L.Where;
    return false;
  }
  if (L.K != DeviceLambda::Implicit)
    return true;
  // Written in device code: a device function as it is, whose text the
  // region's or its function's checks have seen; what it calls, seen.
  if (const char *What = hostOnlyConstruct(Own->getBody())) {
    Result = Verdict::no(DiagId::HostCall, "it calls a lambda that " +
                                               std::string(What) +
                                               " (not available on the "
                                               "device)");
    return false;
  }
  return Visiting.count(Own) || checkBody(Own, Def, Path, false);
}

/// What Def's own text does that device code cannot: host-only constructs,
/// orphaned constructs the device lacks, host globals, and OpenMP API calls
/// in a body that is no file text. Chain: the calls down to Def.
bool CallChecker::checkDefinitionFits(const FunctionDecl *Def,
                                      const std::string &Name,
                                      const std::vector<std::string> &Chain) {
  if (const char *What = hostOnlyConstruct(Def->getBody())) {
    Result = Verdict::no(DiagId::HostCall, "it calls '" + Name + "', which " +
                                               What +
                                               " (not available on the device)");
    return false;
  }
  // Orphaned constructs: atomics and simd loops run on the device.
  if (Verdict V = checkOrphaned(Def, Chain, TU.Ctx, OneThread, HerePlace);
      !V.Ok) {
    Result = V;
    return false;
  }
  // Its worksharing loops' device copies are written for this place (an
  // instantiation checked again must want the same).
  if (HerePlace != CallPlace::Other) {
    CallPlace Want = HerePlace == CallPlace::Parallel ? CallPlace::Parallel
                                                      : CallPlace::Master;
    auto It = TU.ForBinding.find(Def);
    if (TU.DeviceFunctions.count(Def) && It != TU.ForBinding.end() &&
        It->second != Want && holdsOrphanedFor(Def)) {
      Result = Verdict::no(DiagId::HostCall,
                           "it calls '" + Name +
                               "', which holds a worksharing 'for' loop "
                               "whose device copy another call binds to the "
                               "other kind of team (not supported yet)");
      return false;
    }
    TU.ForBinding[Def] = Want;
  }
  // A callee cannot be handed the host's globals the way a kernel is: it
  // would read host memory on the device. Declare target variables have
  // device copies it uses instead.
  std::set<const VarDecl *> Unspelled;
  for (const VarDecl *G : globalsUsed(Def->getBody(), &Unspelled)) {
    std::string Why;
    if (planDeviceCopy(G, Def->getBody()->getBeginLoc(), TU, Why) &&
        Unspelled.count(G))
      Why = "named inside a macro's body or through an object, where the "
            "device copy cannot replace it";
    else if (!Why.empty() && foldedConstant(G, Def->getBody()->getBeginLoc()))
      Why = "device code may read its value but not take its address or "
            "bind a reference to it, as `std::min(k, x)` does; " +
            Why;
    if (!Why.empty()) {
      Result = Verdict::no(DiagId::HostCall,
                           "it calls '" + Name + "', which uses the global '" +
                               G->getNameAsString() + "' (" + Why + ")");
      return false;
    }
  }
  // Its OpenMP API calls get the device versions through a
  // using-declaration at the start of its body, which must be file text.
  if (!ompApiCalledIn(Def->getBody()).empty() &&
      (Def->getBody()->getBeginLoc().isMacroID() ||
       !rewritable(TU, Def->getBody()->getBeginLoc()))) {
    Result = Verdict::no(DiagId::HostMacro,
                         "it calls '" + Name +
                             "', whose body comes from a macro and calls the "
                             "OpenMP API");
    return false;
  }
  return true;
}

} // namespace calls
} // namespace omp2cuda
