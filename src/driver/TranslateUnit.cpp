// A parsed translation unit to its outputs (TranslateUnit.h): which files
// are translated, in which order, the device marks of their functions, and
// the includes that name the translated headers' copies. Which files the
// translation may rewrite is UnitFiles.cpp's.
#include "driver/TranslateUnit.h"
#include "analysis/MapperIterators.h"

#include "analysis/Analysis.h"
#include "analysis/CEnumFacts.h"
#include "driver/FilePass.h"
#include "driver/Metadirectives.h"
#include "driver/Requires.h"
#include "driver/UnitFiles.h"
#include "edits/Edits.h"
#include "emit/Emit.h"
#include "frontend/FileScope.h"
#include "frontend/RegionFinder.h"

#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace omp2cuda {

namespace {

namespace path = llvm::sys::path;

/// A region in a file the translation does not rewrite, for the report.
Region unreachedRegion(const OMPExecutableDirective &D, const SourceManager &SM,
                       std::string Why) {
  Region R;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(D.getBeginLoc()));
  if (P.isValid())
    R.Loc = {P.getFilename(), P.getLine(), P.getColumn()};
  R.Directive = llvm::omp::getOpenMPDirectiveName(D.getDirectiveKind()).str();
  R.Translate = false;
  R.Why = DiagId::HostHeader;
  R.Reason = std::move(Why);
  return R;
}

/// Function definitions per file, for the headers' device marks.
std::map<FileID, std::vector<const FunctionDecl *>>
definitionsByFile(ASTContext &Ctx, bool Rdc) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    bool Rdc;
    std::map<FileID, std::vector<const FunctionDecl *>> Out;
    explicit Finder(const SourceManager &SM, bool Rdc) : SM(SM), Rdc(Rdc) {}
    bool shouldVisitTemplateInstantiations() const { return false; }
    bool VisitFunctionDecl(FunctionDecl *F) {
      // Under --rdc, also the declarations of `declare target` functions
      // (defined here or in another unit): each gets `__host__ __device__`.
      bool Declared = Rdc && !F->doesThisDeclarationHaveABody() &&
                      !F->getDescribedFunctionTemplate() &&
                      isDeclareTargetFunction(F);
      if ((!F->doesThisDeclarationHaveABody() && !Declared) || F->isImplicit() ||
          F->isMain() || F->getBeginLoc().isMacroID())
        return true;
      if (const auto *M = dyn_cast<CXXMethodDecl>(F))
        if (M->getParent()->isLambda())
          return true;
      Out[SM.getFileID(SM.getExpansionLoc(F->getBeginLoc()))].push_back(F);
      return true;
    }
  } V(Ctx.getSourceManager(), Rdc);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(V.Out);
}

/// The mark of F's device code in the link (O2C_RDC_DEFINES, device_copy.h):
/// its name as the host links it, so that overloads have their own.
std::string rdcMark(const FunctionDecl *F, ASTContext &Ctx) {
  std::unique_ptr<MangleContext> MC(Ctx.createMangleContext());
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  // Constructors and destructors are named by one of their variants.
  GlobalDecl G(F);
  if (const auto *C = dyn_cast<CXXConstructorDecl>(F))
    G = GlobalDecl(C, Ctor_Complete);
  else if (const auto *D = dyn_cast<CXXDestructorDecl>(F))
    G = GlobalDecl(D, Dtor_Complete);
  if (MC->shouldMangleDeclName(F))
    MC->mangleName(G, OS);
  else
    OS << F->getName();
  return "o2c_rdc_" + OS.str();
}

/// Under --rdc: the marks this file defines (Defined: compiled for the
/// device here) and those its device code needs (called, defined in no
/// file of the unit), at its end, so that the emulation's link fails where
/// CUDA's device link does.
void addRdcLinkMarks(const std::vector<const FunctionDecl *> &Defined,
                     const TUState &TU, FilePass &Main) {
  std::set<std::string> Defines, Calls;
  // A function of internal linkage is no other unit's to call: its mark
  // could stand for another unit's function of that name.
  for (const FunctionDecl *D : Defined)
    if (D->isExternallyVisible())
      Defines.insert(rdcMark(D, TU.Ctx));
  for (const FunctionDecl *F : TU.DeviceFunctions)
    // Those CallDeclarations.cpp let device code call (a pure virtual one
    // is there for its overriders).
    if (!F->isDefined() && !F->isImplicit() && !F->isPureVirtual() &&
        isDeclareTargetFunction(F))
      Calls.insert(rdcMark(F, TU.Ctx));
  std::string Text;
  for (const std::string &M : Defines)
    Text += "O2C_RDC_DEFINES(" + M + ")\n";
  for (const std::string &M : Calls)
    Text += "O2C_RDC_CALLS(" + M + ")\n";
  if (Text.empty())
    return;
  const SourceManager &SM = TU.Ctx.getSourceManager();
  unsigned End = SM.getBufferData(SM.getMainFileID()).size();
  Main.Inserts[End] += "\n// Device functions in the link (--rdc).\n" + Text;
}

