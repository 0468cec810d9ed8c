#include "driver/Translate.h"

#include "analysis/Analysis.h"
#include "edits/BodyPrinter.h"
#include "edits/Edits.h"
#include "emit/Emit.h"
#include "frontend/FileScope.h"
#include "frontend/RegionFinder.h"
#include "lowering/Lower.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Format/Format.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

using namespace clang;

namespace omp2cuda {

const char *diagIdName(DiagId Id) {
  switch (Id) {
#define OMP2CUDA_DIAG(Enum, Name, Severity, Format)                            \
  case DiagId::Enum:                                                           \
    return Name;
#include "omp2cuda/Diagnostics.def"
#undef OMP2CUDA_DIAG
  }
  return "unknown";
}

DiagSeverity diagSeverity(DiagId Id) {
  switch (Id) {
#define OMP2CUDA_DIAG(Enum, Name, Severity, Format)                            \
  case DiagId::Enum:                                                           \
    return DiagSeverity::Severity;
#include "omp2cuda/Diagnostics.def"
#undef OMP2CUDA_DIAG
  }
  return DiagSeverity::Warning;
}

std::optional<DiagId> diagIdFromName(std::string_view Name) {
  llvm::StringRef N(Name.data(), Name.size());
  N.consume_front("omp2cuda-");
#define OMP2CUDA_DIAG(Enum, Id, Severity, Format)                              \
  if (N == Id)                                                                 \
    return DiagId::Enum;
#include "omp2cuda/Diagnostics.def"
#undef OMP2CUDA_DIAG
  return std::nullopt;
}

namespace {

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

std::string launchDescription(const Region &R) {
  if (R.Class == RegionClass::Combined)
    return fmt::format("grid-stride; teams: {}; threads: {}",
                       R.NumTeams.empty() ? "occupancy-based" : R.NumTeams,
                       R.ThreadLimit.empty() ? "256" : R.ThreadLimit) +
           (R.SingleTeam ? " (one team)" : "");
  if (R.Class == RegionClass::Sequential)
    return fmt::format("spmd; teams: {}; threads: {}", R.NumTeams,
                       R.ThreadLimit.empty() ? "256" : R.ThreadLimit);
  return "";
}

/// Drops the `// clang-format off/on` lines placedBody() puts around the
/// user's text.
std::string stripFormatMarkers(const std::string &Text) {
  std::string Out;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t End = Text.find('\n', Pos);
    size_t Next = End == std::string::npos ? Text.size() : End + 1;
    llvm::StringRef Line = llvm::StringRef(Text).slice(Pos, Next);
    llvm::StringRef T = Line.trim();
    if (T != "// clang-format off" && T != "// clang-format on")
      Out += Line.str();
    Pos = Next;
  }
  return Out;
}

/// Formats generated code with the user's .clang-format (LLVM style when
/// there is none), leaving the copied user text (Body) as written.
std::string formatGenerated(const std::string &Text, const std::string &,
                            const std::string &FileName) {
  llvm::Expected<format::FormatStyle> Style =
      format::getStyle("file", FileName, "LLVM", Text);
  if (!Style) {
    llvm::consumeError(Style.takeError());
    return Text;
  }
  std::vector<tooling::Range> Ranges{{0, static_cast<unsigned>(Text.size())}};
  tooling::Replacements R = format::reformat(*Style, Text, Ranges, FileName);
  auto Out = tooling::applyAllReplacements(Text, R);
  if (!Out) {
    llvm::consumeError(Out.takeError());
    return stripFormatMarkers(Text);
  }
  return stripFormatMarkers(*Out);
}

/// A target region in an included file, for the report: only the main file
/// is rewritten.
Region headerRegion(const OMPExecutableDirective &D, const SourceManager &SM) {
  Region R;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(D.getBeginLoc()));
  if (P.isValid())
    R.Loc = {P.getFilename(), P.getLine(), P.getColumn()};
  R.Directive = llvm::omp::getOpenMPDirectiveName(D.getDirectiveKind()).str();
  R.Translate = false;
  R.Why = DiagId::HostHeader;
  R.Reason = "it is in an included file; only the main file is rewritten "
             "(translate a source file that defines the code instead)";
  return R;
}

thread_local bool InOurCode = false;

class Consumer : public ASTConsumer {
public:
  Consumer(FileResult &Out, const Options &O) : Out(Out), O(O) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    InOurCode = true;
    struct Reset {
      ~Reset() { InOurCode = false; }
    } R;
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    if (DE.hasErrorOccurred())
      return;
    Out.Parsed = true;
    const SourceManager &SM = Ctx.getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      Out.Dependencies.push_back(It->first.getName().str());

