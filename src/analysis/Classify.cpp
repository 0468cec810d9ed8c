// Region analysis: follows the construct's nest of directives, reads the
// clauses, finds the captured variables and the loop nest, and classifies
// the region (seed 000 §4.2, seed 004 §3.4, ARCHITECTURE.md §3).
#include "analysis/Analysis.h"
#include "analysis/DirectiveTree.h"
#include "analysis/Orphaned.h"
#include "analysis/TemplateContext.h"
#include "analysis/Transparent.h"
#include "edits/BodyPrinter.h"
#include "edits/Edits.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Frontend/OpenMP/OMP.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <sstream>

using namespace clang;

namespace omp2cuda {

PrintingPolicy typePolicy(const ASTContext &Ctx) {
  PrintingPolicy P = Ctx.getPrintingPolicy();
  P.Bool = true;       // C's _Bool is not C++
  P.Restrict = false;  // print __restrict, which g++ and nvcc accept
  P.SuppressUnwrittenScope = true;
  return P;
}

std::string declText(QualType T, const std::string &Name, const ASTContext &Ctx) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  T.print(OS, typePolicy(Ctx), Name);
  return OS.str();
}

namespace {

/// A record with a const (or reference) member, directly or in a member.
bool hasConstMember(QualType T, const ASTContext &Ctx) {
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!RD || !RD->getDefinition())
    return false;
  for (const FieldDecl *F : RD->getDefinition()->fields()) {
    QualType FT = Ctx.getBaseElementType(F->getType());
    if (F->getType()->isReferenceType() || FT.isConstQualified() ||
        hasConstMember(FT, Ctx))
      return true;
  }
  return false;
}


/// The words of a directive name: "target teams distribute parallel for".
struct Words {
  bool Teams = false, Distribute = false, Parallel = false, For = false,
       Loop = false, Simd = false;
  /// Whether K only adds levels this nest lacks: `target parallel {
  /// single }` or `target parallel { parallel for }` are not one construct.
  bool extendsWith(OpenMPDirectiveKind K) const {
    Words Copy = *this;
    bool Any = false;
    for (const std::string &W : words(K)) {
      bool *Level = Copy.level(W);
      if (!Level || *Level) // single, critical, task, ... or a repeat
        return false;
      Any = true;
    }
    return Any;
  }
  void add(OpenMPDirectiveKind K) {
    for (const std::string &W : words(K))
      if (bool *Level = level(W))
        *Level = true;
  }

private:
  static std::vector<std::string> words(OpenMPDirectiveKind K) {
    std::istringstream In(llvm::omp::getOpenMPDirectiveName(K).str());
    std::vector<std::string> Out;
    for (std::string W; In >> W;)
      Out.push_back(W);
    return Out;
  }
  bool *level(const std::string &W) {
    return W == "teams"        ? &Teams
           : W == "distribute" ? &Distribute
           : W == "parallel"   ? &Parallel
           : W == "for"        ? &For
           : W == "loop"       ? &Loop
           : W == "simd"       ? &Simd
                               : nullptr;
  }
};

const Stmt *regionBody(const OMPExecutableDirective &D) {
  if (!D.hasAssociatedStmt())
    return nullptr;
  return D.getInnermostCapturedStmt()->getCapturedStmt();
}

const Stmt *unwrapSingle(const Stmt *S) {
  while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    if (CS->size() != 1)
      break;
    S = CS->body_front();
  }
  return S;
}

std::string sanitize(std::string S) {
  for (char &C : S)
    if (!isalnum(static_cast<unsigned char>(C)) && C != '_')
      C = '_';
  return S;
}

/// The member function whose `this` a region in F uses: F, or for a lambda
/// the member function it is written in. Null outside member functions.
const CXXMethodDecl *thisOwner(const FunctionDecl *F) {
  for (const DeclContext *DC = F; DC; DC = DC->getParent()) {
    const auto *M = dyn_cast<CXXMethodDecl>(DC);
    if (M && !isLambdaCallOperator(M))
      return M;
  }
  return nullptr;
}

std::string functionLabel(const FunctionDecl *F) {
  if (!F)
    return "file";
  // A lambda is named for the function it is written in: main_lambda.
  if (isLambdaCallOperator(F)) {
    const DeclContext *DC = cast<CXXMethodDecl>(F)->getParent()->getDeclContext();
    while (DC && !isa<FunctionDecl>(DC) && !DC->isFileContext())
      DC = DC->getParent();
    const auto *Outer = dyn_cast_or_null<FunctionDecl>(DC);
    return (Outer ? functionLabel(Outer) : std::string("file")) + "_lambda";
  }
  std::string N = F->getNameAsString();
  if (const auto *M = dyn_cast<CXXMethodDecl>(F))
    N = M->getParent()->getNameAsString() + "_" + N;
  return sanitize(N);
}


/// Whether a clause of the region names D.
bool inClause(const ValueDecl *D, const ClauseInfo &CI) {
  return CI.Maps.count(D) || CI.Private.count(D) || CI.FirstPrivate.count(D) ||
         CI.LastPrivate.count(D) || CI.IsDevicePtr.count(D) ||
         CI.HasDeviceAddr.count(D) || CI.Reductions.count(D);
}

/// Makes U, a use of a declare target variable that no clause names, a use
/// of its device copy: each reference re-spelled as the mirror. False (and
/// nothing changed) when it is not one, or when a reference lies where the
/// host evaluates it too (a distributed loop's bounds, with the loop body
/// LoopBody) or where no edit reaches (a macro's body): the variable is then
/// captured as any other.
bool useDeviceCopy(const Use &U, const ClauseInfo &CI, const Stmt *LoopBody,
                   bool HostEvaluatesHeader, TUState &TU,
                   std::vector<TextEdit> &BodyEdits) {
  const auto *VD = dyn_cast<VarDecl>(U.Decl);
  if (!VD || !isDeclareTargetEnter(VD) || inClause(VD, CI) || U.Refs.empty())
    return false;
  const SourceManager &SM = TU.Ctx.getSourceManager();
  std::vector<TextEdit> Edits;
  for (SourceRange SR : U.Refs) {
    unsigned B, E;
    if (!fileOffsets(SM, TU.Ctx.getLangOpts(), SR, B, E))
      return false;
    if (HostEvaluatesHeader && LoopBody &&
        !SM.isPointWithin(SR.getBegin(), LoopBody->getBeginLoc(),
                          LoopBody->getEndLoc()))
      return false;
    Edits.push_back({B, E - B, ""});
  }
  if (std::string Why; !planDeviceCopy(VD, U.Refs.front().getBegin(), TU, Why))
    return false;
  for (TextEdit &E : Edits) {
    E.Text = deviceCopyOf(VD, TU)->Mirror;
    BodyEdits.push_back(std::move(E));
  }
  return true;
}

/// Whether T names the class Top (or a class inside it), which a kernel
/// placed before Top's definition cannot.
bool namesClass(QualType T, const Decl *Top) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const DeclContext *Top;
    bool Found = false;
    bool inTop(const Decl *D) {
      for (const DeclContext *DC = dyn_cast_or_null<DeclContext>(D); DC;
           DC = DC->getParent())
        if (DC == Top)
          return true;
      return false;
    }
    bool VisitRecordType(RecordType *RT) {
      return !(Found = Found || inTop(RT->getDecl()));
    }
    bool VisitInjectedClassNameType(InjectedClassNameType *IT) {
      return !(Found = Found || inTop(IT->getDecl()));
    }
    bool VisitTemplateSpecializationType(TemplateSpecializationType *TS) {
      if (const TemplateDecl *TD = TS->getTemplateName().getAsTemplateDecl())
        Found = Found || inTop(TD->getTemplatedDecl());
      return !Found;
    }
  } V;
  V.Top = dyn_cast<DeclContext>(Top);
  V.TraverseType(T);
  return V.Found;
}

