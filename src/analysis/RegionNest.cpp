// The first steps of a region's analysis: where the construct is, what the
// kernel is called, and the nest of directives that form the construct with
// their clauses (seed 000 §4.2, ARCHITECTURE.md §3).
#include "analysis/DefaultSharing.h"
#include "analysis/InOrderScan.h"
#include "analysis/RegionSteps.h"
#include "analysis/Transparent.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <sstream>

using namespace clang;

namespace omp2cuda {

bool NestWords::extendsWith(OpenMPDirectiveKind K) const {
  NestWords Copy = *this;
  bool Any = false;
  for (const std::string &W : words(K)) {
    bool *Level = Copy.level(W);
    if (!Level || *Level) // single, critical, task, ... or a repeat
      return false;
    Any = true;
  }
  return Any;
}

void NestWords::add(OpenMPDirectiveKind K) {
  for (const std::string &W : words(K))
    if (bool *Level = level(W))
      *Level = true;
}

std::vector<std::string> NestWords::words(OpenMPDirectiveKind K) {
  std::istringstream In(llvm::omp::getOpenMPDirectiveName(K).str());
  std::vector<std::string> Out;
  for (std::string W; In >> W;)
    Out.push_back(W);
  return Out;
}

bool *NestWords::level(const std::string &W) {
  return W == "teams"        ? &Teams
         : W == "distribute" ? &Distribute
         : W == "parallel"   ? &Parallel
         : W == "for"        ? &For
         : W == "loop"       ? &Loop
         : W == "simd"       ? &Simd
                             : nullptr;
}

namespace {

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

/// The construct's pragma as written, on one line; Directive's name when
/// the text is not the file's.
std::string pragmaText(const OMPExecutableDirective &D, const SourceManager &SM,
                       const LangOptions &LO, const std::string &Directive) {
  unsigned B, E;
  if (D.getBeginLoc().isMacroID() ||
      !fileOffsets(SM, LO, SourceRange(D.getBeginLoc(), D.getEndLoc()), B, E))
    return "#pragma omp " + Directive;
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
  return Flat;
}

/// The function the region is in, as messages name it.
std::string functionName(const FunctionDecl *F, const SourceManager &SM) {
  std::string Name = F ? F->getQualifiedNameAsString() : "";
  if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(F);
      M && isLambdaCallOperator(M)) {
    // "main()::(anonymous class)::operator()" says less than "a lambda in
    // main()".
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(M->getParent()->getBeginLoc()));
    std::string Outer = Name.substr(0, Name.find("::(anonymous class)"));
    Name = "the lambda at line " + std::to_string(P.isValid() ? P.getLine() : 0) +
           " in " + Outer;
  }
  return Name;
}

/// The clauses' values that the region keeps as they are.
Verdict takeClauses(const OMPExecutableDirective &D, const ClauseInfo &CI,
                    const LangOptions &LO, Region &R) {
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
        return Verdict::no(DiagId::HostClause,
                           "use_device_ptr/use_device_addr of '" +
                               VD->getQualifiedNameAsString() +
                               "', a member or namespace variable, is not "
                               "supported yet");
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
    return Verdict::no(DiagId::HostMacro,
                       "use_device_ptr/use_device_addr on a construct "
                       "from a macro is not supported yet");
  R.Depend = CI.Depend;
  R.InReduction = CI.TargetInReduction;
  if (!R.InReduction.empty() &&
      (CI.NoWait || CI.Depend || D.getBeginLoc().isMacroID()))
    return Verdict::no(DiagId::HostClause,
                       "in_reduction on a target construct with nowait or "
                       "depend, or from a macro, is not supported yet");
  R.PointerMaps = CI.PointerMaps;
  R.Collapse = CI.Collapse;
  R.ScheduleChunk = CI.ScheduleChunk;
  R.Remarks = CI.Remarks;
  return {};
}

/// Whether the directive (its clauses included) names V.
bool namesVar(const OMPExecutableDirective &D, const ValueDecl *V) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ValueDecl *V;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      Found = Found || E->getDecl() == V;
      return !Found;
    }
    // `sizeof...(xs)`: the kernel takes the pack (Captures.cpp).
    bool VisitSizeOfPackExpr(SizeOfPackExpr *E) {
      Found = Found || E->getPack() == V;
      return !Found;
    }
  } F;
  F.V = V;
  F.TraverseStmt(const_cast<OMPExecutableDirective *>(&D));
  return F.Found;
}

} // namespace

void describeRegion(const RegionCandidate &C, TUState &TU, unsigned Index,
                    Region &R) {
  const OMPExecutableDirective &D = *C.Directive;
  const SourceManager &SM = TU.Ctx.getSourceManager();
  R.Index = Index;
  TU.PendingMoves.clear();
  SourceLocation Loc = SM.getExpansionLoc(D.getBeginLoc());
  R.Loc = {TU.FileName, SM.getExpansionLineNumber(Loc),
           SM.getExpansionColumnNumber(Loc)};
  R.Directive = llvm::omp::getOpenMPDirectiveName(D.getDirectiveKind()).str();
  R.Pragma = pragmaText(D, SM, TU.Ctx.getLangOpts(), R.Directive);
  R.Function = functionName(C.Function, SM);
  std::string Base =
      "omp2cuda_" + TU.KernelPrefix + functionLabel(C.Function) + "_L" +
      std::to_string(R.Loc.Line);
  unsigned N = TU.NameCount[Base]++;
  R.KernelBase = N ? Base + "_" + std::to_string(N) : Base;
}

