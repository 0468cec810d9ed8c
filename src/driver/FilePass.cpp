#include "driver/FilePass.h"
#include "driver/Metadirectives.h"
#include "driver/RegionForm.h"

#include "analysis/CallChecker.h"
#include "analysis/DeviceLambdas.h"
#include "analysis/IndirectCalls.h"
#include "analysis/LocalTypes.h"
#include "analysis/Lint.h"
#include "analysis/Orphaned.h"

#include "edits/BodyPrinter.h"
#include "edits/CEnums.h"
#include "edits/Edits.h"
#include "emit/Emit.h"
#include "frontend/FileScope.h"
#include "lowering/Lower.h"

#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Format/Format.h"
#include "clang/Tooling/Core/Replacement.h"

#include <fmt/format.h>

#include <algorithm>

using namespace clang;

namespace omp2cuda {

/// Reports one of our diagnostics through clang's engine, as --suppress and
/// --warnings-as-errors say.
void report(DiagnosticsEngine &DE, const Options &O, SourceLocation Loc,
            DiagId Id, const std::string &Msg) {
  if (O.Suppress.count(Id))
    return;
  DiagnosticsEngine::Level L = DiagnosticsEngine::Warning;
  const char *Format = "";
  switch (Id) {
#define OMP2CUDA_DIAG(Enum, Name, Severity, Fmt)                               \
  case DiagId::Enum:                                                           \
    L = DiagnosticsEngine::Severity;                                           \
    Format = Fmt;                                                              \
    break;
#include "omp2cuda/Diagnostics.def"
#undef OMP2CUDA_DIAG
  }
  std::string Text = Format;
  size_t P = Text.find("%0");
  if (P != std::string::npos)
    Text.replace(P, 2, Msg);
  // Spelled as clang-tidy spells a check it promoted, so that the reader
  // sees why a warning stopped the translation.
  bool Promote = O.AsErrors.count(Id) ||
                 (O.AllWarningsAsErrors && L == DiagnosticsEngine::Warning);
  Text += std::string(" [omp2cuda-") + diagIdName(Id) +
          (Promote ? ",-warnings-as-errors]" : "]");
  if (Promote)
    L = DiagnosticsEngine::Error;
  DE.Report(Loc, DE.getCustomDiagID(L, "%0")) << Text;
}

namespace {

std::string launchDescription(const Region &R, const KernelModel &K,
                              bool FullGridAsked) {
  // Without num_teams a kernel with a one-pass form gets a thread per
  // iteration (launch.h, gridStrideShape); others what the device keeps
  // resident.
  bool OnePass = !R.SimdChunks && !R.TripOnDevice && R.TeamChunk.empty() &&
                 (R.ScheduleChunk.empty() || R.ScheduleChunk == "1");
  std::string Teams = R.NumTeams;
  if (K.FullGrid)
    Teams = "one thread per iteration (--full-grid, not " + R.NumTeams + ")";
  else if (FullGridAsked && !R.GridObserver.empty())
    Teams += " (kept by --full-grid: " + R.GridObserver + ")";
  if (R.Class == RegionClass::Combined)
    return fmt::format("grid-stride; teams: {}; threads: {}",
                       !R.NumTeams.empty() ? Teams
                       : OnePass ? "one thread per iteration, else "
                                   "occupancy-based"
                                 : "occupancy-based",
                       R.ThreadLimit.empty() ? "256" : R.ThreadLimit) +
           (R.SingleTeam ? " (one team)" : "");
  if (R.Class == RegionClass::Sequential)
    return fmt::format("spmd; teams: {}; threads: {}", R.NumTeams,
                       R.ThreadLimit.empty() ? "256" : R.ThreadLimit);
  if (R.Class == RegionClass::Spmd)
    return spmdDescription(R);
  return "";
}

/// Drops the `// clang-format off/on` lines placedBody() (and the rewriters
/// that place the user's text themselves) put around the user's text. With
/// Markers, the `on` that ends the user's text becomes a generatedMarker():
/// what follows is the generated file's own (issue 13 point 4, the kernel
/// epilogue's lines were attributed to the input lines after the body).
std::string stripFormatMarkers(const std::string &Text, bool Markers) {
  std::string Out;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t End = Text.find('\n', Pos);
    size_t Next = End == std::string::npos ? Text.size() : End + 1;
    llvm::StringRef Line = llvm::StringRef(Text).slice(Pos, Next);
    llvm::StringRef T = Line.trim();
    if (T == "// clang-format on")
      Out += generatedMarker(Markers);
    else if (T != "// clang-format off")
      Out += Line.str();
    Pos = Next;
  }
  return Out;
}

/// Turns off clang-format's namespace-comment and using-declaration passes
/// where they cannot change Text: each lexes, parses and annotates the whole
/// text again before the formatting pass does (a third of the formatting
/// time on LULESH, issue 11), and neither touches a line without a
/// `namespace` (or namespace macro) or a `using`.
void dropIdlePasses(format::FormatStyle &Style, llvm::StringRef Text) {
  if (Style.NamespaceMacros.empty() && !Text.contains("namespace"))
    Style.FixNamespaceComments = false;
  if (!Text.contains("using"))
    Style.SortUsingDeclarations = format::FormatStyle::SUD_Never;
}

/// Formats generated code with the user's .clang-format (LLVM style when
/// there is none), leaving the copied user text (Body) as written.
std::string formatGenerated(const std::string &Text, bool Markers,
                            const std::string &FileName) {
  llvm::Expected<format::FormatStyle> Style =
      format::getStyle("file", FileName, "LLVM", Text);
  if (!Style) {
    llvm::consumeError(Style.takeError());
    return stripFormatMarkers(Text, Markers);
  }
  dropIdlePasses(*Style, Text);
  std::vector<tooling::Range> Ranges{{0, static_cast<unsigned>(Text.size())}};
  tooling::Replacements R = format::reformat(*Style, Text, Ranges, FileName);
  auto Out = tooling::applyAllReplacements(Text, R);
  if (!Out) {
    llvm::consumeError(Out.takeError());
    return stripFormatMarkers(Text, Markers);
  }
  return stripFormatMarkers(*Out, Markers);
}

UnguardedConstruct unguarded(const RegionCandidate &C, const Region &R) {
  return {C.Directive->getBeginLoc(), R.Loc, R.Directive,
          R.Reason + " [omp2cuda-" + diagIdName(R.Why) + "]"};
}

/// A function with a device-dependent `declare variant` that target region
/// C, left on the host, calls (directly or through functions of the unit),
/// or null.
const FunctionDecl *hostRunsHostVariant(const RegionCandidate &C) {
  if (!isOpenMPTargetExecutionDirective(C.Directive->getDirectiveKind()))
    return nullptr;
  return reachesDeviceVariant(C.Directive);
}

UnguardedConstruct unguardedVariant(const RegionCandidate &C, const Region &R,
                                    const FunctionDecl *F) {
  UnguardedConstruct U = unguarded(C, R);
  U.Reason = "it calls '" + F->getNameAsString() +
             "', whose 'declare variant' for the device the host would not "
             "run (" + U.Reason + ")";
  return U;
}

} // namespace