/// `vec.h` -> `vec_h_`: what tells a header's kernels from the main file's.
std::string kernelPrefix(llvm::StringRef Path) {
  std::string Out;
  for (char C : path::filename(Path))
    Out += llvm::isAlnum(C) ? C : '_';
  return Out + "_";
}

/// Where a header's copy goes, in the source tree's terms: beside it.
std::string copyPathOf(llvm::StringRef Header) {
  llvm::SmallString<256> P(path::parent_path(Header));
  path::append(P, copyName(path::filename(Header)));
  return std::string(P);
}

/// The byte range of an include's file name in its file.
std::pair<unsigned, unsigned> nameRange(const IncludeSite &I,
                                        const SourceManager &SM,
                                        const LangOptions &LO) {
  SourceLocation B = I.FilenameRange.getBegin(), E = I.FilenameRange.getEnd();
  if (I.FilenameRange.isTokenRange())
    E = Lexer::getLocForEndOfToken(E, 0, SM, LO);
  return {SM.getFileOffset(B), SM.getFileOffset(E)};
}

/// Says that an include of a translated header cannot name the copy.
using IncludeWarning =
    std::function<void(const IncludeSite &, const std::string &)>;

/// With constructs no o2c::HostFallback guards (Hidden): the diagnostic at
/// the first, the report's line, and the namespace-scope object of the main
/// file that makes the program run on the host. Empty text without them.
std::string hostProgram(std::vector<UnguardedConstruct> &Hidden, ASTContext &Ctx,
                        const Options &O, FileResult &Out) {
  if (Hidden.empty())
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Hidden.begin(), Hidden.end(),
                   [&](const UnguardedConstruct &A, const UnguardedConstruct &B) {
                     return SM.isBeforeInTranslationUnit(A.At, B.At);
                   });
  const UnguardedConstruct &U = Hidden.front();
  std::string More =
      Hidden.size() > 1 ? fmt::format(" ({} more in this unit)", Hidden.size() - 1)
                        : std::string();
  report(Ctx.getDiagnostics(), O, U.At, DiagId::HostProgram,
         "every target region of the program will run on the host: this "
         "construct stays there, and nothing can make it see the data that "
         "translated constructs keep on the device" +
             More);
  Out.HostProgram = fmt::format("{}:{}:{}: {}", U.Loc.File, U.Loc.Line,
                                U.Loc.Col, U.Reason);
  return fmt::format(
      "// [omp2cuda-host-program] Every target region of the program runs on "
      "the host:\n// '{}' at {}:{} stays there unguarded{}.\n"
      "static const o2c::HostProgram o2c_host_program({{{}, {}, {}, {}}}, "
      "{});\n",
      U.Directive, U.Loc.File, U.Loc.Line, More, cString(U.Loc.File),
      U.Loc.Line, U.Loc.Col, cString(U.Directive), cString(U.Reason));
}

