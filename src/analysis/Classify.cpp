// Region analysis: follows the construct's nest of directives, reads the
// clauses, finds the captured variables and the loop nest, and classifies
// the region (seed 000 §4.2, seed 004 §3.4, ARCHITECTURE.md §3).
#include "analysis/Analysis.h"
#include "analysis/RegionSteps.h"
#include "analysis/DirectiveTree.h"
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
  describeRegion(C, TU, Index, R);

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
  TemplateContext TC;
  if (Verdict V = checkPlacement(C, TU, R, TC); !V.Ok)
    return FailAt(V, V.Where);
  RegionNest Nest;
  if (Verdict V = followNest(D, TU, R, Nest); !V.Ok)
    return FailAt(V, V.Where);
  RegionShape Shape;
  if (Verdict V = decideShape(Nest, TU, R, Shape); !V.Ok)
    return FailAt(V, V.Where);
  RegionText Text;
  if (Verdict V = checkRegionCalls(C, Nest, Shape, TU, R, Text); !V.Ok)
    return FailAt(V, V.Where);
  const Stmt *&Body = Shape.Body;
  std::vector<const OMPAtomicDirective *> &Atomics = Shape.Atomics;
  DirectiveTree &Tree = Shape.Tree;
  DirContext TextWhere = Shape.TextWhere;
  std::set<std::string> &HeaderApi = Text.HeaderApi, &UneditedApi = Text.UneditedApi;
  std::vector<TextEdit> &BodyEdits = Text.BodyEdits;
  BodyRespell &Respell = Text.Respell;
  bool IsData = isDataRegion(R);

  // --- Captured variables ----------------------------------------------------
  const Decl *InClass = classBeingDefined(C);
  CaptureSite Site{C,  TC, InClass, Nest.CI, Shape, TU,
                   R,  Text, IsData};
  if (Verdict V = captureVars(Site); !V.Ok)
    return FailAt(V, V.Where);
  std::vector<std::pair<const ValueDecl *, std::string>> &ArrayRed = Text.ArrayRed;

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
  if (Verdict V = classTypedefAliases(D, InClass, TC, TU, R);
      !V.Ok)
    return Fail(V);
  return R;
}

} // namespace omp2cuda