FilePass runFilePass(const std::vector<RegionCandidate> &Cands, TUState &TU,
                     const Options &O, FileResult &Out, bool Internal) {
  FilePass P;
  ASTContext &Ctx = TU.Ctx;
  const SourceManager &SM = Ctx.getSourceManager();
  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  std::vector<CompatProblem> Problems;
  TU.FileEdits = cCompatEdits(Ctx, O.LineDirectives, Problems);
  if (!Internal && !Ctx.getLangOpts().CPlusPlus && TU.Rewritable)
    untranslatedHeaderEnumUses(Ctx, TU.Rewritable, Problems);
  for (const CompatProblem &P : Problems)
    report(DE, O, P.Loc, DiagId::CCompat, P.What);
  if (!Problems.empty()) {
    P.Failed = true;
    return P;
  }

  std::vector<TextEdit> &Edits = P.Edits;
  Edits = TU.FileEdits;
  {
    // Every region's text in the output is host code (its host fallback):
    // kernels take their copies of the user's text before these edits.
    std::vector<TextEdit> Api = hostApiEdits(Ctx, {});
    Edits.insert(Edits.end(), Api.begin(), Api.end());
    TU.HostApiEdits = std::move(Api);
    std::vector<TextEdit> Forms = atomicFormEdits(Ctx);
    Edits.insert(Edits.end(), Forms.begin(), Forms.end());
    std::vector<TextEdit> Gnu = calls::hostGnuAtomicEdits(Ctx);
    Edits.insert(Edits.end(), Gnu.begin(), Gnu.end());
  }
  // Host code's edits, for clause expressions the host evaluates.
  std::vector<TextEdit> ClauseEdits = TU.FileEdits;
  ClauseEdits.insert(ClauseEdits.end(), TU.HostApiEdits.begin(),
                     TU.HostApiEdits.end());
  std::map<unsigned, std::string> &Inserts = P.Inserts;
  // Macro invocations that produce translated regions, with the call that
  // opens each region's host-fallback branch.
  std::map<std::pair<unsigned, unsigned>,
           std::pair<MacroSite, std::map<const Stmt *, std::string>>>
      Sites;
  // A region's call-site text replaces part of the file (a stand-alone
  // directive's line); it was made with the file's edits already applied,
  // so theirs inside that part go.
  auto AddCallSite = [&](const std::vector<TextEdit> &CallSite) {
    for (const TextEdit &CS : CallSite) {
      if (CS.Length == 0)
        continue;
      unsigned B = CS.Offset, E = CS.Offset + CS.Length;
      Edits.erase(std::remove_if(Edits.begin(), Edits.end(),
                                 [&](const TextEdit &X) {
                                   return X.Offset + X.Length <= E &&
                                          (X.Offset > B ||
                                           (X.Offset == B && X.Length > 0));
                                 }),
                  Edits.end());
    }
    Edits.insert(Edits.end(), CallSite.begin(), CallSite.end());
  };
  const std::string &FileName = TU.FileName;
  std::vector<MovedType> Moved;
  std::map<unsigned, std::string> DefineEdits; // data constructs' #define edits
  unsigned Index = 0;
  for (const RegionCandidate &C : Cands) {
    if (O.Progress)
      O.Progress(fmt::format(
          "{}:{}: target construct {} of {} ({})", FileName,
          SM.getExpansionLineNumber(C.Directive->getBeginLoc()), Index + 1,
          Cands.size(),
          llvm::omp::getOpenMPDirectiveName(C.Directive->getDirectiveKind())
              .str()));
    // OpenMP's semantics, not ours: linted whether or not it is translated.
    for (const LintFinding &F :
         lintFirstprivateWrites(*C.Directive, Ctx, C.Function))
      report(DE, O, F.Loc, DiagId::FirstprivateWrite, F.Message);
    for (const LintFinding &F : lintFirstprivatePresent(*C.Directive, Ctx))
      report(DE, O, F.Loc, DiagId::FirstprivatePresent, F.Message);
    Region R = analyzeRegion(C, TU, Index++);
    if (R.Translate)
      holdForMetadirective(C, SM, Out, R, Internal);
    RegionReport Rep{R, "", ""};
    if (!R.Translate) {
      // Kept there on purpose: a remark, and no exit status 3.
      ++(R.Why == DiagId::HostOnPurpose ? Out.KeptOnHost : Out.LeftOnHost);
      report(DE, O, whyLoc(R, C.Directive->getBeginLoc(), SM), R.Why,
             R.Reason);
      RegionEdit E = hostComment(C, R, Ctx, O.LineDirectives, ClauseEdits);
      if (!E.Guarded) {
        P.Unguarded.push_back(unguarded(C, R));
        if (!E.Unguarded.empty())
          P.Unguarded.back().Reason =
              E.Unguarded + " (" + P.Unguarded.back().Reason + ")";
      } else if (const FunctionDecl *F = hostRunsHostVariant(C))
        // The host fallback would call the host's variant of F while the
        // device's is what the program must see with a device present
        // (issue 8): the program runs on the host, where the host's variant
        // is the right one.
        P.Unguarded.push_back(unguardedVariant(C, R, F));
      AddCallSite(E.CallSite);
    } else if (R.Class == RegionClass::DataEnv ||
               R.Class == RegionClass::DataStmt) {
      RegionEdit E = dataEdits(C, R, Ctx, O.LineDirectives, DefineEdits);
      if (!E.Problem.empty())
        report(DE, O, C.Directive->getBeginLoc(), DiagId::DataMacro,
               E.Problem);
      AddCallSite(E.CallSite);
    } else {
      for (const auto &[Id, Rem] : R.Remarks)
        report(DE, O, C.Directive->getBeginLoc(), Id, Rem);
      KernelModel K = lowerRegion(R, O);
      // Under --rdc the device link sees every unit's kernels: two units'
      // `omp2cuda_main_L12` must not clash.
      K.Internal = Internal || O.Rdc;
      std::string Emitted =
          formatGenerated(emitKernel(K) + "\n" + emitStub(K) + "\n",
                          K.LineDirectives, Out.Source) +
          "\n";
      RegionEdit E = regionEdits(C, R, K, Emitted, Ctx, O.LineDirectives);
      if (!K.ClassAhead.empty())
        placeAfterClass(C, K, Ctx, E);
      MacroSite Site;
      if (C.Directive->getBeginLoc().isMacroID()) {
        // Rewritten at the expansion site, from the expanded statements.
        if (!findMacroSite(C.Directive, Ctx, Site)) {
          R.Translate = false;
          R.Why = DiagId::HostMacro;
          R.Reason = "the macro that produces the construct also produces "
                     "code around it that cannot be rewritten";
          ++Out.LeftOnHost;
          report(DE, O, C.Directive->getBeginLoc(), R.Why, R.Reason);
          P.Unguarded.push_back(unguarded(C, R));
          Out.Regions.push_back({R, "", ""});
          continue;
        }
        auto &S = Sites[{Site.Begin, Site.End}];
        S.first = Site;
        S.second[C.Directive] = E.CallSite.front().Text;
      } else {
        AddCallSite(E.CallSite);
      }
      // Local types the kernel names move to file scope ahead of it, in
      // source order (which C makes an order of dependence too).
      std::sort(TU.PendingMoves.begin(), TU.PendingMoves.end(),
                [&](const LocalTypeMove &A, const LocalTypeMove &B) {
                  return SM.isBeforeInTranslationUnit(A.Stmt->getBeginLoc(),
                                                      B.Stmt->getBeginLoc());
                });
      for (LocalTypeMove &M : TU.PendingMoves) {
        MovedType T = moveLocalType(M, Ctx, TU.FileEdits, FileName, O.LineDirectives);
        // Another function's identical definition is at file scope already.
        if (reusesMove(M, TU))
          T.FileScopeText.clear();
        Inserts[E.Ahead.empty() ? E.InsertAt : E.AheadAt] += T.FileScopeText;
        Moved.push_back(std::move(T));
        TU.Moves.push_back(std::move(M));
      }
      TU.PendingMoves.clear();
      if (!E.Ahead.empty())
        Inserts[E.AheadAt] += E.Ahead;
      Inserts[E.InsertAt] += E.Insert;
      Rep.Kernel = K.Name;
      Rep.LaunchShape = launchDescription(R, K, O.FullGrid);
    }
    Out.Regions.push_back(std::move(Rep));
  }

  for (auto &SiteEntry : Sites) {
    const std::pair<unsigned, unsigned> Range = SiteEntry.first;
    const auto &Site = SiteEntry.second;
    const auto &Prefixes = Site.second;
    std::string Text = printMacroSite(Site.first, Ctx, [&](const Stmt *S) {
      auto It = Prefixes.find(S);
      return It == Prefixes.end() ? std::string() : It->second;
    });
    // Edits of the file inside the invocation are replaced by the print.
    Edits.erase(std::remove_if(Edits.begin(), Edits.end(),
                               [&](const TextEdit &E) {
                                 return E.Offset >= Range.first &&
                                        E.Offset < Range.second;
                               }),
                Edits.end());
    unsigned Line = SM.getLineNumber(SM.getMainFileID(), Range.second);
    Text = "// omp2cuda: macro expansion rewritten (" +
           SM.getBufferData(SM.getMainFileID())
               .slice(Range.first, Range.second)
               .take_until([](char Ch) { return Ch == '\n'; })
               .str() +
           ")\n" + Text;
    if (O.LineDirectives)
      Text += lineMarker({FileName, Line, 0}, true);
    Edits.push_back({Range.first, Range.second - Range.first, Text});
  }

  // A moved type's text went to file scope with its edits applied; what
  // stays behind replaces the range.
  for (const MovedType &T : Moved) {
    Edits.erase(std::remove_if(Edits.begin(), Edits.end(),
                               [&](const TextEdit &E) {
                                 return E.Offset >= T.Begin && E.Offset < T.End;
                               }),
                Edits.end());
    Edits.push_back(T.Remnant);
  }

  return P;
}