    TUState TU(Ctx);
    TU.FileName = Out.Source;
    std::vector<CompatProblem> Problems;
    std::vector<const OMPExecutableDirective *> InHeaders;
    std::vector<RegionCandidate> Cands = findRegions(Ctx, &InHeaders);
    for (const OMPExecutableDirective *D : InHeaders) {
      Region R = headerRegion(*D, SM);
      report(DE, O, D->getBeginLoc(), R.Why, R.Reason);
      ++Out.LeftOnHost;
      Out.Regions.push_back({std::move(R), "", ""});
    }
    Out.HasTargets = !Cands.empty();
    if (Cands.empty() && O.SkipIfNone) {
      Out.Ok = true;
      return;
    }
    TU.FileEdits = cCompatEdits(Ctx, O.LineDirectives, Problems);
    for (const CompatProblem &P : Problems)
      report(DE, O, P.Loc, DiagId::CCompat, P.What);
    if (!Problems.empty())
      return;

    std::vector<TextEdit> Edits = TU.FileEdits;
    {
      // Every region's text in the output is host code (its host fallback):
      // kernels take their copies of the user's text before these edits.
      std::vector<TextEdit> Api = hostApiEdits(Ctx, {});
      Edits.insert(Edits.end(), Api.begin(), Api.end());
      TU.HostApiEdits = std::move(Api);
      std::vector<TextEdit> Forms = atomicFormEdits(Ctx);
      Edits.insert(Edits.end(), Forms.begin(), Forms.end());
    }
    // Host code's edits, for clause expressions the host evaluates.
    std::vector<TextEdit> ClauseEdits = TU.FileEdits;
    ClauseEdits.insert(ClauseEdits.end(), TU.HostApiEdits.begin(),
                       TU.HostApiEdits.end());
    std::map<unsigned, std::string> Inserts; // top-level offset -> kernels
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
    std::string FileName = Out.Source;
    std::vector<MovedType> Moved;
    std::map<unsigned, std::string> DefineEdits; // data constructs' #define edits
    unsigned Index = 0;
    for (const RegionCandidate &C : Cands) {
      Region R = analyzeRegion(C, TU, Index++);
      RegionReport Rep{R, "", ""};
      if (!R.Translate) {
        // Kept there on purpose: a remark, and no exit status 3.
        ++(R.Why == DiagId::HostOnPurpose ? Out.KeptOnHost : Out.LeftOnHost);
        report(DE, O, C.Directive->getBeginLoc(), R.Why, R.Reason);
        RegionEdit E = hostComment(C, R, Ctx, O.LineDirectives, ClauseEdits);
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
        std::string Emitted =
            formatGenerated(emitKernel(K) + "\n" + emitStub(K) + "\n", K.Body,
                            Out.Source) +
            "\n";
        RegionEdit E = regionEdits(C, R, K, Emitted, Ctx, O.LineDirectives);
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
          Inserts[E.InsertAt] += T.FileScopeText;
          Moved.push_back(std::move(T));
          TU.Moves.push_back(std::move(M));
        }
        TU.PendingMoves.clear();
        Inserts[E.InsertAt] += E.Insert;
        Rep.Kernel = K.Name;
        Rep.LaunchShape = launchDescription(R);
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

    // Functions the device calls become __host__ __device__; the OpenMP
    // API they call is o2c_dev's, which answers for the side it runs on.
    for (const FunctionDecl *F : TU.DeviceFunctions) {
      for (const FunctionDecl *Re : F->redecls()) {
        SourceLocation L = SM.getExpansionLoc(Re->getBeginLoc());
        if (inMainFile(SM, L))
          Edits.push_back({SM.getFileOffset(L), 0, "__host__ __device__ "});
      }
      std::string Usings;
      for (const std::string &N : ompApiCalledIn(F->getBody()))
        Usings += " using o2c_dev::" + N + ";";
      if (!Usings.empty())
        Edits.push_back({SM.getFileOffset(F->getBody()->getBeginLoc()) + 1, 0, Usings});
    }

    // Kernels go before everything else inserted at the same place (the
    // declaration's own `extern "C"` or `__host__ __device__` included).
    std::vector<TextEdit> KernelEdits;
    for (auto &[Off, Text] : Inserts) {
      unsigned Line = SM.getLineNumber(SM.getMainFileID(), Off);
      KernelEdits.push_back(
          {Off, 0, Text + lineMarker({FileName, Line, 0}, O.LineDirectives)});
    }
    Edits.insert(Edits.begin(), KernelEdits.begin(), KernelEdits.end());
    // First in the list: insertions at one offset keep their order, and the
    // runtime header must precede a kernel inserted at offset 0.
    Edits.insert(Edits.begin(),
                 {0, 0,
                  // The OpenMP version of the parse: the host compile of the
                  // regions' fallback copies needs the same (omp2cuda-cc
                  // reads it here).
                  fmt::format("// Generated by omp2cuda {} from {} (OpenMP {}.{}).\n"
                              "#include \"{}\"\n",
                              OMP2CUDA_VERSION, FileName,
                              Ctx.getLangOpts().OpenMP / 10,
                              Ctx.getLangOpts().OpenMP % 10, O.RuntimeInclude) +
                      lineMarker({FileName, 1, 0}, O.LineDirectives)});

    llvm::StringRef Code = SM.getBufferData(SM.getMainFileID());
    auto Reps = toReplacements(FileName, std::move(Edits));
    if (!Reps) {
      DE.Report(SourceLocation(),
                DE.getCustomDiagID(DiagnosticsEngine::Error,
                                   "omp2cuda internal error: conflicting edits: %0"))
          << llvm::toString(Reps.takeError());
      return;
    }
    auto Result = tooling::applyAllReplacements(Code, *Reps);
    if (!Result) {
      DE.Report(SourceLocation(),
                DE.getCustomDiagID(DiagnosticsEngine::Error,
                                   "omp2cuda internal error: %0"))
          << llvm::toString(Result.takeError());
      return;
    }
    Out.Output = std::move(*Result);
    Out.Ok = !DE.hasErrorOccurred();
  }

private:
  FileResult &Out;
  const Options &O;
};

