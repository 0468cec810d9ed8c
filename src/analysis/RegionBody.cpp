// The kernel's body text, and the region's last facts (the device API
// routines it uses, the aliases of its class's typedefs): the text of the
// file with every edit the analysis made, so that the kernel reads like the
// region (seed 000 §4.2, ARCHITECTURE.md §3).
#include "analysis/LoopNest.h"
#include "analysis/Orphaned.h"
#include "analysis/RegionSteps.h"
#include "analysis/TemplateContext.h"
#include "analysis/Transparent.h"
#include "edits/Edits.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {
namespace {

/// Whether T names the class Top (or a class inside it), which a kernel
/// placed before Top's definition cannot.
bool namesClass(QualType T, const Decl *Top) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const DeclContext *Top;
    bool Found = false;
    bool inTop(const Decl *D) { return declaredWithin(D, Top); }
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
  // A class template's own name is spelled in its kernel (ClassAhead.h).
  bool Template = InClass && cast<CXXRecordDecl>(InClass)
                                 ->getDescribedClassTemplate();
  if (SourceLocation L = qualifiedByClass(&D, InClass, Template);
      L.isValid()) {
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

/// Each atomic becomes one CUDA atomic; its own texts carry the edits made
/// inside it, which the replacement then supersedes. B, E: the body's text.
Verdict atomicEdits(const RegionShape &S, ASTContext &Ctx, unsigned B,
                    unsigned E, std::vector<TextEdit> &All) {
  for (const OMPAtomicDirective *A : S.Atomics) {
    AtomicRewrite AR;
    if (Verdict V = rewriteAtomic(*A, Ctx, All, AR); !V.Ok)
      return placed(V, V.Where.isValid() ? V.Where : A->getBeginLoc());
    // An edit outside the body would be lost: the atomic would run as
    // a plain update.
    if (AR.Begin < B || AR.End > E)
      return Verdict::no(DiagId::HostGeneral,
                         "'#pragma omp atomic' shares its line with "
                         "code outside the region's body");
    All.erase(std::remove_if(All.begin(), All.end(),
                             [&](const TextEdit &T) {
                               return T.Offset >= AR.Begin && T.Offset < AR.End;
                             }),
              All.end());
    All.push_back({AR.Begin, AR.End - AR.Begin, AR.Text});
  }
  return {};
}

/// The edits of array reductions, of constructs rewritten in place and of
/// the SPMD form.
Verdict constructEdits(const RegionShape &S, TUState &TU, Region &R,
                       const RegionText &Text, std::vector<TextEdit> &All) {
  ASTContext &Ctx = TU.Ctx;
  const Stmt *Body = S.Body;
  for (const auto &[VD, Op] : Text.ArrayRed)
    if (Verdict V = arrayReductionEdits(Body, VD, Op, Ctx, All); !V.Ok)
      return V;
  // Constructs rewritten in place: the SPMD tree found them with their
  // contexts; elsewhere the region's form gives the context.
  std::vector<TransparentUse> Uses = S.Tree.Transparent;
  SourceLocation At;
  std::vector<const OMPExecutableDirective *> Other;
  if (R.Class != RegionClass::Spmd)
    if (Verdict V = findTransparent(Body, S.TextWhere, Uses, &Other, At); !V.Ok)
      return placed(V, At);
  if (Verdict V = transparentEdits(Uses, Ctx, All, At, TU.Host); !V.Ok)
    return placed(V, At);
  if (R.Class == RegionClass::Spmd)
    if (Verdict V = masterApiEdits(S.Tree, Body, Ctx, All, At); !V.Ok)
      return placed(V, At);
  if (R.Class != RegionClass::Spmd && S.TextWhere != DirContext::TeamCode) {
    // A parallel loop's body: its nested parallel regions' routines answer
    // for their teams of one (MasterApi.cpp).
    if (Verdict V = serialApiEdits(Uses, Body, Ctx, All, At); !V.Ok)
      return placed(V, At);
  }
  if (R.Class == RegionClass::Spmd)
    if (Verdict V = spmdText(S.Tree, R.Loops, Ctx, All, TU.FileName,
                               TU.Sharing, R.Spmd);
        !V.Ok)
      return unplaced(V);
  return {};
}

/// The edits that remove the headers of a collapsed nest's inner loops
/// that have intervening code (LoopNest.h): S.Body is then the outer
/// level's body.
std::vector<TextEdit> interveningHeaders(const RegionShape &S,
                                         const Region &R, ASTContext &Ctx) {
  std::vector<TextEdit> Headers;
  if (!S.Inner || R.Loops.size() < 2)
    return Headers;
  std::vector<LoopLevel> Levels;
  std::set<const VarDecl *> Vars;
  const Stmt *Body = nullptr;
  std::vector<const VarDecl *> Sequential;
  if (!analyzeLoopNest(S.Inner, R.Loops.size(), Ctx, {}, Levels, Vars, &Body,
                       &Sequential, &Headers)
           .Ok)
    Headers.clear();
  return Headers;
}

/// The body from the file's text B..E with every edit made.
Verdict fileBody(const RegionShape &S, TUState &TU, Region &R,
                 const RegionText &Text, unsigned B, unsigned E) {
  ASTContext &Ctx = TU.Ctx;
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Body = S.Body;
  // A construct's own range is its pragma line; the body is all of it.
  if (const auto *BD = dyn_cast<OMPExecutableDirective>(Body)) {
    B = directiveStart(*BD, Ctx);
    E = statementEnd(*BD, Ctx);
  } else if (const auto *TD = trailingDirective(Body)) {
    E = statementEnd(*TD, Ctx); // a loop whose body is a construct
  }
  // Inner headers first among the edits at their offsets: they hide the
  // edits inside them.
  std::vector<TextEdit> All = interveningHeaders(S, R, Ctx);
  All.insert(All.end(), Text.BodyEdits.begin(), Text.BodyEdits.end());
  All.insert(All.end(), TU.FileEdits.begin(), TU.FileEdits.end());
  if (Verdict V = atomicEdits(S, Ctx, B, E, All); !V.Ok)
    return V;
  if (Verdict V = constructEdits(S, TU, R, Text, All); !V.Ok)
    return V;
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
  return {};
}

/// The body printed from the AST (a region from a macro), which no text
/// edit reaches.
Verdict macroBody(const RegionShape &S, TUState &TU, Region &R,
                  const RegionText &Text) {
  const Stmt *Body = S.Body;
  if (!S.Atomics.empty() || !Text.ArrayRed.empty())
    return Verdict::no(DiagId::HostMacro,
                       "'#pragma omp atomic' or an array reduction in "
                       "a region from a macro is not supported yet");
  std::vector<TransparentUse> Uses = S.Tree.Transparent;
  std::vector<const OMPExecutableDirective *> Other;
  SourceLocation At;
  if (R.Class != RegionClass::Spmd)
    findTransparent(Body, S.TextWhere, Uses, &Other, At);
  if (!Uses.empty())
    return Verdict::no(DiagId::HostMacro,
                       "OpenMP constructs inside a region from a "
                       "macro are not supported yet");
  if (!interveningHeaders(S, R, TU.Ctx).empty())
    return Verdict::no(DiagId::HostMacro,
                       "a collapsed nest with intervening code in a region "
                       "from a macro is not supported yet");
  R.BodyFromMacro = true;
  R.Body = printBody(Body, TU.Ctx, Text.Respell);
  if (!isa<CompoundStmt>(Body) && !llvm::StringRef(R.Body).rtrim().ends_with(";"))
    R.Body += ";";
  R.BodyPos = R.Loc;
  return {};
}

} // namespace

Verdict regionBodyText(const RegionShape &S, TUState &TU, Region &R,
                       RegionText &Text) {
  if (!S.Body || isDataRegion(R))
    return {};
  const SourceManager &SM = TU.Ctx.getSourceManager();
  unsigned B, E;
  if (!R.BodyFromMacro &&
      fileOffsets(SM, TU.Ctx.getLangOpts(), S.Body->getSourceRange(), B, E))
    return fileBody(S, TU, R, Text, B, E);
  return macroBody(S, TU, R, Text);
}

Verdict finishRegion(const OMPExecutableDirective &D, const Decl *InClass,
                     const TemplateContext &TC, TUState &TU, Region &R,
                     RegionText &Text) {
  if (!R.BodyFromMacro)
    Text.HeaderApi.insert(Text.UneditedApi.begin(), Text.UneditedApi.end());
  R.DeviceApiUsings.assign(Text.HeaderApi.begin(), Text.HeaderApi.end());
  if (TU.Ctx.getLangOpts().CPlusPlus && !isDataRegion(R)) {
    std::set<std::string> Params;
    for (const Capture &C : R.Captures)
      Params.insert(C.Name);
    if (Verdict V = blockUsings(D, TU.Ctx, Params, R.TypeAliases); !V.Ok)
      return placed(V, V.Where);
  }
  Verdict V = classTypedefAliases(D, InClass, TC, TU, R);
  return V.Ok ? V : placed(V, V.Where);
}

} // namespace omp2cuda