void addDeviceMarks(FilePass &P, const TUState &TU, const Options &O) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  deviceGlobalEdits(TU, P.Edits, P.Inserts);
  indirectTableEdits(TU, P.Inserts);
  deviceVariantEdits(TU, P.Edits, P.Inserts);
  orphanedAtomicEdits(TU, P.Edits, P.FileName, O.LineDirectives);
  // The OpenMP API they call is o2c_dev's, which answers for the side it
  // runs on.
  for (const FunctionDecl *F : TU.DeviceFunctions) {
    for (const FunctionDecl *Re : F->redecls()) {
      SourceLocation L = SM.getExpansionLoc(Re->getBeginLoc());
      TextEdit Mark{SM.getFileOffset(L), 0, "__host__ __device__ "};
      // A lambda is marked after its capture list (DeviceLambdas.h).
      lambdaMark(Re, SM, Mark);
      if (inMainFile(SM, L))
        P.Edits.push_back(std::move(Mark));
    }
    // Defined in another file (--rdc): only its declarations are marked.
    if (!F->getBody() || !inMainFile(SM, F->getBody()->getBeginLoc()))
      continue;
    // The host code's edits (hostGnuAtomicEdits) may have renamed some.
    for (TextEdit &E : calls::gnuAtomicEdits(F->getBody(), TU.Ctx))
      if (llvm::none_of(P.Edits, [&](const TextEdit &X) {
            return X.Offset == E.Offset && X.Length == E.Length;
          }))
        P.Edits.push_back(std::move(E));
    std::string Usings;
    for (const std::string &N : ompApiCalledIn(F->getBody()))
      Usings += " using o2c_dev::" + N + ";";
    if (!Usings.empty())
      P.Edits.push_back(
          {SM.getFileOffset(F->getBody()->getBeginLoc()) + 1, 0, Usings});
  }
}