/// Points the includes of translated headers at their copies, applies every
/// rewritten file's edits and puts the texts in Out.
void writeOutputs(ASTContext &Ctx, const std::vector<IncludeSite> &Includes,
                  const UnitFiles &Files, const std::set<FileID> &Rewritten,
                  std::map<FileID, FilePass> &Passes, const Options &O,
                  const IncludeWarning &Warn, std::vector<UnguardedConstruct> &Hidden,
                  FileResult &Out) {
  SourceManager &SM = Ctx.getSourceManager();
  for (const IncludeSite &I : Includes) {
    FileID From = SM.getFileID(SM.getExpansionLoc(I.Hash));
    if (!Rewritten.count(From) || !Files.headerAt(Rewritten, I.Resolved))
      continue;
    if (I.FilenameRange.getBegin().isMacroID()) {
      Warn(I, "'" + I.Resolved +
                  "' is translated, but a macro spells this include of it");
      continue;
    }
    auto [B, E] = nameRange(I, SM, Ctx.getLangOpts());
    std::string Name = relativePath(copyPathOf(I.Resolved),
                                    path::parent_path(Files.pathOf(From)));
    Passes[From].Edits.push_back({B, E - B, "\"" + Name + "\""});
  }
  for (auto &[F, P] : Passes)
    Hidden.insert(Hidden.end(), P.Unguarded.begin(), P.Unguarded.end());
  std::string Registration = hostProgram(Hidden, Ctx, O, Out);
  unsigned Version = Ctx.getLangOpts().OpenMP;
  for (FileID F : Rewritten) {
    MainFileScope Scope(SM, F);
    bool IsMain = F == Files.main();
    std::string Name = IsMain ? Out.Source : Files.displayName(F);
    // The OpenMP version of the parse: the host compile of the regions'
    // fallback copies needs the same (omp2cuda-cc reads it here).
    std::string Banner = fmt::format(
        "// Generated by omp2cuda {} from {} (OpenMP {}.{}){}.\n"
        "#include \"{}\"\n",
        OMP2CUDA_VERSION, Name, Version / 10, Version % 10,
        IsMain ? "" : ": a translated header", O.RuntimeInclude);
    if (IsMain) {
      Banner += Registration + requiresRegistration(Ctx, Name);
      restoreMetadirectives(Out, Passes[F].Edits);
    }
    std::optional<std::string> Text =
        applyFilePass(Passes[F], Ctx, Banner, Name, O);
    if (!Text)
      return;
    if (IsMain)
      Out.Output = std::move(*Text);
    else
      Out.Headers.push_back({Files.pathOf(F),
                             relativePath(copyPathOf(Files.pathOf(F)),
                                          path::parent_path(Files.mainPath())),
                             std::move(*Text)});
  }
  Out.Ok = !Ctx.getDiagnostics().hasErrorOccurred();
}

/// Adds to Rewritten every file that includes one of its headers, with a
/// pass (Pass(F), false on failure) where it has none; warns once at each
/// include that cannot be made to name the copy. False when a pass failed.
bool addIncluders(std::set<FileID> &Rewritten,
                  const std::vector<IncludeSite> &Includes,
                  const UnitFiles &Files,
                  const std::function<bool(FileID)> &Pass,
                  const SourceManager &SM, const IncludeWarning &Warn) {
  std::set<SourceLocation> Warned;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const IncludeSite &I : Includes) {
      FileID From = SM.getFileID(SM.getExpansionLoc(I.Hash));
      if (!Files.headerAt(Rewritten, I.Resolved) || Rewritten.count(From))
        continue;
      if (!Files.rewritable(From)) {
        if (Warned.insert(I.Hash).second)
          Warn(I, "'" + I.Resolved +
                      "' is translated, but the file that includes it here "
                      "cannot be rewritten to include the copy (" +
                      Files.whyNot(From) + ")");
        continue;
      }
      if (!Pass(From))
        return false;
      Rewritten.insert(From);
      Changed = true;
    }
  }
  return true;
}

/// The candidates of the files the translation rewrites, by file; one of
/// another file stays on the host, reported, and joins Hidden.
std::map<FileID, std::vector<RegionCandidate>>
regionsByFile(std::vector<RegionCandidate> &Cands, const UnitFiles &Files,
              const SourceManager &SM, DiagnosticsEngine &DE, const Options &O,
              std::vector<UnguardedConstruct> &Hidden, FileResult &Out) {
  std::map<FileID, std::vector<RegionCandidate>> ByFile;
  for (RegionCandidate &C : Cands) {
    std::string Why = Files.whyNot(C.File);
    if (Why.empty()) {
      ByFile[C.File].push_back(std::move(C));
      continue;
    }
    Region R = unreachedRegion(*C.Directive, SM, Why);
    report(DE, O, C.Directive->getBeginLoc(), R.Why, R.Reason);
    SourcePos At = R.Loc;
    At.File = Files.runtimeName(C.File);
    Hidden.push_back({C.Directive->getBeginLoc(), At, R.Directive,
                      R.Reason + " [omp2cuda-host-header]"});
    ++Out.LeftOnHost;
    Out.Regions.push_back({std::move(R), "", ""});
  }
  return ByFile;
}