thread_local bool StoppedAtFatal = false;

/// Enforces -ferror-limit itself and leaves Clang far past it: Clang 19's
/// OpenMP parser can repeat one error for ever (`#pragma omp target
/// indirect-x`, found by fuzzing), and once Clang's own limit has silenced
/// it nothing would stop it. Leaving early leaks the file's compiler state,
/// so only that pathological case does it.
class ErrorLimit : public DiagnosticConsumer {
public:
  ErrorLimit(DiagnosticConsumer *Inner, std::unique_ptr<DiagnosticConsumer> Owned,
             unsigned Limit)
      : Inner(Inner), Owned(std::move(Owned)), Limit(Limit) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Inner->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Inner->EndSourceFile(); }
  void finish() override { Inner->finish(); }
  bool IncludeInDiagnosticCounts() const override {
    return Inner->IncludeInDiagnosticCounts();
  }
  void HandleDiagnostic(DiagnosticsEngine::Level L, const Diagnostic &D) override {
    DiagnosticConsumer::HandleDiagnostic(L, D);
    if (L >= DiagnosticsEngine::Error)
      ++Errors;
    if (Limit == 0 || Errors <= Limit) {
      Inner->HandleDiagnostic(L, D);
      return;
    }
    if (!Silenced) {
      Silenced = true;
      llvm::errs() << "fatal error: too many errors emitted, stopping now "
                      "[-ferror-limit=]\n";
    }
    if (Errors > Limit + 10000)
      if (llvm::CrashRecoveryContext *C = llvm::CrashRecoveryContext::GetCurrent()) {
        Inner->finish();
        StoppedAtFatal = true;
        C->HandleExit(1);
      }
  }

private:
  DiagnosticConsumer *Inner;
  std::unique_ptr<DiagnosticConsumer> Owned;
  unsigned Limit;
  unsigned Errors = 0;
  bool Silenced = false;
};

class Action : public ASTFrontendAction {
public:
  Action(FileResult &Out, const Options &O, llvm::raw_ostream *Diags = nullptr)
      : Out(Out), O(O), Diags(Diags) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // "N errors generated." goes where the diagnostics go.
    if (Diags)
      CI.setVerboseOutputStream(*Diags);
    DiagnosticsEngine &DE = CI.getDiagnostics();
    std::unique_ptr<DiagnosticConsumer> Owned =
        DE.ownsClient() ? DE.takeClient() : nullptr;
    DiagnosticConsumer *Inner = Owned ? Owned.get() : DE.getClient();
    if (Inner) {
      unsigned Limit = CI.getDiagnosticOpts().ErrorLimit;
      DE.setErrorLimit(0); // counted by ErrorLimit instead
      DE.setClient(new ErrorLimit(Inner, std::move(Owned), Limit),
                   /*ShouldOwnClient=*/true);
    }
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<Consumer>(Out, O);
  }

private:
  FileResult &Out;
  const Options &O;
  llvm::raw_ostream *Diags;
};

class Factory : public tooling::FrontendActionFactory {
public:
  Factory(FileResult &Out, const Options &O, llvm::raw_ostream *Diags = nullptr)
      : Out(Out), O(O), Diags(Diags) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(Out, O, Diags);
  }

private:
  FileResult &Out;
  const Options &O;
  llvm::raw_ostream *Diags;
};

bool isForeignFlag(llvm::StringRef A) {
  return A.starts_with("-foffload") || A.starts_with("-mp") ||
         A.starts_with("-Minfo") || A.starts_with("-gpu=") ||
         A.starts_with("--offload-arch") || A.starts_with("-fopenmp-targets") ||
         A.starts_with("-Xcompiler") || A.starts_with("-Xptxas") ||
         A.starts_with("-arch=sm") || A.starts_with("--gpu-architecture") ||
         A == "-acc" || A.starts_with("-ta=") || A.starts_with("-fcf-protection");
}

} // namespace