std::optional<std::string> applyFilePass(FilePass &P, ASTContext &Ctx,
                                         const std::string &Banner,
                                         const std::string &FileName,
                                         const Options &O) {
  const SourceManager &SM = Ctx.getSourceManager();
  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  std::vector<TextEdit> Edits = std::move(P.Edits);
  // Kernels go before everything else inserted at the same place (the
  // declaration's own `extern "C"` or `__host__ __device__` included).
  std::vector<TextEdit> KernelEdits;
  // Each is the generated file's own text (kernels, stubs, device copies of
  // globals) until the marker back to the input after it.
  const std::string Generated = generatedMarker(O.LineDirectives);
  llvm::StringRef Code = SM.getBufferData(SM.getMainFileID());
  for (auto &[Off, Text] : P.Inserts) {
    unsigned Line = SM.getLineNumber(SM.getMainFileID(), Off);
    std::string Own =
        llvm::StringRef(Text).starts_with(Generated) ? "" : Generated;
    // Text inserted mid-line starts by ending that line: the marker, a
    // directive, must follow that newline, not share the user's line.
    llvm::StringRef Body = Text;
    bool MidLine = Off > 0 && Code[Off - 1] != '\n';
    std::string Lead =
        !Own.empty() && MidLine && Body.consume_front("\n") ? "\n" : "";
    KernelEdits.push_back(
        {Off, 0,
         Lead + Own + Body.str() +
             lineMarker({FileName, Line, 0}, O.LineDirectives)});
  }
  Edits.insert(Edits.begin(), KernelEdits.begin(), KernelEdits.end());
  // First in the list: insertions at one offset keep their order, and the
  // runtime header must precede a kernel inserted at offset 0.
  Edits.insert(Edits.begin(),
               {0, 0, Banner + lineMarker({FileName, 1, 0}, O.LineDirectives)});
  auto Reps = toReplacements(FileName, std::move(Edits));
  if (!Reps) {
    DE.Report(SourceLocation(),
              DE.getCustomDiagID(DiagnosticsEngine::Error,
                                 "omp2cuda internal error: conflicting edits: %0"))
        << llvm::toString(Reps.takeError());
    return std::nullopt;
  }
  auto Result = tooling::applyAllReplacements(Code, *Reps);
  if (!Result) {
    DE.Report(SourceLocation(),
              DE.getCustomDiagID(DiagnosticsEngine::Error,
                                 "omp2cuda internal error: %0"))
        << llvm::toString(Result.takeError());
    return std::nullopt;
  }
  return std::move(*Result);
}

} // namespace omp2cuda