/// The class's typedefs that the region's text names (`value_type v;`,
/// `real(x)`): the kernel is outside the class, so it declares each as an
/// alias of what it stands for, spelled canonically with the kernel's
/// template parameter names. Fails when that names a class member or, for a
/// member defined in its class (InClass: the kernel goes before the class),
/// the class itself.
Verdict classTypedefAliases(const OMPExecutableDirective &D, const Decl *InClass,
                            const TemplateContext &TC, TUState &TU, Region &R) {
  if (SourceLocation L = qualifiedByClass(&D, InClass); L.isValid()) {
    Verdict V = Verdict::no(DiagId::HostType,
                            "the region names a member of its own class by "
                            "the class's name, which the kernel, placed "
                            "before the class, cannot (not supported yet)");
    V.Where = L;
    return V;
  }
  for (const TypedefNameDecl *TD : classScopedTypedefsIn(&D)) {
    QualType T = TD->getUnderlyingType().getCanonicalType();
    std::string Name = TD->getNameAsString();
    if (!classScopedName(T).empty() || (InClass && namesClass(T, InClass)))
      return Verdict::no(DiagId::HostType,
                         "the region names the class's type '" + Name +
                             "', which stands for a type the kernel outside "
                             "the class cannot name");
    R.TypeAliases.push_back(
        "using " + Name + " = " +
        spellParams(renameMovedTags(declText(T, "", TU.Ctx), TU, TU.Ctx), TC) +
        ";");
  }
  return {};
}

/// Where the grid-stride kernel can give linear items their values: the
/// kernel's loop counter is the logical iteration number only when every
/// level of the nest is distributed. The loop's own variable is linear by
/// itself (predetermined); one also mapped is lastprivate (OpenMP 5.2 §17.2
/// keeps a simd loop's own variable out of the outer leaves' clauses).
Verdict linearRule(ClauseInfo &CI, const Region &R, bool SpmdLoop,
                   const std::set<const VarDecl *> &LoopVars) {
  for (auto It = CI.Linear.begin(); It != CI.Linear.end();) {
    const auto *VD = dyn_cast<VarDecl>(It->first);
    if (!VD || !LoopVars.count(VD)) {
      ++It;
      continue;
    }
    if (CI.Maps.count(VD))
      CI.LastPrivate.insert(VD);
    It = CI.Linear.erase(It);
  }
  if (CI.Linear.empty())
    return {};
  clang::SourceLocation Where = CI.Linear.begin()->second.Where;
  auto No = [&](const std::string &Why) {
    Verdict V = Verdict::no(DiagId::HostClause, Why);
    V.Where = Where;
    return V;
  };
  if (R.Class != RegionClass::Combined || SpmdLoop)
    return No("linear on a region with nested constructs is not supported "
              "yet");
  if (R.Loops.size() < CI.Collapse)
    return No("linear on a collapsed nest whose inner loops run in each "
              "thread is not supported yet (the kernel's counter is not the "
              "logical iteration number)");
  for (const auto &[V, L] : CI.Linear)
    if (CI.LastPrivate.count(V) || CI.FirstPrivate.count(V) ||
        CI.Private.count(V) || CI.Reductions.count(V))
      return No("'" + V->getNameAsString() +
                "' is linear and in another data-sharing clause");
  return {};
}