/// The warning at an include that cannot name a translated header's copy.
IncludeWarning includeWarning(
    const UnitFiles &Files, const SourceManager &SM, DiagnosticsEngine &DE,
    const Options &O,
    const std::map<FileID, std::vector<RegionCandidate>> &ByFile,
    std::vector<UnguardedConstruct> &Hidden) {
  // The include may bring in the original, whose constructs nothing
  // rewrites.
  return [&Files, &SM, &DE, &O, &ByFile, &Hidden](const IncludeSite &I,
                                                  const std::string &Msg) {
    report(DE, O, I.Hash, DiagId::HeaderInclude, Msg);
    for (const auto &[F, Cs] : ByFile)
      if (!Cs.empty() && F != Files.main() && Files.pathOf(F) == I.Resolved) {
        SourceLocation L = SM.getExpansionLoc(I.Hash);
        Hidden.push_back({I.Hash,
                          {Files.runtimeName(SM.getFileID(L)),
                           SM.getExpansionLineNumber(L),
                           SM.getExpansionColumnNumber(L)},
                          "#include",
                          Msg + " [omp2cuda-header-include]"});
      }
  };
}

/// The function definitions per file whose device marks the translation
/// writes (definitionsByFile), a file with a C struct's enumerations
/// included; RdcDefs: under --rdc, the main file's `declare target` ones.
std::map<FileID, std::vector<const FunctionDecl *>>
unitDefinitions(ASTContext &Ctx, const Options &O, const UnitFiles &Files,
                std::vector<const FunctionDecl *> &RdcDefs) {
  std::map<FileID, std::vector<const FunctionDecl *>> Defs =
      definitionsByFile(Ctx, O.Rdc);
  // A C header whose structs declare enumerations is rewritten, functions
  // or not: its copy declares them where C does.
  for (FileID F : filesWithStructEnums(Ctx))
    Defs[F];
  // Under --rdc a file's `declare target` functions are device code that
  // other files call: the file is translated even without regions.
  if (O.Rdc)
    for (const FunctionDecl *D : Defs[Files.main()])
      if (D->doesThisDeclarationHaveABody() && isDeclareTargetFunction(D))
        RdcDefs.push_back(D);
  return Defs;
}

/// The order of the file passes: the user headers that may be rewritten,
/// in path order, then the main file.
std::vector<std::pair<std::string, FileID>>
passOrder(const std::map<FileID, std::vector<const FunctionDecl *>> &Defs,
          const std::map<FileID, std::vector<RegionCandidate>> &ByFile,
          const MapperIteratorFacts &Mappers, const UnitFiles &Files) {
  // The user headers that may be rewritten, in path order (so that a
  // header's copy does not depend on the unit), then the main file; a
  // header whose mappers' iterators are renamed too.
  std::vector<std::pair<std::string, FileID>> Order;
  for (const auto &[F, _] : Defs)
    if (F != Files.main() && Files.rewritable(F))
      Order.push_back({Files.pathOf(F), F});
  for (const auto &[F, _] : ByFile)
    if (F != Files.main() && !Defs.count(F))
      Order.push_back({Files.pathOf(F), F});
  for (FileID F : Mappers.Files)
    if (F != Files.main() && Files.whyNotReached(F).empty() && !Defs.count(F) &&
        !ByFile.count(F))
      Order.push_back({Files.pathOf(F), F});
  std::sort(Order.begin(), Order.end());
  Order.push_back({Files.mainPath(), Files.main()});
  return Order;
}

/// Marks the functions of the translated headers that can run on the device
/// and, under --rdc, adds the link marks of the device functions to the
/// main file's pass.
void markDeviceFunctions(
    const std::vector<std::pair<std::string, FileID>> &Order,
    std::map<FileID, std::vector<const FunctionDecl *>> &Defs,
    const std::vector<const FunctionDecl *> &RdcDefs, const UnitFiles &Files,
    TUState &TU, const Options &O, std::map<FileID, FilePass> &Passes) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  DiagnosticsEngine &DE = TU.Ctx.getDiagnostics();
  // Every function of a translated header that can run on the device is
  // marked, called or not: two units including the header write one copy.
  std::vector<const FunctionDecl *> RdcDevice;
  for (const auto &Entry : Order)
    if (Entry.second != Files.main())
      for (const FunctionDecl *D : Defs[Entry.second])
        // Under --rdc, another unit may call a header's declare target
        // function without including the header.
        if (markIfDeviceCallable(D, TU) && O.Rdc &&
            D->doesThisDeclarationHaveABody() && isDeclareTargetFunction(D))
          RdcDevice.push_back(D);
  // Under --rdc, another unit's device code may call each of them.
  for (const FunctionDecl *D : RdcDefs)
    if (std::string Why; !markIfDeviceCallable(D, TU, &Why))
      report(DE, O, D->getLocation(), DiagId::RdcFunction,
             "'declare target' function '" + D->getQualifiedNameAsString() +
                 "' is not compiled for the device: " + Why +
                 "; device code of another file that calls it will not link");
    else
      RdcDevice.push_back(D);
  // So is any function with a body here that device code calls, with no
  // directive of its own (implicitly declare target): another file may
  // declare it declare target and call it.
  if (O.Rdc)
    for (const FunctionDecl *F : TU.DeviceFunctions)
      if (const FunctionDecl *D = F->getDefinition();
          D && D->doesThisDeclarationHaveABody() &&
          Passes.count(SM.getFileID(SM.getExpansionLoc(D->getBeginLoc()))))
        RdcDevice.push_back(D);
  if (O.Rdc)
    addRdcLinkMarks(RdcDevice, TU, Passes[Files.main()]);
}

} // namespace

