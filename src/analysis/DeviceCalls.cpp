// Calls in device code. A region stays combined-eligible only if every call
// can run on the device (seed 000 §4.2: "no opaque calls"): the OpenMP API
// (rewritten to o2c_dev::), CUDA's device math and printf, and functions
// whose definition is in this file and is itself callable on the device
// (those get __host__ __device__).
#include "analysis/Analysis.h"
#include "analysis/DeviceLambdas.h"
#include "analysis/Instantiations.h"
#include "analysis/Orphaned.h"
#include "analysis/StdDevice.h"
#include "analysis/StdString.h"
#include "analysis/VirtualCalls.h"
#include "frontend/FileScope.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

namespace {

const llvm::StringSet<> &ompDeviceApi() {
  static const llvm::StringSet<> S = {
      "omp_is_initial_device", "omp_get_team_num",   "omp_get_num_teams",
      "omp_get_thread_num",    "omp_get_num_threads", "omp_get_thread_limit",
      "omp_get_max_threads",   "omp_in_parallel",    "omp_get_level",
      "omp_get_active_level",  "omp_get_num_procs",  "omp_in_final",
      "omp_get_dynamic",       "omp_get_nested",     "omp_get_max_active_levels",
      "omp_get_device_num",    "omp_alloc",          "omp_aligned_alloc",
      "omp_calloc",            "omp_aligned_calloc", "omp_free",
      "omp_get_max_teams",     "omp_get_teams_thread_limit"};
  return S;
}

/// What <math.h>'s classification macros and their std:: functions become,
/// where CUDA's device code cannot be trusted with them: fpclassify and
/// isnormal answered 0 for every value on an H100; the comparisons were
/// not checked on a GPU. Null for the others.
const char *unsafeClassification(llvm::StringRef Name) {
  if (Name == "__builtin_fpclassify" || Name == "__builtin_isnormal")
    return "it calls fpclassify or isnormal, which CUDA's device code gets "
           "wrong (0 for every value on an H100)";
  if (Name == "__builtin_isgreater" || Name == "__builtin_isgreaterequal" ||
      Name == "__builtin_isless" || Name == "__builtin_islessequal" ||
      Name == "__builtin_islessgreater" || Name == "__builtin_isunordered")
    return "it calls a floating-point comparison macro (isgreater, isless, "
           "...), which CUDA's device code was not checked with on a GPU";
  return nullptr;
}

/// A file the translation rewrites (see TUState::Rewritable).
bool rewritable(const TUState &TU, SourceLocation L) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  return TU.Rewritable ? TU.Rewritable(L) : inMainFile(SM, L);
}

/// What in S CUDA device code cannot do, or null: exceptions, run-time
/// type information, host inline assembly.
const char *hostOnlyConstruct(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const char *What = nullptr;
    bool VisitCXXThrowExpr(CXXThrowExpr *) { return !(What = "throws"); }
    bool VisitCXXTryStmt(CXXTryStmt *) { return !(What = "catches exceptions"); }
    bool VisitCXXTypeidExpr(CXXTypeidExpr *) { return !(What = "uses typeid"); }
    bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr *) {
      return !(What = "uses dynamic_cast");
    }
    bool VisitAsmStmt(AsmStmt *) { return !(What = "uses inline assembly"); }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.What;
}

/// The non-constant variables with global storage S refers to, in order of
/// first use.
/// Unspelled: those with a reference that is no text of the file.
std::vector<const VarDecl *>
globalsUsed(const Stmt *S, std::set<const VarDecl *> *Unspelled = nullptr) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::vector<const VarDecl *> Found;
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      const auto *VD = dyn_cast<VarDecl>(E->getDecl());
      if (!VD || !VD->hasGlobalStorage() || VD->isStaticLocal())
        return true;
      // Compile-time constants are folded into device code.
      if (VD->getType().isConstQualified() && VD->getType()->isIntegralOrEnumerationType() &&
          VD->hasInit() && VD->getInit()->isIntegerConstantExpr(VD->getASTContext()))
        return true;
      if (std::find(Found.begin(), Found.end(), VD) == Found.end())
        Found.push_back(VD);
      // Device code names the variable's device copy by an edit of this
      // reference (DeviceGlobals.cpp), which needs its text.
      const ASTContext &Ctx = VD->getASTContext();
      unsigned B, End;
      if (!fileOffsets(Ctx.getSourceManager(), Ctx.getLangOpts(),
                       E->getSourceRange(), B, End))
        Unspelled.insert(VD);
      return true;
    }
    std::set<const VarDecl *> Unspelled;
  } F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  if (Unspelled)
    *Unspelled = F.Unspelled;
  return F.Found;
}

