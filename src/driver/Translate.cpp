#include "driver/Translate.h"
#include "driver/FilePass.h"
#include "driver/Metadirectives.h"
#include "driver/TranslateUnit.h"
#include "emit/Emit.h"
#include "frontend/VariantBlocks.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <map>
#include <set>

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

thread_local bool InOurCode = false;

/// Limits the AST's traversals (the region finder's matchers, the parent
/// map that every look-up of an enclosing construct builds, and each
/// RecursiveASTVisitor::TraverseAST) to the top-level declarations outside
/// the system's headers, which are neither rewritten nor reported: building
/// the parent map over libstdc++'s declarations took a ninth of the
/// translation of LULESH (issue 11, translation time).
void userScope(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> Scope;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceLocation L = D->getLocation();
    if (L.isInvalid() || !SM.isInSystemHeader(SM.getExpansionLoc(L)))
      Scope.push_back(D);
  }
  Ctx.setTraversalScope(Scope);
}

/// The `begin declare variant` blocks of a C++ main file that the output
/// keeps visible (not the host-skipped ones, hidden in `#if 0`) and that
/// define a function with overloads: nvcc's front end declares each such
/// function beside its base (`f$$OMP_VARIANT000000`), so every call of the
/// overloaded name is ambiguous to it and the .cu does not compile (task
/// b19: kind(any) and kind(host) blocks compiled with no warning), while
/// the emu backend's clang builds it. Each gets a warning, with the names.
void warnAmbiguousBlocks(ASTContext &Ctx, const Options &O) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  std::vector<VariantBlock> Blocks = findVariantBlocks(Buf);
  if (Blocks.empty())
    return;
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    std::vector<const FunctionDecl *> Variants;
    explicit Finder(const SourceManager &SM) : SM(SM) {}
    bool VisitFunctionDecl(FunctionDecl *FD) {
      // Clang prints a block's function as "f[device={kind(any)}]".
      if (llvm::StringRef(FD->getNameAsString()).contains('[') &&
          SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
        Variants.push_back(FD);
      return true;
    }
  } F(SM);
  F.TraverseAST(Ctx);
  auto IsMacro = [&](llvm::StringRef W) {
    auto It = Ctx.Idents.find(W);
    return It != Ctx.Idents.end() && It->second->hadMacroDefinition();
  };
  std::map<unsigned, std::set<std::string>> Ambiguous; // by block
  for (const FunctionDecl *FD : F.Variants) {
    unsigned Off = SM.getFileOffset(SM.getExpansionLoc(FD->getLocation()));
    const VariantBlock *B = blockAt(Blocks, Off);
    if (!B || hostSkipsBlock(Buf, *B, IsMacro))
      continue;
    std::string Name = FD->getNameAsString();
    std::string Base = Name.substr(0, Name.find('['));
    std::set<const Decl *> Overloads;
    for (const NamedDecl *ND : FD->getDeclContext()->getRedeclContext()->lookup(
             DeclarationName(&Ctx.Idents.get(Base))))
      if (isa<FunctionDecl, FunctionTemplateDecl>(ND))
        Overloads.insert(ND->getCanonicalDecl());
    if (Overloads.size() > 1)
      Ambiguous[B->Begin].insert(FD->getQualifiedNameAsString().substr(
          0, FD->getQualifiedNameAsString().find('[')));
  }
  for (const auto &[At, Names] : Ambiguous) {
    std::string List;
    for (const std::string &N : Names)
      List += (List.empty() ? "'" : ", '") + N + "'";
    report(Ctx.getDiagnostics(), O, SM.getComposedLoc(SM.getMainFileID(), At),
           DiagId::VariantBlock,
           "this 'begin declare variant' block, which the host compiler "
           "reads, defines " +
               List +
               ", which has overloads: nvcc's front end declares the "
               "block's function beside its base, so the calls of the "
               "overloads are ambiguous to it and the .cu does not compile "
               "with nvcc (omp2cuda-cc --backend=emu builds it); give the "
               "variant a name of its own and a 'declare variant' pragma "
               "instead");
  }
}