Verdict checkPlacement(const RegionCandidate &C, TUState &TU, Region &R,
                       TemplateContext &TC) {
  const OMPExecutableDirective &D = *C.Directive;
  const SourceManager &SM = TU.Ctx.getSourceManager();
  // The user keeps this region on the host (`// omp2cuda: host`): a remark,
  // and nothing else to analyse.
  if (!C.HostComment.empty())
    return Verdict::no(DiagId::HostOnPurpose,
                       "the comment '// " + C.HostComment + "' asks for it");
  if (D.getBeginLoc().isMacroID()) {
    if (SM.isMacroArgExpansion(D.getBeginLoc()))
      return Verdict::no(DiagId::HostMacro,
                         "the construct is written in a macro argument");
    R.BodyFromMacro = true;
  }
  if (!C.Function)
    return Verdict::no(DiagId::HostContext, "the construct is not in a function");
  // In a function template or a member of a class template, the kernel and
  // stub take the same template parameters.
  TC = templateContextOf(*C.Function, SM, TU.Ctx.getLangOpts());
  if (!TC.Problem.empty())
    return Verdict::no(DiagId::HostContext, TC.Problem);
  // The stub names the kernel with the call's arguments, `decltype(x)` for
  // an `auto x`: it has x only when the region uses it.
  for (const ParmVarDecl *PV : TC.InventedFrom)
    if (!namesVar(*C.Directive, PV))
      return Verdict::no(DiagId::HostContext,
                         "the region does not use the `auto` parameter '" +
                             PV->getNameAsString() +
                             "', whose type its kernel takes (not supported "
                             "yet)");
  R.TemplateHeader = TC.Header;
  R.TemplateArgs = TC.Args;
  return {};
}

Verdict followNest(const OMPExecutableDirective &D, TUState &TU, Region &R,
                   RegionNest &Nest) {
  ASTContext &Ctx = TU.Ctx;
  ClauseInfo &CI = Nest.CI;
  OpenMPDirectiveKind K = D.getDirectiveKind();
  std::vector<TextEdit> ClauseEdits = TU.FileEdits;
  ClauseEdits.insert(ClauseEdits.end(), TU.HostApiEdits.begin(),
                     TU.HostApiEdits.end());
  Nest.Chain = {&D};
  if (isOpenMPTargetDataManagementDirective(K)) {
    R.Class = K == llvm::omp::OMPD_target_data ? RegionClass::DataEnv
                                               : RegionClass::DataStmt;
    if (Verdict V = readClauses(D, CI, Ctx, ClauseEdits); !V.Ok)
      return placed(V, CI.FailLoc.isValid() ? CI.FailLoc : V.Where);
    SourceLocation Where;
    if (Verdict V = expandMappers(D, CI, Ctx, Where); !V.Ok)
      return placed(V, Where);
  } else {
    // target [teams] [distribute] ...: each directive nested alone in the
    // last that adds levels the nest lacks.
    const OMPExecutableDirective *Cur = &D;
    while (true) {
      Nest.W.add(Cur->getDirectiveKind());
      if (const auto *L = dyn_cast<OMPLoopDirective>(Cur)) {
        Nest.LoopDir = L;
        break;
      }
      const auto *Child =
          dyn_cast_or_null<OMPExecutableDirective>(unwrapSingle(regionBody(*Cur)));
      if (!Child || !Child->hasAssociatedStmt() ||
          isOpenMPTargetExecutionDirective(Child->getDirectiveKind()) ||
          !Nest.W.extendsWith(Child->getDirectiveKind()) || orderedLoop(*Child))
        break;
      // A scan loop stays nested, where one thread runs it in order
      // (InOrderScan.h); as the nest's loop a warp would share it.
      if (hasInscan(*Child))
        break;
      Nest.Chain.push_back(Child);
      Cur = Child;
    }
    for (const OMPExecutableDirective *X : Nest.Chain)
      if (Verdict V = readClauses(*X, CI, Ctx, ClauseEdits); !V.Ok)
        return placed(V, CI.FailLoc.isValid() ? CI.FailLoc : V.Where);
    if (Verdict V = defaultPrivatesInNest(Nest.Chain); !V.Ok)
      return placed(V, V.Where);
    if (Verdict V = orderedOnRegion(Nest.Chain); !V.Ok)
      return placed(V, V.Where);
    SourceLocation Where;
    if (Verdict V = expandMappers(D, CI, Ctx, Where); !V.Ok)
      return placed(V, Where);
  }
  if (Verdict V = takeClauses(D, CI, Ctx.getLangOpts(), R); !V.Ok)
    return V;
  Nest.Inner = regionBody(*Nest.Chain.back());
  return {};
}

} // namespace omp2cuda