bool inTranslatorCode() { return InOurCode; }

std::vector<std::string> adjustArgs(const std::vector<std::string> &Args,
                                    std::vector<std::string> *Dropped,
                                    llvm::StringRef Version) {
  // What follows `--` is inputs (an entry the database infers for a file it
  // does not list ends with `-- file`): our flags go before it, else the
  // driver takes them for files and the parse runs without OpenMP.
  auto Inputs = std::find(Args.begin(), Args.end(), "--");
  std::vector<std::string> Out;
  bool HaveOpenMP = false, HaveVersion = false;
  for (auto It = Args.begin(); It != Inputs; ++It) {
    llvm::StringRef A = *It;
    if (It != Args.begin() && isForeignFlag(A)) {
      if (Dropped)
        Dropped->push_back(A.str());
      continue;
    }
    if (A.starts_with("-fopenmp") && !A.starts_with("-fopenmp-"))
      HaveOpenMP = true;
    HaveVersion = HaveVersion || A.starts_with("-fopenmp-version=");
    Out.push_back(A.str());
  }
  if (!HaveOpenMP)
    Out.push_back("-fopenmp");
  if (!HaveVersion && !Version.empty())
    Out.push_back(("-fopenmp-version=" + Version).str());
  Out.push_back("-resource-dir=" OMP2CUDA_CLANG_RESOURCE_DIR);
  Out.push_back("-Wno-unused-command-line-argument");
  // GCC's warning flags (from databases, or -Wno-... that omp2cuda-cc
  // passes on) are not the translator's business.
  Out.push_back("-Wno-unknown-warning-option");
  Out.insert(Out.end(), Inputs, Args.end());
  return Out;
}

FileResult translateFileAt(const std::string &Source,
                           const tooling::CompilationDatabase &DB,
                           const Options &O, llvm::StringRef Version,
                           llvm::raw_ostream &Diags) {
  FileResult R;
  R.Source = Source;
  // A file system of its own: ClangTool moves to each compile command's
  // directory, which on the real file system is the process's working
  // directory, shared by the -j workers (sources were looked up, and outputs
  // written, relative to another file's directory).
  tooling::ClangTool Tool(DB, {Source},
                          std::make_shared<PCHContainerOperations>(),
                          llvm::vfs::createPhysicalFileSystem());
  Tool.appendArgumentsAdjuster(
      [&R, Version](const tooling::CommandLineArguments &Args, llvm::StringRef) {
        return adjustArgs(Args, &R.DroppedFlags, Version);
      });
  // Diagnostics go to Diags, so that a caller that parses again at another
  // OpenMP version can drop those of the attempt it does not keep.
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts = new DiagnosticOptions();
  DiagOpts->ShowColors = Diags.has_colors();
  DiagOpts->ShowOptionNames = true; // [-Wname], as the clang driver prints
  TextDiagnosticPrinter Printer(Diags, DiagOpts.get());
  Tool.setDiagnosticConsumer(&Printer);
  Tool.setPrintErrorMessage(false);
  {
    llvm::SmallString<256> Abs(Source);
    llvm::sys::fs::make_absolute(Abs);
    std::vector<tooling::CompileCommand> Cmds = DB.getCompileCommands(Abs);
    if (!Cmds.empty())
      R.FlagsHeuristic = Cmds.front().Heuristic;
  }
  Factory F(R, O, &Diags);
  // Clang 19 itself crashes on some invalid input (e.g. _Pragma inside an
  // OpenMP pragma line): report it as an error for this file, write nothing.
  int Rc = 1;
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext CRC;
  StoppedAtFatal = false;
  if (!CRC.RunSafely([&] { Rc = Tool.run(&F); })) {
    R.Ok = false;
    R.Output.clear();
    if (StoppedAtFatal)
      return R; // the fatal error has been reported
    Diags << Source
          << ": error: the Clang front end crashed while parsing this "
             "file; nothing was written\n";
    return R;
  }
  if (Rc != 0) {
    R.Ok = false;
    Diags << "Error while processing " << Source << ".\n"; // as ClangTool says
  }
  return R;
}

FileResult translateCode(const std::string &Code, const std::string &FileName,
                         const std::vector<std::string> &Args,
                         const Options &O) {
  FileResult R;
  R.Source = FileName;
  std::vector<std::string> A = adjustArgs(Args, nullptr);
  bool Ok = tooling::runToolOnCodeWithArgs(std::make_unique<Action>(R, O), Code,
                                           A, FileName);
  if (!Ok)
    R.Ok = false;
  return R;
}

} // namespace omp2cuda