class Consumer : public ASTConsumer {
public:
  Consumer(FileResult &Out, const Options &O,
           const std::vector<IncludeSite> &Includes)
      : Out(Out), O(O), Includes(Includes) {}

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
    userScope(Ctx);
    // Target regions that call a function such a block may define stay
    // on the host (CallTargets.cpp), and with them the program.
    for (unsigned At : Out.SkippedVariantBlocks)
      report(DE, O, SM.getComposedLoc(SM.getMainFileID(), At),
             DiagId::VariantBlock,
             "this 'begin declare variant' block for the GPU only is "
             "skipped, as the host compiler skips it: with the file's blocks "
             "parsed, the file does not parse for the host (code the host "
             "rejects in one of them), so none is seen; target regions that "
             "call a function it may define stay on the host, as in the "
             "host build");
    llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
    for (const VariantBlock &B : unseenGpuBlocks(Buf))
      if (!llvm::is_contained(Out.SkippedVariantBlocks, B.Begin))
        report(DE, O, SM.getComposedLoc(SM.getMainFileID(), B.Begin),
               DiagId::VariantBlock,
               "this 'begin declare variant' block, which the host compiler "
               "skips and a GPU may not, is not seen: its 'match' clause "
               "has a comment or a continuation line, which the translator "
               "does not respell, or it or an enclosing block's has an "
               "'extension' trait, which the translator does not evaluate; "
               "target regions that call a function it "
               "may define stay on the host, as in the host build");
    if (Ctx.getLangOpts().CPlusPlus)
      warnAmbiguousBlocks(Ctx, O);
    // Parsed again with the metadirectives the device resolves respelled.
    if (!resolveMetadirectives(Ctx, Out))
      return;
    translateUnit(Ctx, Includes, O, Out);
  }

private:
  FileResult &Out;
  const Options &O;
  const std::vector<IncludeSite> &Includes;
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
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<IncludeRecorder>(Includes, CI.getFileManager()));
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<Consumer>(Out, O, Includes);
  }

private:
  FileResult &Out;
  const Options &O;
  llvm::raw_ostream *Diags;
  std::vector<IncludeSite> Includes;
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
  // What a respelled `begin declare variant` pragma names (VariantBlocks.h).
  for (std::string &M : variantMacros())
    Out.push_back(std::move(M));
  Out.push_back("-Wno-unused-command-line-argument");
  // GCC's warning flags (from databases, or -Wno-... that omp2cuda-cc
  // passes on) are not the translator's business.
  Out.push_back("-Wno-unknown-warning-option");
  Out.insert(Out.end(), Inputs, Args.end());
  return Out;
}