void translateUnit(ASTContext &Ctx, const std::vector<IncludeSite> &Includes,
                   const Options &O, FileResult &Out) {
  SourceManager &SM = Ctx.getSourceManager();
  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  UnitFiles Files(Ctx, O);
  TUState TU(Ctx);
  TU.Rdc = O.Rdc;
  TU.Sharing = O.Sharing;
  TU.Host = O.Host;
  TU.Rewritable = [&](SourceLocation L) {
    return L.isValid() &&
           Files.rewritable(SM.getFileID(SM.getExpansionLoc(L)));
  };

  std::vector<RegionCandidate> Cands = findRegions(Ctx);
  // Constructs that will run on the host without a HostFallback.
  std::vector<UnguardedConstruct> Hidden;
  std::map<FileID, std::vector<RegionCandidate>> ByFile =
      regionsByFile(Cands, Files, SM, DE, O, Hidden, Out);
  IncludeWarning Warn = includeWarning(Files, SM, DE, O, ByFile, Hidden);
  std::vector<const FunctionDecl *> RdcDefs;
  std::map<FileID, std::vector<const FunctionDecl *>> Defs =
      unitDefinitions(Ctx, O, Files, RdcDefs);
  Out.HasTargets = !Cands.empty() || !RdcDefs.empty();
  // A file whose host code calls the OpenMP device routines is translated
  // too: untranslated, its calls would reach the host library's numbering
  // of devices (libomp's, with no device) while the program's other files
  // use omp2cuda's.
  if (!Out.HasTargets && O.SkipIfNone)
    Out.HasTargets = !hostApiEdits(Ctx, {}).empty();
  if (!Out.HasTargets && O.SkipIfNone) {
    Out.Ok = true;
    return;
  }

  // A C mapper's iterator is renamed in the text of a file that is
  // rewritten; one that keeps its name and clashes in C++ is an error.
  MapperIteratorFacts Mappers = mapperIteratorFacts(
      Ctx, [&](FileID F) { return Files.whyNotReached(F); });
  for (const MapperIteratorFacts::Clash &C : Mappers.Clashes)
    report(DE, O, C.Loc, DiagId::CCompat, C.What);
  if (!Mappers.Clashes.empty())
    return;

  std::vector<std::pair<std::string, FileID>> Order =
      passOrder(Defs, ByFile, Mappers, Files);

  std::map<FileID, FilePass> Passes;
  auto Run = [&](FileID F) {
    MainFileScope Scope(SM, F);
    bool IsMain = F == Files.main();
    std::string Path = Files.pathOf(F);
    TU.FileName = IsMain ? Out.Source : Files.displayName(F);
    TU.KernelPrefix = IsMain ? "" : kernelPrefix(Path);
    TU.NameCount.clear();
    FilePass P = runFilePass(ByFile[F], TU, O, Out, !IsMain);
    P.FileName = TU.FileName;
    bool Ok = !P.Failed;
    Passes[F] = std::move(P);
    return Ok;
  };
  for (const auto &Entry : Order)
    if (!Run(Entry.second))
      return;
  markDeviceFunctions(Order, Defs, RdcDefs, Files, TU, O, Passes);
  for (auto &[F, P] : Passes) {
    MainFileScope Scope(SM, F);
    addDeviceMarks(P, TU, O);
  }

  // The headers with edits are rewritten, and so is every file that
  // includes one: its include must name the copy (else the original, whose
  // include guard the copy shares, could come first).
  std::set<FileID> Rewritten = {Files.main()};
  for (const auto &[F, P] : Passes)
    if (!P.Edits.empty() || !P.Inserts.empty())
      Rewritten.insert(F);
  if (!addIncluders(Rewritten, Includes, Files, [&](FileID F) {
        return Passes.count(F) || Run(F);
      }, SM, Warn))
    return;
  writeOutputs(Ctx, Includes, Files, Rewritten, Passes, O, Warn, Hidden, Out);
}

} // namespace omp2cuda