class CallChecker : public RecursiveASTVisitor<CallChecker> {
public:
  CallChecker(TUState &TU, std::vector<TextEdit> *Edits,
              std::set<const FunctionDecl *> &Visiting,
              std::vector<ApiCall> *Calls = nullptr,
              std::set<const FunctionDecl *> *Checked = nullptr)
      : TU(TU), Edits(Edits), Visiting(Visiting), Calls(Calls),
        Checked(Checked ? *Checked : OwnChecked) {}

  Verdict Result;
  /// The functions called from the region down to this one, for messages.
  std::vector<std::string> Path;
  /// The region is one thread of one team (a plain `target`).
  bool OneThread = false;
  /// The region's statement: lambdas written inside it are device code.
  SourceRange Region;
  /// A call that names no function until its template is instantiated is
  /// left to the check of the instantiations (SawDependent says there was
  /// one); else it keeps the region on the host.
  bool AllowDependent = false;
  bool SawDependent = false;
  /// Checking an instantiation's copy of the region, whose variables of a
  /// dependent type the kernel gets as copies.
  bool InInstance = false;

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD) {
      if (isa<CXXPseudoDestructorExpr>(C->getCallee()))
        return true;
      if (isDependentCall(C)) {
        SawDependent = true;
        if (AllowDependent)
          return true;
        Result = Verdict::no(DiagId::HostCall,
                             "it makes a call that depends on template "
                             "arguments in a template that is not "
                             "instantiated");
        return false;
      }
      Result = Verdict::no(DiagId::HostCall,
                           "it calls through a function pointer, which the "
                           "device cannot follow");
      return false;
    }
    if (InInstance && !checkCopiedObject(FD, C))
      return false;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C); MC && dispatches(MC))
      return checkDispatch(MC);
    return checkCallee(FD, C);
  }
  /// F as a callee of device code: marks it (and its callees) when it can
  /// run there.
  bool checkFunction(const FunctionDecl *F) { return checkCallee(F, nullptr); }

  /// A call of a function with `declare variant`s: clang put the host's
  /// choice beside the written call, and device code makes its own choice
  /// from the written one (checkVariant).
  bool TraversePseudoObjectExpr(PseudoObjectExpr *E) {
    if (const auto *C = dyn_cast<CallExpr>(E->getSyntacticForm()))
      if (const FunctionDecl *FD = C->getDirectCallee();
          FD && hasDeclareVariant(FD))
        return TraverseStmt(E->getSyntacticForm());
    return RecursiveASTVisitor::TraversePseudoObjectExpr(E);
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    // An object the device constructs gets the device's virtual table:
    // every function in it must exist there.
    if (const CXXRecordDecl *RD = Ctor->getParent();
        RD->isPolymorphic() && VtablesChecked.insert(RD).second &&
        !checkVirtuals(overrideFamily(virtualsOf(RD), TU.Ctx)))
      return false;
    if (!Ctor->isTrivial()) {
      // nvcc compiles a defaulted constructor for the device by itself, and
      // where it reaches a host-only constructor of a member or base it
      // only warns and skips the call on the device (a wrong answer on a
      // GPU): what it calls is checked and marked here.
      if (Ctor->isDefaulted() ? !checkInits(Ctor) : !checkCallee(Ctor, nullptr))
        return false;
    }
    return true;
  }
  /// `delete p` runs the destructor, through the virtual table when it is
  /// virtual (then as a virtual call: checkDispatch).
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    const CXXRecordDecl *RD = E->getDestroyedType()->getAsCXXRecordDecl();
    const CXXDestructorDecl *D =
        RD && RD->hasDefinition() ? RD->getDestructor() : nullptr;
    if (!D || !D->isVirtual())
      return checkDestructor(RD);
    std::string Why = pointeeNotDeviceBuilt(E->getArgument(), E, TU.Ctx);
    if (!Why.empty()) {
      Result = Verdict::no(DiagId::HostCall,
                           "it deletes, through its virtual destructor, an "
                           "object " + Why);
      Result.Where = TU.Ctx.getSourceManager().getExpansionLoc(E->getBeginLoc());
      return false;
    }
    return checkVirtuals(overrideFamily({D}, TU.Ctx));
  }
  /// `T(x)` of a template parameter T: a constructor known per
  /// instantiation.
  bool VisitCXXUnresolvedConstructExpr(CXXUnresolvedConstructExpr *) {
    SawDependent = true;
    return true;
  }
  /// A local object and a temporary also die in device code.
  bool VisitVarDecl(VarDecl *V) {
    if (!V->hasLocalStorage() || V->getType()->isReferenceType())
      return true;
    return checkDestructor(
        TU.Ctx.getBaseElementType(V->getType())->getAsCXXRecordDecl());
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
    return checkDestructor(E->getTemporary()->getDestructor()->getParent());
  }
  /// Default member initialisers and default arguments are evaluated
  /// where they are used: in device code, here.
  bool VisitCXXDefaultInitExpr(CXXDefaultInitExpr *E) {
    return TraverseStmt(E->getExpr());
  }
  bool VisitCXXDefaultArgExpr(CXXDefaultArgExpr *E) {
    return TraverseStmt(E->getExpr());
  }