namespace {

/// One parse and translation of Source; Meta holds the metadirective state
/// (its sites and respellings), and Text, when not null, what is parsed in
/// place of the file.
FileResult parseOnce(const std::string &Source,
                     const tooling::CompilationDatabase &DB, const Options &O,
                     llvm::StringRef Version, llvm::raw_ostream &Diags,
                     const FileResult &Meta, const std::string *Text) {
  FileResult R = Meta;
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
  // The tool keeps the mapped path and text by reference: both live until
  // it has run.
  llvm::SmallString<256> Abs(Source);
  llvm::sys::fs::make_absolute(Abs);
  {
    std::vector<tooling::CompileCommand> Cmds = DB.getCompileCommands(Abs);
    if (!Cmds.empty())
      R.FlagsHeuristic = Cmds.front().Heuristic;
  }
  if (Text)
    Tool.mapVirtualFile(Abs, *Text);
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

/// Runs Once (a parse of the given text) until the metadirectives need no
/// new respelling; the diagnostics of a parse that is redone are dropped.
template <typename Fn>
FileResult withMetadirectives(llvm::StringRef Text, llvm::raw_ostream &Diags,
                              Fn Once) {
  FileResult Meta;
  planMetadirectives(Text, Meta);
  if (Meta.MetaSites.empty() && Meta.MetaEdits.empty())
    return Once(Meta, nullptr, Diags);
  for (unsigned Try = 0;; ++Try) {
    std::string Parsed = metaParseText(Text, Meta);
    std::string Held;
    llvm::raw_string_ostream HeldOS(Held);
    HeldOS.enable_colors(Diags.has_colors());
    FileResult R = Once(Meta, &Parsed, HeldOS);
    HeldOS.flush();
    // A block for the GPU only may hold code the host's parse rejects
    // (nvptx builtins): the file is then parsed as the host compiler parses
    // it, without the block, whose functions the device does not see (the
    // known gap, README).
    auto IsBlock = [](const FileResult::MetaEdit &E) { return E.VariantBlock; };
    if (!R.Parsed &&
        std::any_of(Meta.MetaEdits.begin(), Meta.MetaEdits.end(), IsBlock)) {
      // Every block goes, not only the one at fault: say which (the device
      // then runs their base functions, where a GPU runs theirs).
      for (const VariantBlock &B : findVariantBlocks(Text))
        if (std::any_of(Meta.MetaEdits.begin(), Meta.MetaEdits.end(),
                        [&](const FileResult::MetaEdit &E) {
                          return E.VariantBlock && B.Begin <= E.Begin &&
                                 E.Begin < B.BeginEnd;
                        }))
          Meta.SkippedVariantBlocks.push_back(B.Begin);
      Meta.MetaEdits.erase(
          std::remove_if(Meta.MetaEdits.begin(), Meta.MetaEdits.end(), IsBlock),
          Meta.MetaEdits.end());
      if (Meta.MetaSites.empty() && Meta.MetaEdits.empty())
        return Once(Meta, nullptr, Diags);
      continue;
    }
    // Each parse decides every site it finds undecided: a second suffices.
    if (!R.MetaReparse || Try == 2) {
      Diags << metaDiagnosticText(Held, Meta);
      return R;
    }
    Meta.MetaSites = R.MetaSites;
    Meta.MetaDone = R.MetaDone;
    Meta.MetaEdits = R.MetaEdits;
    Meta.MetaUndecided = R.MetaUndecided;
  }
}

} // namespace

FileResult translateFileAt(const std::string &Source,
                           const tooling::CompilationDatabase &DB,
                           const Options &O, llvm::StringRef Version,
                           llvm::raw_ostream &Diags) {
  llvm::SmallString<256> Abs(Source);
  llvm::sys::fs::make_absolute(Abs);
  auto Buf = llvm::MemoryBuffer::getFile(Abs);
  auto Once = [&](const FileResult &Meta, const std::string *Text,
                  llvm::raw_ostream &D) {
    return parseOnce(Source, DB, O, Version, D, Meta, Text);
  };
  if (!Buf)
    return Once(FileResult(), nullptr, Diags);
  return withMetadirectives((*Buf)->getBuffer(), Diags, Once);
}

FileResult translateCode(const std::string &Code, const std::string &FileName,
                         const std::vector<std::string> &Args,
                         const Options &O) {
  std::vector<std::string> A = adjustArgs(Args, nullptr);
  auto Once = [&](const FileResult &Meta, const std::string *Text,
                  llvm::raw_ostream &) {
    FileResult R = Meta;
    R.Source = FileName;
    bool Ok = tooling::runToolOnCodeWithArgs(std::make_unique<Action>(R, O),
                                             Text ? *Text : Code, A, FileName);
    if (!Ok)
      R.Ok = false;
    return R;
  };
  FileResult R = withMetadirectives(Code, llvm::errs(), Once);
  // Where no output file is named (tests, the fuzzer), the generated code's
  // lines are attributed to the name the tool would give the output.
  llvm::SmallString<256> Name(FileName);
  llvm::sys::path::replace_extension(Name, ".cu");
  R.Output = resolveGeneratedMarkers(R.Output, std::string(Name));
  for (HeaderCopy &H : R.Headers)
    H.Text = resolveGeneratedMarkers(H.Text, H.Copy);
  return R;
}

} // namespace omp2cuda