/// How a reduction over an array or array section reaches the kernel: the
/// device copy (mapped tofrom, as OpenMP 5.2 §17.2 maps a combined target
/// construct's reduction items), which the body's updates reach through
/// device atomics (arrayReductionEdits).
Verdict arrayReductionCapture(const Use &U, QualType T,
                              const ClauseInfo::ArrayReduction &AR,
                              const Region &R, bool SpmdLoop, const Stmt *Body,
                              ASTContext &Ctx, Capture &Cap) {
  auto No = [&](const std::string &Why) {
    return Verdict::no(DiagId::HostClause,
                       "the array reduction of '" + Cap.Name + "' " + Why);
  };
  if (R.Class != RegionClass::Combined || SpmdLoop || !Body)
    return No("on a region with nested constructs is not supported yet");
  QualType Elem;
  if (T->isPointerType() && AR.Map.Section)
    Elem = T->getPointeeType();
  else if (T->isConstantArrayType())
    Elem = Ctx.getAsArrayType(T)->getElementType();
  if (Elem.isNull() || Elem->isArrayType() || Cap.IsVLA)
    return No("is supported on one-dimensional fixed-size arrays and sections "
              "of pointers only");
  if (!isAtomicNumber(Elem, Ctx) || Elem->isBooleanType() ||
      Elem.isConstQualified())
    return No("has elements that are not integers of 1 to 8 bytes, float or "
              "double");
  const SourceManager &SM = Ctx.getSourceManager();
  for (SourceRange SR : U.Refs)
    if (!SM.isPointWithin(SR.getBegin(), Body->getBeginLoc(), Body->getEndLoc()))
      return No("is used in the loop bounds");
  if (!Cap.Map)
    Cap.Map = AR.Map;
  else if (AR.Map.Section && !Cap.Map->Section)
    return No("maps the whole array and reduces a section of it, which is "
              "not supported yet");
  // The combined result must come back whatever the map says.
  Cap.Map->Type = MapType::ToFrom;
  Cap.How = Cap.IsPointer ? Passing::DevicePointer : Passing::MappedObject;
  return {};
}

} // namespace

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
  const OMPExecutableDirective &D = *C.Directive;
  ASTContext &Ctx = TU.Ctx;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();

  Region R;
  R.Index = Index;
  TU.PendingMoves.clear();
  SourceLocation Loc = SM.getExpansionLoc(D.getBeginLoc());
  R.Loc = {TU.FileName, SM.getExpansionLineNumber(Loc),
           SM.getExpansionColumnNumber(Loc)};
  R.Directive = llvm::omp::getOpenMPDirectiveName(D.getDirectiveKind()).str();
  {
    unsigned B, E;
    if (!D.getBeginLoc().isMacroID() &&
        fileOffsets(SM, LO, SourceRange(D.getBeginLoc(), D.getEndLoc()), B, E)) {
      std::string P = SM.getBufferData(SM.getMainFileID()).slice(B, E).str();
      // Continuation lines become one line for comments and reports.
      std::string Flat;
      for (size_t I = 0; I < P.size(); ++I) {
        if (P[I] == '\\' && I + 1 < P.size() && P[I + 1] == '\n') {
          ++I;
          continue;
        }
        char Ch = P[I] == '\n' || P[I] == '\t' ? ' ' : P[I];
        if (Ch == ' ' && !Flat.empty() && Flat.back() == ' ')
          continue;
        Flat += Ch;
      }
      R.Pragma = Flat;
    } else {
      R.Pragma = "#pragma omp " + R.Directive;
    }
  }
  R.Function = C.Function ? C.Function->getQualifiedNameAsString() : "";
  if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(C.Function);
      M && isLambdaCallOperator(M)) {
    // "main()::(anonymous class)::operator()" says less than "a lambda in
    // main()".
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(M->getParent()->getBeginLoc()));
    std::string Outer = R.Function.substr(0, R.Function.find("::(anonymous class)"));
    R.Function = "the lambda at line " + std::to_string(P.isValid() ? P.getLine() : 0) +
                 " in " + Outer;
  }
  std::string Base =
      "omp2cuda_" + TU.KernelPrefix + functionLabel(C.Function) + "_L" +
      std::to_string(R.Loc.Line);
  unsigned N = TU.NameCount[Base]++;
  R.KernelBase = N ? Base + "_" + std::to_string(N) : Base;

  // Analysis has no side effects on a region it leaves on the host: the
  // functions its calls would have made __host__ __device__ stay as they
  // are (a lambda so marked broke the host build).
  const std::set<const FunctionDecl *> DeviceFunctionsBefore = TU.DeviceFunctions;
  const std::map<const VarDecl *, DeviceGlobal> DeviceGlobalsBefore = TU.DeviceGlobals;
  auto Fail = [&](const Verdict &V) {
    R.Translate = false;
    R.Why = V.Id;
    R.Reason = V.Reason;
    TU.DeviceFunctions = DeviceFunctionsBefore;
    TU.DeviceGlobals = DeviceGlobalsBefore;
    return R;
  };
  // A decision of the SPMD rules points at the construct that made it.
  auto FailAt = [&](const Verdict &V, SourceLocation Where) {
    if (Where.isValid()) {
      SourceLocation L = SM.getExpansionLoc(Where);
      R.WhyPos = {TU.FileName, SM.getExpansionLineNumber(L),
                  SM.getExpansionColumnNumber(L)};
    }
    return Fail(V);
  };
  // The user keeps this region on the host (`// omp2cuda: host`): a remark,
  // and nothing else to analyse.
  if (!C.HostComment.empty())
    return Fail(Verdict::no(DiagId::HostOnPurpose,
                            "the comment '// " + C.HostComment + "' asks for it"));

  // --- Where the construct is --------------------------------------------
  if (D.getBeginLoc().isMacroID()) {
    if (SM.isMacroArgExpansion(D.getBeginLoc()))
      return Fail(Verdict::no(DiagId::HostMacro,
                              "the construct is written in a macro argument"));
    R.BodyFromMacro = true;
  }
  if (!C.Function)
    return Fail(Verdict::no(DiagId::HostContext, "the construct is not in a function"));
  // In a function template or a member of a class template, the kernel and
  // stub take the same template parameters.
  TemplateContext TC = templateContextOf(*C.Function, SM, LO);
  if (!TC.Problem.empty())
    return Fail(Verdict::no(DiagId::HostContext, TC.Problem));
  R.TemplateHeader = TC.Header;
  R.TemplateArgs = TC.Args;

  // --- Data constructs -------------------------------------------------------
  OpenMPDirectiveKind K = D.getDirectiveKind();
  ClauseInfo CI;
  std::vector<TextEdit> ClauseEdits = TU.FileEdits;
  ClauseEdits.insert(ClauseEdits.end(), TU.HostApiEdits.begin(),
                     TU.HostApiEdits.end());
  if (isOpenMPTargetDataManagementDirective(K)) {
    R.Class = K == llvm::omp::OMPD_target_data ? RegionClass::DataEnv
                                               : RegionClass::DataStmt;
    if (Verdict V = readClauses(D, CI, Ctx, ClauseEdits); !V.Ok)
      return FailAt(V, CI.FailLoc.isValid() ? CI.FailLoc : V.Where);
    if (SourceLocation Where; !mapperUse(D, Ctx, Where).Ok)
      return FailAt(mapperUse(D, Ctx, Where), Where);
  }

  // --- Follow the nest of directives: target [teams] [distribute] ... -------
  std::vector<const OMPExecutableDirective *> Chain{&D};
  const OMPLoopDirective *LoopDir = nullptr;
  Words W;
  if (!isOpenMPTargetDataManagementDirective(K)) {
    const OMPExecutableDirective *Cur = &D;
    while (true) {
      W.add(Cur->getDirectiveKind());
      if (const auto *L = dyn_cast<OMPLoopDirective>(Cur)) {
        LoopDir = L;
        break;
      }
      const auto *Child =
          dyn_cast_or_null<OMPExecutableDirective>(unwrapSingle(regionBody(*Cur)));
      if (!Child || !Child->hasAssociatedStmt() ||
          isOpenMPTargetExecutionDirective(Child->getDirectiveKind()) ||
          !W.extendsWith(Child->getDirectiveKind()))
        break;
      Chain.push_back(Child);
      Cur = Child;
    }
    for (const OMPExecutableDirective *X : Chain)
      if (Verdict V = readClauses(*X, CI, Ctx, ClauseEdits); !V.Ok)
        return FailAt(V, CI.FailLoc.isValid() ? CI.FailLoc : V.Where);
    if (SourceLocation Where; !mapperUse(D, Ctx, Where).Ok)
      return FailAt(mapperUse(D, Ctx, Where), Where);
  }
  R.NumTeams = CI.NumTeams;
  R.ThreadLimit = CI.ThreadLimit;
  R.IfCond = CI.IfCond;
  R.Device = CI.Device;
  R.NoWait = CI.NoWait;
  for (const auto &[VD, Reference] : CI.DeviceAliases) {
    // The alias hides the variable in the body; a qualified name would not
    // be hidden.
    if (VD->isStaticDataMember() || !VD->getDeclContext()->isFunctionOrMethod())
      if (!VD->getDeclContext()->getRedeclContext()->isTranslationUnit())
        return Fail(Verdict::no(DiagId::HostClause,
                                "use_device_ptr/use_device_addr of '" +
                                    VD->getQualifiedNameAsString() +
                                    "', a member or namespace variable, is not "
                                    "supported yet"));
    std::string Name = VD->getNameAsString();
    if (!LO.CPlusPlus && isCxxOnlyKeyword(Name))
      Name += "_"; // renamed in the whole file (CCompat.cpp)
    R.DeviceAliases.push_back({Name, Reference});
  }
  // The aliases are declared at the start of the construct's body, which
  // must be text of the file.
  if (!R.DeviceAliases.empty() &&
      (D.getBeginLoc().isMacroID() ||
       D.getStructuredBlock()->getBeginLoc().isMacroID()))
    return Fail(Verdict::no(DiagId::HostMacro,
                            "use_device_ptr/use_device_addr on a construct "
                            "from a macro is not supported yet"));
  R.Depend = CI.Depend;
  R.PointerMaps = CI.PointerMaps;
  R.Collapse = CI.Collapse;
  R.ScheduleChunk = CI.ScheduleChunk;
  R.Remarks = CI.Remarks;

  const Stmt *Inner = regionBody(*Chain.back());
  std::vector<const OMPAtomicDirective *> Atomics;
  const Stmt *Body = Inner;
  std::set<const VarDecl *> LoopVars;
  DirectiveTree Tree; // the SPMD form's, for regions with nested constructs
  // The code that constructs rewritten in place stand in, outside the SPMD
  // form: one thread per team, every thread of a parallel region, or an
  // iteration of a worksharing loop.
  DirContext TextWhere = DirContext::TeamCode;
  bool SpmdLoop = false; // the region is a distribute loop in the SPMD form
  if (R.Class != RegionClass::DataEnv && R.Class != RegionClass::DataStmt) {
    if (LoopDir) {
      R.Class = RegionClass::Combined;
      bool Grid = (W.Teams && W.Distribute && W.Parallel && W.For) ||
                  (W.Teams && W.Loop);
      bool OneTeam = !W.Teams && W.Parallel && (W.For || W.Loop);
      bool SimdOnly = !W.Teams && !W.Parallel && W.Simd && !W.For;
      bool TeamsOnly = W.Teams && W.Distribute && !W.Parallel;
      // teams distribute with parallel constructs in its body: one block
      // per iteration at a time (issue 9 point 6).
      SpmdLoop = TeamsOnly && !W.Simd && !R.BodyFromMacro &&
                 containsDirectiveOtherThanAtomic(Inner, Atomics);
      if (!Grid && !OneTeam && !SimdOnly && !TeamsOnly)
        return Fail(Verdict::no(DiagId::HostGeneral,
                                "'" + R.Directive +
                                    "' with this nesting is not supported "
                                    "yet"));
      if (OneTeam || SimdOnly)
        R.SingleTeam = true;
      TextWhere = TeamsOnly ? DirContext::TeamCode : DirContext::LoopBody;
      R.SimdChunks = SimdOnly;
      if (SimdOnly && R.ThreadLimit.empty())
        // One warp plays the SIMD lanes; with safelen(n) only n iterations
        // may run at once, and a stride of n keeps each dependence chain
        // on one thread.
        R.ThreadLimit = CI.Safelen && CI.Safelen < 32
                            ? std::to_string(CI.Safelen)
                            : "32";
      if (TeamsOnly && !SpmdLoop) {
        // Only each team's initial thread runs a distribute loop: a team is
        // one CUDA thread, so that its private copies (firstprivate x)
        // persist over all of the team's iterations; the grid's threads are
        // the teams, so dist_schedule's chunks are the kernel's chunks.
        R.ThreadLimit = "1";
        R.ScheduleChunk = CI.DistChunk;
      }
      std::vector<const VarDecl *> Sequential;
      if (Verdict V = analyzeLoopNest(Inner, R.Collapse, Ctx, TU.FileEdits, R.Loops, LoopVars,
                                      &Body, &Sequential);
          !V.Ok)
        return Fail(V);
      if (R.Loops.size() < R.Collapse) {
        // A level's bounds depend on an outer variable: the rectangular
        // outer levels are distributed, the others run in each thread.
        R.Remarks.emplace_back(
            DiagId::CollapsePartial,
            "collapse(" + std::to_string(R.Collapse) + "): loop " +
                std::to_string(R.Loops.size() + 1) +
                " depends on an outer loop variable; the kernel distributes "
                "the iterations of the outer " +
                (R.Loops.size() == 1 ? std::string("loop")
                                     : std::to_string(R.Loops.size()) + " loops") +
                " and runs the inner loops in each thread");
        R.Collapse = R.Loops.size();
        for (const VarDecl *V : Sequential) {
          if (CI.LastPrivate.count(V) || CI.FirstPrivate.count(V) ||
              CI.Reductions.count(V))
            return Fail(Verdict::no(DiagId::HostClause,
                                    "a data-sharing clause on '" +
                                        V->getNameAsString() +
                                        "', the variable of a loop that is "
                                        "not collapsed, is not supported yet"));
          CI.Private.insert(V); // predetermined private
        }
      }
      if (SpmdLoop && R.Loops.size() < R.Collapse)
        return Fail(Verdict::no(DiagId::HostLoop,
                                "a non-rectangular collapse of a distribute "
                                "loop with nested constructs is not supported "
                                "yet"));
      if (SpmdLoop) {
        Tree = spmdTree(DirKind::TeamLoop, Body, Inner, CI, Ctx, true);
        if (!Tree.V.Ok && Tree.V.Id == DiagId::HostGeneral)
          Tree = controlLoopInstead(Tree, DirKind::TeamLoop, Body, Inner, CI,
                                    Ctx, true, R);
        if (!Tree.V.Ok)
          return FailAt(Tree.V, Tree.Where);
        R.Class = RegionClass::Spmd;
      } else if (containsDirectiveOtherThanAtomic(Inner, Atomics))
        return Fail(Verdict::no(DiagId::HostGeneral,
                                "the loop body of '" + R.Directive +
                                    "' contains OpenMP directives, which is "
                                    "not supported yet"));
    } else if ((containsDirectiveOtherThanAtomic(Inner, Atomics) ||
                (W.Parallel && hasTransparent(Inner))) &&
               !R.BodyFromMacro) {
      // A parallel region's single, master or critical lets its threads
      // share what one of them writes: the SPMD tree checks that they share
      // it for real (the sequential form gives each thread its own copy).
      // Team-master code around parallel regions, or a parallel region
      // with worksharing in it: the SPMD form (issue 9 point 6).
      Tree = spmdTree(W.Parallel ? DirKind::Parallel : DirKind::Team, Inner,
                      Inner, CI, Ctx, W.Teams);
      // Team-master code the SPMD form cannot run on every thread: thread 0
      // runs it, and the control loop leads the team through its parallel
      // constructs.
      if (!Tree.V.Ok && Tree.V.Id == DiagId::HostGeneral && !W.Parallel)
        Tree = controlLoopInstead(Tree, DirKind::Team, Inner, Inner, CI, Ctx,
                                  W.Teams, R);
      if (!Tree.V.Ok)
        return FailAt(Tree.V, Tree.Where);
      R.Class = RegionClass::Spmd;
      if (!W.Teams)
        R.NumTeams = "1";
      R.SingleTeam = !W.Teams;
    } else {
      if (containsDirectiveOtherThanAtomic(Inner, Atomics))
        return Fail(Verdict::no(DiagId::HostGeneral,
                                "the region mixes sequential code with nested "
                                "OpenMP constructs in a way not supported "
                                "yet"));
      R.Class = RegionClass::Sequential;
      TextWhere = W.Parallel ? DirContext::ParallelCode : DirContext::TeamCode;
      // The body runs on every thread of every team: one team of one thread
      // unless `teams` or `parallel` asked for more.
      if (!W.Teams)
        R.NumTeams = "1";
      else if (R.NumTeams.empty())
        R.NumTeams = "1";
      if (!W.Parallel)
        R.ThreadLimit = "1";
      R.SingleThread = !W.Teams && !W.Parallel;
    }
  }

  if (Verdict V = linearRule(CI, R, SpmdLoop, LoopVars); !V.Ok)
    return FailAt(V, V.Where);

  // if(parallel: c) false: teams of one thread; if(teams: c) false: one
  // team (a launch bound of 0 means none).
  if (!CI.ParallelIf.empty() && W.Parallel)
    R.ThreadLimit = "((" + CI.ParallelIf + ") ? (" +
                    (R.ThreadLimit.empty() ? "0" : R.ThreadLimit) + ") : 1)";
  if (!CI.TeamsIf.empty() && W.Teams)
    R.NumTeams = "((" + CI.TeamsIf + ") ? (" +
                 (R.NumTeams.empty() ? "0" : R.NumTeams) + ") : 1)";

  // --- Calls -----------------------------------------------------------------
  // OpenMP API calls in the loop header, and in the body where no edit
  // re-spells them (a body printed from the AST respells them all).
  std::set<std::string> HeaderApi, UneditedApi;
  std::vector<TextEdit> BodyEdits;
  std::vector<TextEdit> BoundEdits = TU.FileEdits; // loop headers' texts
  BodyRespell Respell; // the same changes, for bodies printed from the AST
  Respell.RenameCxxKeywords = !LO.CPlusPlus;
  bool IsData = R.Class == RegionClass::DataEnv || R.Class == RegionClass::DataStmt;
  if (Inner && !IsData) {
    std::vector<ApiCall> Calls;
    if (Verdict V = checkDeviceCalls(Inner, TU, BodyEdits, &Calls,
                                     R.SingleThread);
        !V.Ok)
      return FailAt(fromRegionAt(V, R.Loc.Line), V.Where);
    for (const ApiCall &AC : Calls) {
      bool InHeader = (R.Class == RegionClass::Combined || SpmdLoop) && Body &&
                      !SM.isPointWithin(SM.getExpansionLoc(AC.Loc),
                                        SM.getExpansionLoc(Body->getBeginLoc()),
                                        SM.getExpansionLoc(Body->getEndLoc()));
      R.TripOnDevice = R.TripOnDevice || InHeader;
      // The header is evaluated before the parallel level starts (one
      // thread, level 0), where every kernel thread would give its own
      // answer.
      if (InHeader && W.Parallel && isMasterAnswered(AC.Name))
        return Fail(Verdict::no(DiagId::HostCall,
                                "the loop bounds call '" + AC.Name +
                                    "', which the kernel's threads would answer "
                                    "each for itself inside the parallel level"));
      if (InHeader)
        HeaderApi.insert(AC.Name);
      else if (!AC.Edited)
        UneditedApi.insert(AC.Name);
    }
  }
  if (Inner && !IsData)
    for (const NamedDecl *Local : localTypesNamedIn(Inner, Ctx))
      if (std::string Why; !planLocalTypeMove(Local, C.TopLevel, C.Function, TU, Why))
        return Fail(Verdict::no(
            DiagId::HostType,
            "the region names " +
                (Local->getName().empty() ? std::string("an unnamed type")
                                          : "'" + Local->getNameAsString() + "'") +
                ", declared inside the function, which cannot move to file "
                "scope: " + Why));

  // --- Captured variables ----------------------------------------------------
  CaptureScan Scan;
  if (Inner && !IsData)
    Scan = scanCaptures(Inner, Ctx);
  if (!Scan.ThisProblem.empty())
    return Fail(Verdict::no(DiagId::HostContext, Scan.ThisProblem));
  scanClauseExprs(CI.ClauseExprs, Scan, Ctx);
  // A linear variable the body does not name still gets its final value.
  for (const auto &[VD, L] : CI.Linear)
    if (!CI.Maps.count(VD))
      CI.Maps.emplace(VD, makeMap(MapType::ToFrom, true));
  // Variables named only in clauses (map(to: x) with x unused) still map.
  for (const auto &[VD, MI] : CI.Maps) {
    bool Known = false;
    for (const Use &U : Scan.Uses)
      Known = Known || U.Decl == VD;
    if (!Known)
      Scan.Uses.push_back(Use{VD, isa<FieldDecl>(VD), false, {}, {}});
  }

  // Parameters in declaration order read like the function's own.
  std::stable_sort(Scan.Uses.begin(), Scan.Uses.end(),
                   [&](const Use &A, const Use &B) {
                     if (A.Member != B.Member)
                       return B.Member;
                     return SM.isBeforeInTranslationUnit(A.Decl->getLocation(),
                                                         B.Decl->getLocation());
                   });

  // A member function defined inside its class gets its kernel before the
  // class, where the class's own member types cannot be named: spell such
  // types canonically.
  auto defaultmapFor = [&](char Kind) {
    auto It = CI.Defaultmap.find(Kind);
    return It == CI.Defaultmap.end() ? std::string() : It->second;
  };
  // The implicit map of a category, after defaultmap.
  auto implicitMap = [&](char Kind, MapType Default) {
    std::string DM = defaultmapFor(Kind);
    MapInfo M = makeMap(Default, true);
    if (DM == "to")
      M.Type = MapType::To;
    else if (DM == "from")
      M.Type = MapType::From;
    else if (DM == "alloc")
      M.Type = MapType::Alloc;
    else if (DM == "tofrom")
      M.Type = MapType::ToFrom;
    else if (DM == "present")
      M.Present = true;
    return M;
  };

  // The class (or class template) whose definition holds the region: the
  // kernel goes before it.
  const Decl *TopClass = C.TopLevel;
  if (const auto *CT = dyn_cast_or_null<ClassTemplateDecl>(TopClass))
    TopClass = CT->getTemplatedDecl();
  bool InClass = isa<CXXMethodDecl>(C.Function) && TopClass &&
                 isa<CXXRecordDecl>(TopClass);
  int64_t ParamBytes = 0;
  // Array reductions whose updates the body text turns into atomics.
  std::vector<std::pair<const ValueDecl *, std::string>> ArrayRed;
  for (const Use &U : Scan.Uses) {
    // Loop variables are predetermined private; lastprivate ones get the
    // value they would have after the sequential loop.
    const auto *LoopVD = dyn_cast<VarDecl>(U.Decl);
    bool LoopVariable = LoopVD && LoopVars.count(LoopVD);
    if (LoopVariable && !CI.LastPrivate.count(LoopVD))
      continue;
    // A data construct moves only what its clauses map; other names in its
    // clause expressions (`i` and `p` of `p[i][0:n]`) stay where they are.
    if (IsData && !CI.Maps.count(U.Decl))
      continue;
    // A declare target variable that no clause names is its device copy in
    // the kernel, with no data movement (OpenMP 5.2 §5.8.1).
    if (!IsData && !R.BodyFromMacro && useDeviceCopy(U, CI, Body, R.Class == RegionClass::Combined || SpmdLoop, TU, BodyEdits))
      continue;
    Capture Cap;
    Cap.Name = U.Decl->getNameAsString();
    if (!LO.CPlusPlus && isCxxOnlyKeyword(Cap.Name))
      Cap.Name += "_"; // renamed in the whole file (CCompat.cpp)
    Cap.IsMember = U.Member;
    Cap.CallArg = U.Member ? "this->" + Cap.Name : Cap.Name;
    if (const auto *VD = dyn_cast<VarDecl>(U.Decl); VD && VD->isStaticDataMember())
      Cap.CallArg = VD->getQualifiedNameAsString();
    else if (VD && VD->getDeclContext()->isNamespace())
      Cap.CallArg = namespaceQualified(VD);
    Cap.InBody = !U.Refs.empty();
    Cap.Written = U.Written;
    QualType T = U.Decl->getType().getNonReferenceType();
    // In a const member function the data members are const too (in a
    // lambda, the function whose `this` it captured decides).
    if (const CXXMethodDecl *MD = thisOwner(C.Function);
        U.Member && MD && MD->isConst() && !cast<FieldDecl>(U.Decl)->isMutable())
      T = Ctx.getConstType(T);
    if (InClass && !T->isDependentType())
      T = T.getCanonicalType();
    // Written with the class's parameter names; spellParams puts in the
    // out-of-line definition's.
    if (TC.Renamed && U.Member && T->isDependentType())
      T = T.getCanonicalType();
    if (T->isFunctionPointerType() || T->isMemberFunctionPointerType() ||
        T->isFunctionReferenceType())
      return Fail(Verdict::no(DiagId::HostType,
                              "'" + Cap.Name + "' is a pointer to a function, "
                              "which the device cannot call"));
    // A dependent type is spelled as written, and at file scope a name of
    // the class's own scope means nothing: a member typedef is spelled as
    // what it stands for (canonically: the template's parameters by
    // position, which spellParams names), a member class cannot be.
    if (!classScopedName(T).empty())
      T = T.getCanonicalType();
    if (T->isDependentType())
      if (std::string Name = classScopedName(T); !Name.empty())
        return Fail(Verdict::no(DiagId::HostType,
                                "'" + Cap.Name + "' has a type that names '" +
                                    Name + "' of the class template, which "
                                    "the kernel outside the class cannot name"));
    if (spelledByExpression(T)) {
      if (T->isDependentType())
        return Fail(Verdict::no(DiagId::HostType,
                                "'" + Cap.Name + "' has a type written with "
                                "decltype or typeof in a template"));
      T = T.getCanonicalType();
    }
    // The kernel and stub are at file scope: a local typedef is spelled
    // through, a local struct, union or enum cannot be named there. Data
    // constructs name no type (their runtime calls take addresses and sizes
    // in place).
    if (!IsData && !localTypesOf(T).empty()) {
      if (T->isDependentType())
        // Its canonical spelling would name the template's parameters by
        // position (type-parameter-0-0).
        return Fail(Verdict::no(DiagId::HostType,
                                "'" + Cap.Name + "' has a type declared inside "
                                "a function template, which the kernel cannot "
                                "name"));
      if (localTypesOf(T.getCanonicalType()).empty())
        T = T.getCanonicalType();
      else
        for (const NamedDecl *Local : localTypesOf(T))
          if (std::string Why; !planLocalTypeMove(Local, C.TopLevel, C.Function, TU, Why))
            return Fail(Verdict::no(
                DiagId::HostType,
                "'" + Cap.Name + "' has a type declared inside the function, "
                "which the kernel cannot name and which cannot move to file "
                "scope: " + Why));
    }
    if (InClass && !IsData) {
      // The kernel goes before the class, where the class is incomplete (a
      // data construct's calls stay in the member's body, where it is
      // complete).
      const Type *Base = T->getPointeeOrArrayElementType();
      while (Base->isPointerType() || Base->isArrayType())
        Base = Base->getPointeeOrArrayElementType();
      if (const TagDecl *TD = Base->getAsTagDecl())
        for (const DeclContext *DC = TD; DC; DC = DC->getParent())
          if (DC == dyn_cast<DeclContext>(TopClass))
            return Fail(Verdict::no(DiagId::HostContext,
                                    "'" + Cap.Name + "' has a type of the class "
                                    "being defined; define the member function "
                                    "outside the class to offload it"));
    }
    // A one-dimensional variable-length array travels as its first
    // element's address and its size (C++ has no reference to a VLA).
    Cap.IsVLA = T->isVariableArrayType();
    if (Cap.IsVLA && Ctx.getAsArrayType(T)->getElementType()->isVariablyModifiedType())
      return Fail(Verdict::no(DiagId::HostType,
                              "'" + Cap.Name +
                                  "' is a multi-dimensional variable-length array"));
    Cap.ValueType = declText(T, "", Ctx);
    Cap.IsPointer = T->isPointerType();
    Cap.IsArray = T->isConstantArrayType() || Cap.IsVLA ||
                  (T->isArrayType() && T->isDependentType());
    if (Cap.IsPointer)
      Cap.ElemType = declText(T->getPointeeType(), "", Ctx);
    if (Cap.IsArray) {
      QualType Decayed = Ctx.getArrayDecayedType(T);
      Cap.DecayType = declText(Decayed, "", Ctx);
      Cap.ElemType = declText(Decayed->getPointeeType(), "", Ctx);
    }
    auto MapIt = CI.Maps.find(U.Decl);
    if (MapIt != CI.Maps.end())
      Cap.Map = MapIt->second;

    if (auto AR = CI.ArrayReductions.find(U.Decl); AR != CI.ArrayReductions.end()) {
      if (Verdict V = arrayReductionCapture(U, T, AR->second, R, SpmdLoop,
                                            Body, Ctx, Cap);
          !V.Ok)
        return FailAt(V, V.Where);
      ArrayRed.emplace_back(U.Decl, AR->second.Op);
    } else if (CI.Reductions.count(U.Decl)) {
      if (!isAtomicNumber(T, Ctx))
        return Fail(Verdict::no(DiagId::HostType,
                                "the reduction variable '" + Cap.Name +
                                    "' is not an integer of 1 to 8 bytes or a "
                                    "float or double"));
      Cap.How = Passing::Reduction;
      Cap.ReductionOp = CI.Reductions[U.Decl];
      if (!Cap.Map)
        Cap.Map = makeMap(MapType::ToFrom, true);
    } else if (CI.Linear.count(U.Decl)) {
      // OpenMP 5.2 §17.2: on a combined target construct a linear item is
      // firstprivate and lastprivate for the outer leaves, so mapped
      // tofrom; each iteration starts from the original's value.
      Cap.How = Passing::LastPrivate;
      Cap.LinearStep = CI.Linear[U.Decl].Step;
      Cap.LinearWide = T->isDependentType() || Ctx.getTypeSize(T) > 32;
    } else if (CI.LastPrivate.count(U.Decl)) {
      if (R.Class != RegionClass::Combined || Cap.IsArray ||
          CI.FirstPrivate.count(U.Decl))
        return Fail(Verdict::no(DiagId::HostClause,
                                "lastprivate of '" + Cap.Name +
                                    "' is supported for scalars on loops only"));
      // OpenMP 5.x: a lastprivate list item of a combined target construct
      // is mapped tofrom.
      Cap.How = Passing::LastPrivate;
      if (!Cap.Map)
        Cap.Map = makeMap(MapType::ToFrom, true);
      if (CI.CondLastPrivate.count(U.Decl)) {
        // Keys of (iteration + 1) << 32 | value: a 32-bit count, values of
        // up to 4 bytes, and every write an assignment the text shows.
        const auto *VD = dyn_cast<VarDecl>(U.Decl);
        std::string Why;
        if (!VD || LoopVariable || SpmdLoop || R.BodyFromMacro || !Body)
          Why = "is supported on variables of a loop's body only";
        else if (R.Loops.size() != 1 || R.Loops[0].Is64Bit)
          Why = "is supported on one loop with a 32-bit count only";
        else if (T->isDependentType() || !isAtomicNumber(T, Ctx) ||
                 Ctx.getTypeSize(T) > 32)
          Why = "is supported on integers and floats of up to 4 bytes only";
        else if (!Atomics.empty())
          Why = "is not supported in a body with atomics yet";
        if (!Why.empty())
          return Fail(Verdict::no(DiagId::HostClause,
                                  "lastprivate(conditional: " + Cap.Name +
                                      ") " + Why));
        if (Verdict V = condLastprivateEdits(Body, VD, Cap.Name, Ctx, BodyEdits);
            !V.Ok)
          return FailAt(V, V.Where);
        Cap.CondLast = true;
      }
    } else if (CI.Private.count(U.Decl)) {
      Cap.How = Passing::Private;
    } else if (CI.HasDeviceAddr.count(U.Decl) && !Cap.IsPointer) {
      if (Cap.IsVLA)
        return Fail(Verdict::no(DiagId::HostClause,
                                "has_device_addr of the variable-length array '" +
                                    Cap.Name + "' is not supported yet"));
      Cap.How = Passing::MappedObject; // by the address it already has
      Cap.DeviceAddress = true;
    } else if (CI.IsDevicePtr.count(U.Decl) || CI.HasDeviceAddr.count(U.Decl)) {
      if (!Cap.IsPointer)
        return Fail(Verdict::no(DiagId::HostClause,
                                "is_device_ptr of '" + Cap.Name +
                                    "', which is not a pointer"));
      Cap.How = Passing::Value; // a device address: passed as it is
    } else if (CI.FirstPrivate.count(U.Decl)) {
      Cap.How = Passing::Value;
      Cap.BoxedArray = Cap.IsArray;
    } else if (Cap.IsPointer) {
      std::string DM = defaultmapFor('p');
      // defaultmap(to|from|tofrom|alloc|present: pointer) maps the pointer
      // variable itself, as map(<type>: p) would (OpenMP 5.2 §5.8.7;
      // present: map(present, alloc: p)).
      if (!Cap.Map && !IsData &&
          (DM == "to" || DM == "from" || DM == "tofrom" || DM == "alloc" ||
           DM == "present")) {
        Cap.Map = implicitMap('p', MapType::ToFrom);
        if (DM == "present")
          Cap.Map->Type = MapType::Alloc;
      }
      if (!Cap.Map && DM == "firstprivate")
        Cap.How = Passing::Value; // the host address, untranslated
      else if (!Cap.Map && !DM.empty() && DM != "default")
        return Fail(Verdict::no(DiagId::HostClause,
                                "defaultmap(" + DM + ": pointer) is not supported yet"));
      else if (Cap.Map && !Cap.Map->Section && !IsData) {
        // map(tofrom: p) maps the pointer itself: the kernel may assign it
        // and the host sees the new value (attached to the pointee when
        // that is on the device, so that the kernel can dereference it).
        Cap.How = Passing::MappedObject;
        Cap.PointerObject = true;
      } else {
        Cap.How = Passing::DevicePointer;
        // A data construct's map(to: p) maps the pointer variable too (its
        // storage, attached like a target region's), so that a later
        // map(present: p) or defaultmap(present: pointer) finds it.
        Cap.PointerObject = IsData && Cap.Map && !Cap.Map->Section;
      }
    } else if (Cap.IsArray) {
      Cap.How = Passing::MappedObject;
      if (!Cap.Map && defaultmapFor('a') == "firstprivate") {
        Cap.How = Passing::Value;
        Cap.BoxedArray = true;
      } else if (!Cap.Map) {
        Cap.Map = implicitMap('a', MapType::ToFrom);
      }
    } else if (T->isRecordType()) {
      const auto *RD = T->getAsCXXRecordDecl();
      // OpenMP 5.x: an aggregate that no clause names is mapped tofrom.
      Cap.How = Passing::MappedObject;
      if (!Cap.Map && defaultmapFor('a') == "firstprivate")
        Cap.How = Passing::Value;
      else if (!Cap.Map)
        Cap.Map = implicitMap('a', MapType::ToFrom);
      // A mapped object is copied bitwise, as OpenMP implementations do
      // (clang warns that such a type is "not guaranteed to be mapped
      // correctly"), and used in place; a kernel parameter needs a trivial
      // copy, and a device cannot follow a host virtual-table pointer.
      if (RD && RD->isPolymorphic())
        return Fail(Verdict::no(DiagId::HostType,
                                "'" + Cap.Name + "' has virtual functions, and "
                                "the device cannot use a host object's "
                                "virtual-table pointer"));
      if (RD && !RD->isTriviallyCopyable() && Cap.How == Passing::Value)
        return Fail(Verdict::no(DiagId::HostType,
                                "'" + Cap.Name + "' is not trivially copyable"));
    } else {
      // Scalars: firstprivate unless a clause (or defaultmap) maps them.
      if (!Cap.Map) {
        std::string DM = defaultmapFor('s');
        const auto *VD = dyn_cast<VarDecl>(U.Decl);
        if (DM == "tofrom" || DM == "from" || DM == "present")
          Cap.Map = implicitMap('s', MapType::ToFrom);
        else if (VD && isDeclareTargetLink(VD))
          // A `declare target link` variable is treated as if it appeared
          // in a map clause with tofrom (OpenMP 4.5 §2.15.5, kept since):
          // its one device storage, which functions the region calls use.
          Cap.Map = makeMap(MapType::ToFrom, true);
        else if (U.Member && U.Written)
          // A member is reached through `this`, which OpenMP maps tofrom
          // (this[:1]): what the region writes to it is seen afterwards.
          // Members only read stay firstprivate values (same result).
          Cap.Map = makeMap(MapType::ToFrom, true);
      }
      // A mapped scalar lives in device storage: it may already be present
      // (enter data) and later regions may read what this one writes.
      Cap.How = Cap.Map ? Passing::MappedObject : Passing::Value;
    }
    if (Cap.Map && Cap.Map->Section && !Cap.IsPointer && !Cap.IsArray)
      return Fail(Verdict::no(DiagId::HostClause,
                              "an array section of '" + Cap.Name +
                                  "', which is neither a pointer nor an array"));

    // A private copy has no value in the loop header, which the stub and
    // the kernel evaluate with the original.
    Cap.LoopVariable = LoopVariable;
    if ((Cap.How == Passing::Private || Cap.How == Passing::LastPrivate) &&
        !LoopVariable && Body && (R.Class == RegionClass::Combined || SpmdLoop))
      for (SourceRange SR : U.Refs)
        if (!SM.isPointWithin(SR.getBegin(), Body->getBeginLoc(), Body->getEndLoc()))
          return Fail(Verdict::no(DiagId::HostClause,
                                  "the private variable '" + Cap.Name +
                                      "' is used in the loop bounds"));
    // References to a variable that becomes a pointer in the kernel.
    if (Cap.How == Passing::MappedObject && !Cap.IsArray)
      Respell.Deref.insert(U.Decl);
    if (Cap.How == Passing::MappedObject && !Cap.IsArray)
      for (SourceRange SR : U.Refs) {
        unsigned B, E;
        if (fileOffsets(SM, LO, SR, B, E)) {
          BodyEdits.push_back(
              {B, E - B, "(*" + Cap.Name + ")"});
          // Loop bounds are evaluated by the stub too, where the variable is
          // no pointer: keep such regions on the host.
          if (Body && !SM.isPointWithin(SR.getBegin(), Body->getBeginLoc(),
                                        Body->getEndLoc()) &&
              (R.Class == RegionClass::Combined || SpmdLoop))
            return Fail(Verdict::no(DiagId::HostClause,
                                    "'" + Cap.Name + "' is mapped back to the "
                                    "host and used in the loop bounds"));
        } else if (!R.BodyFromMacro) {
          return Fail(Verdict::no(DiagId::HostMacro,
                                  "'" + Cap.Name +
                                      "' is used inside a macro expansion "
                                      "where the kernel cannot re-spell it"));
        }
      }
    else if (!U.Member)
      // A qualified name (B::var) becomes the parameter's plain name.
      for (SourceRange SR : U.Refs) {
        unsigned B, E;
        if (!fileOffsets(SM, LO, SR, B, E))
          continue;
        llvm::StringRef Text = SM.getBufferData(SM.getMainFileID()).slice(B, E);
        if (Text != Cap.Name && Text.ends_with(Cap.Name)) {
          BodyEdits.push_back({B, E - B, Cap.Name});
          BoundEdits.push_back({B, E - B, Cap.Name});
        }
      }
    else
      for (SourceRange SR : U.ThisArrows) {
        unsigned B, E;
        if (fileOffsets(SM, LO, SourceRange(SR.getBegin(), SR.getBegin()), B, E)) {
          unsigned MB, ME;
          if (fileOffsets(SM, LO, SourceRange(SR.getEnd(), SR.getEnd()), MB, ME)) {
            BodyEdits.push_back({B, MB - B, ""});
            BoundEdits.push_back({B, MB - B, ""});
          }
        }
      }
    // A const object is never copied back: it may live in read-only memory
    // (and the region cannot have changed it, unless it has mutable
    // members). Data seen through a pointer to const may be writable, and a
    // region may cast the const away: that is copied back.
    QualType Elem = Ctx.getBaseElementType(T);
    const auto *ElemClass = Elem->getAsCXXRecordDecl();
    if (Cap.Map && !Cap.IsPointer && Elem.isConstQualified() &&
        !(ElemClass && ElemClass->hasDefinition() && ElemClass->hasMutableFields())) {
      if (Cap.Map->Type == MapType::ToFrom)
        Cap.Map->Type = MapType::To;
      else if (Cap.Map->Type == MapType::From)
        Cap.Map->Type = MapType::Alloc;
    }
    // The stub takes objects that the device writes back by reference.
    bool ByRef = Cap.How == Passing::MappedObject || Cap.How == Passing::Reduction ||
                 Cap.How == Passing::LastPrivate;
    // A firstprivate array travels by value in a struct (C++ passes no
    // array by value); the kernel names its own copy by the array's name.
    bool ByRefArray = Cap.BoxedArray;
    if (Cap.BoxedArray && T->isDependentType())
      return Fail(Verdict::no(DiagId::HostType,
                              "the firstprivate array '" + Cap.Name +
                                  "' has a type that depends on template "
                                  "parameters (its size is not known here)"));
    // o2c::box fills a default-constructed box, which const members forbid.
    if (Cap.BoxedArray && hasConstMember(Ctx.getBaseElementType(T), Ctx))
      return Fail(Verdict::no(DiagId::HostType,
                              "the firstprivate array '" + Cap.Name +
                                  "' has elements with const members"));
    // CUDA 12.1+ takes up to 32764 bytes of kernel parameters (sm_70 on).
    if (Cap.BoxedArray && !T->isDependentType() &&
        Ctx.getTypeSizeInChars(T).getQuantity() > 30000)
      return Fail(Verdict::no(DiagId::HostType,
                              "the firstprivate array '" + Cap.Name +
                                  "' is larger than a kernel's parameters can be"));
    if (Cap.IsVLA && (Cap.How == Passing::Private || Cap.How == Passing::Value))
      return Fail(Verdict::no(DiagId::HostType,
                              "private copies of the variable-length array '" +
                                  Cap.Name + "' are not supported yet"));
    Cap.StubParam =
        Cap.IsVLA ? declText(Ctx.getArrayDecayedType(T), Cap.Name, Ctx) +
                        ", size_t o2c_bytes_" + Cap.Name
                  : declText(ByRef || ByRefArray ? Ctx.getLValueReferenceType(T) : T,
                             Cap.Name, Ctx);
    // A kernel's stub takes a VLA's size too; a data construct names the
    // array where it stands.
    if (Cap.IsVLA && !IsData)
      Cap.CallArg = Cap.Name + ", sizeof(" + Cap.Name + ")";
    switch (Cap.How) {
    case Passing::Value:
    case Passing::DevicePointer:
      Cap.KernelParam = declText(T, Cap.Name, Ctx);
      if (Cap.BoxedArray) {
        // o2c::box copies a const array into a box of plain elements; the
        // kernel's name for it stays const like the original.
        Qualifiers Quals;
        QualType Plain = Ctx.getUnqualifiedArrayType(T, Quals);
        Cap.KernelParam = "o2c::Box<" + declText(Plain, "", Ctx) + "> o2c_fp_" + Cap.Name;
        Cap.PrivateDecl = std::string(Quals.hasConst() ? "const " : "") +
                          "auto &" + Cap.Name + " = o2c_fp_" + Cap.Name + ".v;";
      }
      break;
    case Passing::MappedObject:
      Cap.KernelParam = Cap.IsArray
                            ? declText(Ctx.getArrayDecayedType(T), Cap.Name, Ctx)
                            : declText(Ctx.getPointerType(T), Cap.Name, Ctx);
      // The kernel indexes an array through its first element's address;
      // sizeof, & and range-for need the array itself, a reference to it.
      if (Cap.IsArray && U.WholeArray) {
        if (Cap.IsVLA)
          return Fail(Verdict::no(DiagId::HostType,
                                  "the variable-length array '" + Cap.Name +
                                      "' is used as a whole (sizeof, &, "
                                      "range-for)"));
        Cap.KernelParam =
            declText(Ctx.getArrayDecayedType(T), "o2c_arr_" + Cap.Name, Ctx);
        Cap.PrivateDecl = declText(Ctx.getLValueReferenceType(T), Cap.Name, Ctx) +
                          " = *reinterpret_cast<" +
                          declText(Ctx.getPointerType(T), "", Ctx) + ">(o2c_arr_" +
                          Cap.Name + ");";
      }
      break;
    case Passing::Reduction:
      Cap.KernelParam =
          declText(Ctx.getPointerType(T), "o2c_red_" + Cap.Name, Ctx);
      break;
    case Passing::Private:
      Cap.KernelParam = declText(T, Cap.Name, Ctx) + ";";
      break;
    case Passing::LastPrivate:
      Cap.KernelParam =
          declText(Ctx.getPointerType(T), "o2c_last_" + Cap.Name, Ctx);
      // The kernel's loop declares the loop variable itself.
      if (!Cap.LoopVariable)
        Cap.PrivateDecl = declText(T, Cap.Name, Ctx) + ";";
      break;
    }
    for (std::string *S : {&Cap.ValueType, &Cap.ElemType, &Cap.DecayType,
                           &Cap.StubParam, &Cap.KernelParam, &Cap.PrivateDecl})
      *S = spellParams(renameMovedTags(*S, TU, Ctx), TC);
    // decltype(x) and typeof(x) would name the kernel's pointer or reference
    // where the region names the object.
    if (U.InTypeOperand && (Cap.How == Passing::MappedObject || Cap.BoxedArray))
      return Fail(Verdict::no(DiagId::HostType,
                              "'" + Cap.Name + "' is named in decltype or typeof, "
                              "and the kernel receives it by address"));
    // What the kernel takes by value counts against its parameter space.
    ParamBytes += Cap.How == Passing::Value && !T->isDependentType() &&
                          !T->isIncompleteType()
                      ? Ctx.getTypeSizeInChars(T).getQuantity()
                      : 8;
    if (ParamBytes > 30000)
      return Fail(Verdict::no(DiagId::HostType,
                              "the values the kernel takes (up to '" + Cap.Name +
                                  "') are larger than a kernel's parameters can be"));
    R.Captures.push_back(std::move(Cap));
  }
  if (Verdict V = checkRowSubscripts(R, LoopVars); !V.Ok)
    return Fail(V);

  // Each variable becomes a parameter by its plain name: two variables of
  // one name (x and ns::x) cannot both be.
  for (size_t I = 0; I < R.Captures.size(); ++I)
    for (size_t J = I + 1; J < R.Captures.size(); ++J)
      if (R.Captures[I].Name == R.Captures[J].Name)
        return Fail(Verdict::no(DiagId::HostContext,
                                "the region uses two variables named '" +
                                    R.Captures[I].Name + "'"));

  // Loop-header texts again, now with `this->` dropped as in the body.
  if ((R.Class == RegionClass::Combined || SpmdLoop) &&
      BoundEdits.size() > TU.FileEdits.size()) {
    R.Loops.clear();
    std::set<const VarDecl *> Vars;
    analyzeLoopNest(Inner, R.Collapse, Ctx, BoundEdits, R.Loops, Vars, &Body);
  }

  // --- Body text ---------------------------------------------------------------
  if (Body && R.Class != RegionClass::DataEnv && R.Class != RegionClass::DataStmt) {
    unsigned B, E;
    if (!R.BodyFromMacro && fileOffsets(SM, LO, Body->getSourceRange(), B, E)) {
      // A construct's own range is its pragma line; the body is all of it.
      if (const auto *BD = dyn_cast<OMPExecutableDirective>(Body)) {
        B = directiveStart(*BD, Ctx);
        E = statementEnd(*BD, Ctx);
      } else if (const auto *TD = trailingDirective(Body)) {
        E = statementEnd(*TD, Ctx); // a loop whose body is a construct
      }
      std::vector<TextEdit> All = BodyEdits;
      All.insert(All.end(), TU.FileEdits.begin(), TU.FileEdits.end());
      // Each atomic becomes one CUDA atomic; its own texts carry the edits
      // made inside it, which the replacement then supersedes.
      for (const OMPAtomicDirective *A : Atomics) {
        AtomicRewrite AR;
        if (Verdict V = rewriteAtomic(*A, Ctx, All, AR); !V.Ok)
          return Fail(V);
        // An edit outside the body would be lost: the atomic would run as
        // a plain update.
        if (AR.Begin < B || AR.End > E)
          return Fail(Verdict::no(DiagId::HostGeneral,
                                  "'#pragma omp atomic' shares its line with "
                                  "code outside the region's body"));
        All.erase(std::remove_if(All.begin(), All.end(),
                                 [&](const TextEdit &T) {
                                   return T.Offset >= AR.Begin && T.Offset < AR.End;
                                 }),
                  All.end());
        All.push_back({AR.Begin, AR.End - AR.Begin, AR.Text});
      }
      for (const auto &[VD, Op] : ArrayRed)
        if (Verdict V = arrayReductionEdits(Body, VD, Op, Ctx, All); !V.Ok)
          return FailAt(V, V.Where);
      // Constructs rewritten in place: the SPMD tree found them with their
      // contexts; elsewhere the region's form gives the context.
      std::vector<TransparentUse> Uses = Tree.Transparent;
      SourceLocation At;
      std::vector<const OMPExecutableDirective *> Other;
      if (R.Class != RegionClass::Spmd)
        if (Verdict V = findTransparent(Body, TextWhere, Uses, &Other, At); !V.Ok)
          return FailAt(V, At);
      if (Verdict V = transparentEdits(Uses, Ctx, All, At); !V.Ok)
        return FailAt(V, At);
      if (R.Class == RegionClass::Spmd)
        if (Verdict V = masterApiEdits(Tree, Body, Ctx, All, At); !V.Ok)
          return FailAt(V, At);
      if (R.Class == RegionClass::Spmd)
        if (Verdict V = spmdText(Tree, R.Loops, Ctx, All, TU.FileName, R.Spmd); !V.Ok)
          return Fail(V);
      R.Body = textWithEdits(SM.getBufferData(SM.getMainFileID()), B, E, All);
      SourceLocation BL = SM.getExpansionLoc(Body->getBeginLoc());
      R.BodyPos = {TU.FileName, SM.getExpansionLineNumber(BL),
                   SM.getExpansionColumnNumber(BL)};
      llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
      unsigned LS = B;
      while (LS > 0 && Buf[LS - 1] != '\n')
        --LS;
      while (LS + R.BodyIndent < B &&
             (Buf[LS + R.BodyIndent] == ' ' || Buf[LS + R.BodyIndent] == '\t'))
        ++R.BodyIndent;
      // A body that is a single expression statement ends before its ';'.
      if (!isa<CompoundStmt>(Body) && !llvm::StringRef(R.Body).rtrim().ends_with(";"))
        R.Body += ";";
    } else {
      if (!Atomics.empty() || !ArrayRed.empty())
        return Fail(Verdict::no(DiagId::HostMacro,
                                "'#pragma omp atomic' or an array reduction in "
                                "a region from a macro is not supported yet"));
      std::vector<TransparentUse> Uses = Tree.Transparent;
      std::vector<const OMPExecutableDirective *> Other;
      SourceLocation At;
      if (R.Class != RegionClass::Spmd)
        findTransparent(Body, TextWhere, Uses, &Other, At);
      if (!Uses.empty())
        return Fail(Verdict::no(DiagId::HostMacro,
                                "OpenMP constructs inside a region from a "
                                "macro are not supported yet"));
      R.BodyFromMacro = true;
      R.Body = printBody(Body, Ctx, Respell);
      if (!isa<CompoundStmt>(Body) && !llvm::StringRef(R.Body).rtrim().ends_with(";"))
        R.Body += ";";
      R.BodyPos = R.Loc;
    }
  }
  if (!R.BodyFromMacro)
    HeaderApi.insert(UneditedApi.begin(), UneditedApi.end());
  R.DeviceApiUsings.assign(HeaderApi.begin(), HeaderApi.end());
  if (Verdict V = classTypedefAliases(D, InClass ? TopClass : nullptr, TC, TU, R);
      !V.Ok)
    return FailAt(V, V.Where);
  return R;
}

} // namespace omp2cuda