private:
  /// A virtual call that dispatches: on an object the device constructed,
  /// to any overrider (VirtualCalls.h).
  bool checkDispatch(const CXXMemberCallExpr *C) {
    const CXXMethodDecl *MD = C->getMethodDecl();
    std::string Why = receiverNotDeviceBuilt(C, TU.Ctx);
    if (!Why.empty()) {
      Result = Verdict::no(DiagId::HostCall,
                           "it calls the virtual function '" +
                               MD->getQualifiedNameAsString() +
                               "' on an object " + Why);
      Result.Where = TU.Ctx.getSourceManager().getExpansionLoc(C->getExprLoc());
      return false;
    }
    return checkVirtuals(overrideFamily({MD}, TU.Ctx));
  }
  /// Each of Ms runs on the device (a pure one without a body is only
  /// declared so).
  bool checkVirtuals(const std::vector<const CXXMethodDecl *> &Ms) {
    const SourceManager &SM = TU.Ctx.getSourceManager();
    for (const CXXMethodDecl *M : Ms) {
      if (M->isPureVirtual() && !M->isDefined()) {
        if (!rewritable(TU, SM.getExpansionLoc(M->getBeginLoc()))) {
          Result = Verdict::no(DiagId::HostCall,
                               "it needs the virtual function '" +
                                   M->getQualifiedNameAsString() +
                                   "' on the device, which is declared in a "
                                   "file that is not translated");
          return false;
        }
        TU.DeviceFunctions.insert(M);
        continue;
      }
      if (!checkCallee(M, nullptr))
        return false;
    }
    return true;
  }
  std::set<const CXXRecordDecl *> VtablesChecked;

  /// The member and base initialisers of a constructor (written ones and
  /// those the compiler adds).
  bool checkInits(const CXXConstructorDecl *Ctor) {
    for (const CXXCtorInitializer *I : Ctor->inits())
      if (I->getInit() && !TraverseStmt(I->getInit()))
        return false;
    return true;
  }
  /// The destructor of RD, a user-written one marked like any callee, an
  /// implicit one through those of its members and bases.
  bool checkDestructor(const CXXRecordDecl *RD) {
    if (!RD || !RD->hasDefinition() || RD->hasTrivialDestructor())
      return true;
    const CXXDestructorDecl *D = RD->getDestructor();
    if (!D)
      return true;
    if (!D->isDefaulted())
      return checkCallee(D, nullptr);
    for (const CXXBaseSpecifier &B : RD->bases())
      if (!checkDestructor(B.getType()->getAsCXXRecordDecl()))
        return false;
    for (const FieldDecl *F : RD->fields()) {
      QualType T = TU.Ctx.getBaseElementType(F->getType());
      if (!checkDestructor(T->getAsCXXRecordDecl()))
        return false;
    }
    return true;
  }

  bool checkCallee(const FunctionDecl *FD, const CallExpr *C) {
    std::string Name = FD->getNameAsString();
    // A `declare variant` specialisation is named "f[device=...]".
    Name = Name.substr(0, Name.find('['));
    if (const char *Why = unsafeClassification(Name)) {
      Result = Verdict::no(DiagId::HostCall, Why);
      return false;
    }
    if (FD->getBuiltinID() && llvm::StringRef(Name).starts_with("__builtin"))
      return true;
    const SourceManager &SM = TU.Ctx.getSourceManager();
    if (C && hasDeclareVariant(FD)) {
      if (!checkVariant(FD, C))
        return false;
      Name = FD->getNameAsString();
    }
    if (ompDeviceApi().count(Name)) {
      if (Edits && C) {
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
      }
      return true;
    }
    if (llvm::StringRef(Name).starts_with("omp_")) {
      Result = Verdict::no(DiagId::HostCall,
                           "it calls '" + Name +
                               "', which is not available in device code");
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
    DeviceLambda L = deviceLambda(
        Own, Region, [&](const FunctionDecl *P) { return inDevice(P); }, TU);
    if (L.K == DeviceLambda::Refused) {
      Result = Verdict::no(DiagId::HostCall, L.Why);
      Result.Where = L.Where;
      return false;
    }
    // Written in device code: a device function as it is, whose text the
    // region's or its function's checks have seen; what it calls, seen.
    if (L.K == DeviceLambda::Implicit) {
      if (const char *What = hostOnlyConstruct(Own->getBody())) {
        Result = Verdict::no(DiagId::HostCall, "it calls a lambda that " +
                                                   std::string(What) +
                                                   " (not available on the "
                                                   "device)");
        return false;
      }
      return Visiting.count(Own) || checkBody(Own, Def, Path, false);
    }
    if (Visiting.count(Own) ||
        (TU.DeviceFunctions.count(Def) && (!Inst || Checked.count(Inst)))) {
      // Compiled for the device for a one-thread region: right only there.
      if (!OneThread && needsOneThread(Def)) {
        Result = Verdict::no(DiagId::HostCall,
                             "it calls '" + Name +
                                 "', which holds a 'parallel for' whose loop "
                                 "asks the OpenMP API: on the device only a "
                                 "region of one thread (a plain 'target') "
                                 "may call it");
        return false;
      }
      return true;
    }
    if (const char *What = hostOnlyConstruct(Def->getBody())) {
      Result = Verdict::no(DiagId::HostCall, "it calls '" + Name + "', which " +
                                                 What +
                                                 " (not available on the device)");
      return false;
    }
    // Orphaned constructs: atomics and simd loops run on the device.
    std::vector<std::string> Chain = Path;
    Chain.push_back(Name);
    if (Verdict V = checkOrphaned(Def, Chain, TU.Ctx, OneThread); !V.Ok) {
      Result = V;
      return false;
    }
    // A callee cannot be handed the host's globals the way a kernel is: it
    // would read host memory on the device. Declare target variables have
    // device copies it uses instead.
    std::set<const VarDecl *> Unspelled;
    for (const VarDecl *G : globalsUsed(Def->getBody(), &Unspelled)) {
      std::string Why;
      if (planDeviceCopy(G, Def->getBody()->getBeginLoc(), TU, Why) &&
          Unspelled.count(G))
        Why = "named inside a macro's body, where the device copy cannot "
              "replace it";
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
    return checkBody(Own, Def, Chain, true);
  }

  /// In an instantiation's copy of the region: a non-const member function
  /// (a stateful function object's, a `mutable` lambda's) called on a
  /// variable from outside the region, which the kernel gets as a copy of a
  /// dependent type (OpenMP maps an object tofrom: its changes would be
  /// lost).
  bool checkCopiedObject(const FunctionDecl *FD, const CallExpr *C) {
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (!MD || !MD->isInstance() || MD->isConst())
      return true;
    const Expr *Obj = nullptr;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
      Obj = MC->getImplicitObjectArgument();
    else if (isa<CXXOperatorCallExpr>(C) && C->getNumArgs() > 0)
      Obj = C->getArg(0);
    const auto *DRE =
        Obj ? dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts()) : nullptr;
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    const SourceManager &SM = TU.Ctx.getSourceManager();
    if (!VD || SM.isPointWithin(SM.getExpansionLoc(VD->getLocation()),
                                SM.getExpansionLoc(Region.getBegin()),
                                SM.getExpansionLoc(Region.getEnd())))
      return true;
    Result = Verdict::no(DiagId::HostCall,
                         "it calls '" + MD->getNameAsString() + "' of '" +
                             VD->getNameAsString() +
                             "', which is not const: the kernel gets a copy "
                             "of it, whose changes would be lost");
    Result.Where = SM.getExpansionLoc(C->getBeginLoc());
    return false;
  }

  /// What Own's body (Def's, or an instantiation's of it) calls must run on
  /// the device; Def gets `__host__ __device__` when Mark.
  bool checkBody(const FunctionDecl *Own, const FunctionDecl *Def,
                 std::vector<std::string> Chain, bool Mark) {
    Visiting.insert(Own);
    CallChecker Inner(TU, nullptr, Visiting, nullptr, &Checked);
    Inner.Path = std::move(Chain);
    Inner.OneThread = OneThread;
    Inner.Region = Region;
    Inner.AllowDependent = AllowDependent;
    if (Inner.TraverseStmt(Own->getBody()))
      if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Own))
        Inner.checkInits(Ctor);
    Visiting.erase(Own);
    if (!Inner.Result.Ok) {
      Result = Inner.Result;
      return false;
    }
    if (Own != Def)
      Checked.insert(Own);
    if (Mark)
      TU.DeviceFunctions.insert(Def);
    return true;
  }

  /// Whether P is compiled for the device: being checked for it, or marked.
  bool inDevice(const FunctionDecl *P) const {
    const FunctionDecl *Pattern = P->getTemplateInstantiationPattern();
    const FunctionDecl *D = (Pattern ? Pattern : P)->getDefinition();
    return Visiting.count(P) ||
           (D && (Visiting.count(D) || TU.DeviceFunctions.count(D)));
  }

  /// FD is `declare target` and defined in no file of this unit: the user
  /// promises a device definition in another translation unit (OpenMP
  /// 5.2 §7.8.1), which device code can call only with relocatable device
  /// code (--rdc: nvcc -rdc=true and a device link; under the emulation a
  /// plain link). Each declaration gets `__host__ __device__`, so each must
  /// be in a file the translation rewrites.
  bool checkElsewhere(const FunctionDecl *FD) {
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
  bool checkVariant(const FunctionDecl *&FD, const CallExpr *C) {
    DeviceVariant V = deviceVariantOf(FD, TU.Ctx);
    if (V.K == DeviceVariant::Undecidable) {
      Result = Verdict::no(DiagId::HostVariant, V.Why);
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

  TUState &TU;
  std::vector<TextEdit> *Edits;
  std::set<const FunctionDecl *> &Visiting;
  std::vector<ApiCall> *Calls;
  /// Instantiations whose bodies passed, in this region's check (their
  /// pattern may be marked already for another instantiation).
  std::set<const FunctionDecl *> OwnChecked;
  std::set<const FunctionDecl *> &Checked;
};

} // namespace

bool markIfDeviceCallable(const FunctionDecl *F, TUState &TU,
                          std::string *Why) {
  std::set<const FunctionDecl *> Visiting;
  CallChecker C(TU, nullptr, Visiting);
  bool Ok = C.checkFunction(F);
  if (!Ok && Why)
    *Why = C.Result.Reason;
  return Ok;
}

bool isDeclareTargetFunction(const FunctionDecl *FD) {
  for (const FunctionDecl *Re : FD->redecls())
    for (const auto *A : Re->specific_attrs<OMPDeclareTargetDeclAttr>())
      if (A->getDevType() != OMPDeclareTargetDeclAttr::DT_Host)
        return true;
  return false;
}

bool isOmpDeviceApi(llvm::StringRef Name) { return ompDeviceApi().count(Name); }

Verdict checkDeviceCalls(const Stmt *S, TUState &TU,
                         std::vector<TextEdit> &BodyEdits,
                         std::vector<ApiCall> *Calls, bool OneThread) {
  std::set<const FunctionDecl *> Visiting;
  CallChecker C(TU, &BodyEdits, Visiting, Calls);
  C.OneThread = OneThread;
  C.Region = S->getSourceRange();
  C.AllowDependent = true;
  C.TraverseStmt(const_cast<Stmt *>(S));
  if (!C.Result.Ok || !C.SawDependent)
    return C.Result;
  // A region in a template: each instantiation's copy of it says what its
  // calls through template parameters run (Instantiations.h). The pattern
  // made the edits.
  for (const Stmt *Copy : instantiatedCopies(S, TU.Ctx)) {
    std::set<const FunctionDecl *> InstVisiting;
    CallChecker I(TU, nullptr, InstVisiting);
    I.OneThread = OneThread;
    I.Region = S->getSourceRange();
    I.AllowDependent = true;
    I.InInstance = true;
    I.TraverseStmt(const_cast<Stmt *>(Copy));
    if (!I.Result.Ok)
      return I.Result;
  }
  return {};
}

std::set<std::string> ompApiCalledIn(const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::set<std::string> Names;
    bool VisitCallExpr(CallExpr *C) {
      if (const FunctionDecl *FD = C->getDirectCallee()) {
        std::string N = FD->getNameAsString();
        N = N.substr(0, N.find('['));
        if (ompDeviceApi().count(N))
          Names.insert(N);
      }
      return true;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Names;
}

} // namespace omp2cuda
