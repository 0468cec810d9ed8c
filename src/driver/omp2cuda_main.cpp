// omp2cuda: translate OpenMP target offloading to CUDA C++.
// Command line in the style of the clang tools (clang-tidy, hipify-clang).
#include "driver/Flags.h"
#include "driver/HeaderCopies.h"
#include "driver/Output.h"
#include "driver/OutputPaths.h"
#include "driver/Report.h"
#include "driver/Translate.h"
#include "emit/Emit.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <set>
#include <thread>

using namespace llvm;
using namespace omp2cuda;

namespace {

cl::OptionCategory Cat("omp2cuda options");

cl::list<std::string> SourcePaths(cl::Positional,
                                  cl::desc("<source0> [... <sourceN>]"),
                                  cl::OneOrMore, cl::cat(Cat));
cl::opt<std::string>
    BuildPath("p",
              cl::desc("Build directory with compile_commands.json "
                       "(also searched above it)"),
              cl::value_desc("dir"), cl::cat(Cat));
cl::list<std::string> ArgsAfter("extra-arg",
                                cl::desc("Additional argument to append to the "
                                         "compiler command line"),
                                cl::cat(Cat));
cl::list<std::string>
    ArgsBefore("extra-arg-before",
               cl::desc("Additional argument to prepend to the "
                        "compiler command line"),
               cl::cat(Cat));
cl::opt<std::string>
    OutFile("o",
            cl::desc("Output file (one input only; - for standard output)"),
            cl::value_desc("file"), cl::cat(Cat));
cl::opt<std::string> OutDir("out-dir",
                            cl::desc("Directory for the outputs (default: "
                                     "next to each input)"),
                            cl::value_desc("dir"), cl::cat(Cat));
cl::opt<std::string> InRoot("in-root",
                            cl::desc("Headers below this directory may be "
                                     "translated (default: each input's "
                                     "directory); with --out-dir, mirror "
                                     "the input tree below it"),
                            cl::value_desc("dir"), cl::cat(Cat));
cl::opt<bool> DryRun("dry-run", cl::desc("Translate and report; write nothing"),
                     cl::cat(Cat));
cl::opt<std::string> ReportKind("report",
                                cl::desc("Per-region report: text or json"),
                                cl::value_desc("text|json"), cl::cat(Cat));
cl::opt<std::string> ReportFile("report-file",
                                cl::desc("Write the report here (default, "
                                         "or -: standard output)"),
                                cl::value_desc("file"), cl::cat(Cat));
cl::list<std::string> Suppress("suppress", cl::CommaSeparated,
                               cl::desc("Do not print these warnings, remarks "
                                        "or notes (IDs as in [omp2cuda-ID])"),
                               cl::value_desc("ID,..."), cl::cat(Cat));
cl::list<std::string> AsErrors("warnings-as-errors", cl::CommaSeparated,
                               cl::desc("Report these warnings (or remarks) as "
                                        "errors; 'all': every warning"),
                               cl::value_desc("ID,...|all"), cl::cat(Cat));
/// --stats[=FILE]. LLVM registers -stats (its own statistics, which this
/// tool never gathers) in every program; ours takes the name over, so it is
/// made in main, after LLVM's is unregistered.
cl::opt<std::string> &statsOption() {
  static cl::opt<std::string> *Stats = [] {
    if (cl::Option *Llvm = cl::getRegisteredOptions().lookup("stats"))
      Llvm->removeArgument();
    return new cl::opt<std::string>(
        "stats", cl::ValueOptional,
        cl::desc("Per-file counts of regions as CSV, to FILE (default, or "
                 "-: standard output)"),
        cl::value_desc("file"), cl::cat(Cat));
  }();
  return *Stats;
}
cl::opt<bool> NoLine("no-line-directives",
                     cl::desc("Do not emit #line markers"), cl::cat(Cat));
cl::opt<bool> SkipIfNone("skip-if-none",
                         cl::desc("Write nothing for an input without target "
                                  "constructs or calls of the OpenMP device "
                                  "routines"),
                         cl::cat(Cat));
cl::opt<bool> Rdc("rdc",
                  cl::desc("The program is built with relocatable device code "
                           "(nvcc -rdc=true): device code may call 'declare "
                           "target' functions defined in other files, and "
                           "this file's are compiled for the device"),
                  cl::cat(Cat));
cl::opt<bool> FullGrid(
    "full-grid",
    cl::desc("A combined loop that num_teams caps gets a thread per "
             "iteration where the program cannot tell how many teams run it "
             "(no OpenMP API calls, no firstprivate it assigns, only integer "
             "reductions); not OpenMP 5.1's exact num_teams"),
    cl::cat(Cat));
cl::opt<DataSharing> Sharing(
    "data-sharing",
    cl::desc("Where a team's data-sharing slots (locals its threads share, "
             "team-local arrays) go"),
    cl::values(clEnumValN(DataSharing::Auto, "auto",
                          "static shared memory while it fits 48 KiB, else "
                          "chosen at launch: dynamic shared memory up to the "
                          "device's opt-in limit, else global memory "
                          "(default)"),
               clEnumValN(DataSharing::Shared, "shared",
                          "shared memory only (dynamic beyond 48 KiB; an "
                          "error at launch when the device cannot hold it)"),
               clEnumValN(DataSharing::Global, "global",
                          "global memory, a block per team")),
    cl::init(DataSharing::Auto), cl::cat(Cat));
cl::opt<HostCompiler> HostFamily(
    "host-compiler-family",
    cl::desc("The compiler that compiles the output's host side (nvcc's "
             "-ccbin for CUDA), whose 'declare variant' choices in a host "
             "fallback the device must make too"),
    cl::values(clEnumValN(HostCompiler::Clang, "clang",
                          "clang (default; README builds the output with "
                          "clang++-19): a 'construct' selector is chosen on "
                          "the device as clang chooses it"),
               clEnumValN(HostCompiler::Gcc, "gcc",
                          "GCC, or any compiler but clang: a call whose "
                          "variant depends on a 'construct' selector keeps "
                          "its region on the host")),
    cl::init(HostCompiler::Clang), cl::cat(Cat));
cl::opt<bool> HostOk("host-regions-ok",
                     cl::desc("Exit 0 also when regions are left on the host "
                              "(their warnings still print); for build steps "
                              "that treat any other status as failure"),
                     cl::cat(Cat));
cl::opt<bool> MD("MD", cl::desc("Write a depfile next to each output (.d)"),
                 cl::cat(Cat));
cl::opt<std::string> MF("MF", cl::desc("Depfile path (one input only)"),
                        cl::value_desc("file"), cl::cat(Cat));
cl::opt<bool> ProgressOpt(
    "progress",
    cl::desc("Progress on standard error: a line as each file is done "
             "('[2/5] src/b.c') and as each target construct's translation "
             "starts. Default: when standard error is a terminal, and then "
             "the constructs of a file only once it has taken two seconds; "
             "--progress=false: never"),
    cl::cat(Cat));
cl::opt<unsigned> Jobs("j", cl::desc("Translate up to N files at once"),
                       cl::init(1), cl::value_desc("N"), cl::Prefix,
                       cl::cat(Cat));

cl::extrahelp MoreHelp(R"(
Compile flags: after --, else from compile_commands.json (-p, or found above
the first source), else none.

Exit status: 0 when every target region was translated (or none was found),
3 when some regions were left on the host (each has a warning saying why;
regions kept there by a comment '// omp2cuda: host' do not count),
1 on errors (no output is written for a file that failed).

Examples:
  omp2cuda saxpy.c -o saxpy.cu -- -I include
  omp2cuda -p build --out-dir gen --in-root src src/*.c --report=text
)");

enum ExitCode { ExitOk = 0, ExitError = 1, ExitHost = 3 };

int fail(const Twine &Msg) {
  errs() << "omp2cuda: error: " << Msg << "\n";
  return ExitError;
}

bool failed(const Twine &Msg) {
  fail(Msg);
  return false;
}

/// Parses the command line; the flags after `--` become Fixed. Returns an
/// exit status, or -1 to go on.
int parseCommandLine(
    int Argc, const char **Argv,
    std::unique_ptr<clang::tooling::CompilationDatabase> &Fixed) {
  statsOption();
  // Its message is the driver's opinion of the flags (unknown ones are
  // dropped later, with a note): only the database counts.
  std::string Msg;
  Fixed = clang::tooling::FixedCompilationDatabase::loadFromCommandLine(
      Argc, Argv, Msg);
  Msg.clear();
  cl::HideUnrelatedOptions(Cat);
  raw_string_ostream OS(Msg);
  if (cl::ParseCommandLineOptions(
          Argc, Argv,
          "Translates OpenMP target offloading (C/C++) into CUDA C++.\n", &OS))
    return -1;
  // The option parser names the program itself, or has already printed its
  // message (invalid values) and hands back none.
  StringRef M = StringRef(OS.str()).trim();
  M.consume_front("omp2cuda: ");
  return fail(
      M.empty() ? StringRef("invalid command line; see 'omp2cuda --help'") : M);
}

/// --suppress and --warnings-as-errors into O; false after an error.
bool readDiagnosticOptions(Options &O) {
  auto Lookup = [](StringRef Name, const char *Opt) -> std::optional<DiagId> {
    std::optional<DiagId> Id = diagIdFromName(Name.str());
    if (!Id)
      failed("--" + Twine(Opt) + ": unknown diagnostic ID '" + Name +
             "' (the IDs are listed in docs/diagnostics.md)");
    return Id;
  };
  for (const std::string &S : Suppress) {
    std::optional<DiagId> Id = Lookup(S, "suppress");
    if (!Id)
      return false;
    if (diagSeverity(*Id) == DiagSeverity::Error)
      return failed("--suppress: '" + S +
                    "' is an error, which cannot be suppressed");
    O.Suppress.insert(*Id);
  }
  for (const std::string &S : AsErrors) {
    if (S == "all") {
      O.AllWarningsAsErrors = true;
      continue;
    }
    std::optional<DiagId> Id = Lookup(S, "warnings-as-errors");
    if (!Id)
      return false;
    if (diagSeverity(*Id) == DiagSeverity::Note)
      return failed("--warnings-as-errors: '" + S +
                    "' is a note, not a warning");
    O.AsErrors.insert(*Id);
  }
  return true;
}

bool toStdout(const std::string &File) { return File.empty() || File == "-"; }

/// Checks that the options agree with each other; false after an error.
bool checkOptions(size_t NumSources) {
  if (!MF.empty() && NumSources > 1)
    return failed("-MF takes one input");
  // `-o -` writes the translation to standard output, as clang -E does.
  bool OthersToStdout =
      (!ReportKind.empty() && toStdout(ReportFile)) ||
      (statsOption().getNumOccurrences() && toStdout(statsOption()));
  if (OutFile == "-" && (OthersToStdout || MD || !MF.empty()))
    return failed("-o - takes neither -MD/-MF nor a report or --stats "
                  "without a file");
  if (!ReportKind.empty() && ReportKind != "text" && ReportKind != "json")
    return failed("--report must be 'text' or 'json'");
  if (!OutDir.empty() && !DryRun)
    if (std::error_code EC = sys::fs::create_directories(OutDir))
      return failed("cannot create '" + OutDir + "': " + EC.message());
  return true;
}

/// Checked before parsing so that the error names the file plainly rather
/// than coming out of the compilation-database machinery.
std::error_code readable(const std::string &Path) {
  if (!sys::fs::exists(Path))
    return std::make_error_code(std::errc::no_such_file_or_directory);
  if (sys::fs::is_directory(Path))
    return std::make_error_code(std::errc::is_a_directory);
  sys::fs::file_t F;
  if (Expected<sys::fs::file_t> FOr = sys::fs::openNativeFileForRead(Path))
    F = *FOr;
  else
    return errorToErrorCode(FOr.takeError());
  sys::fs::closeFile(F);
  return {};
}

/// One run over all inputs: translation on -j workers, output in order of
/// completion (each file's messages together).
class Run {
public:
  /// Progress lines: none, those of files that take a while (a terminal),
  /// or all (--progress).
  enum class Progress { Off, Slow, All };

  Run(const std::vector<std::string> &Sources,
      const std::vector<std::string> &Outputs, const FlagSource &Flags,
      const Options &O, Progress Shown)
      : Sources(Sources), Outputs(Outputs), Flags(Flags), O(O), Shown(Shown),
        Results(Sources.size()) {
    for (size_t I = 0; I < Sources.size(); ++I)
      Results[I].Source = Sources[I];
  }
  void all(unsigned Jobs);
  int finish();

private:
  const std::vector<std::string> &Sources, &Outputs;
  const FlagSource &Flags;
  const Options &O;
  const Progress Shown;
  std::vector<FileResult> Results;
  std::mutex Lock;
  std::atomic<size_t> Next{0};
  size_t Done = 0;
  bool ParseFailed = false;
  std::set<std::string> DroppedSeen;
  /// Translated headers written by this run: two inputs that include one
  /// header must agree on its copy.
  std::map<std::string, std::string> HeadersWritten;

  bool precheck(size_t I);
  Options withProgress(size_t I);
  bool writeHeaders(size_t I, const FileResult &R);
  void one(size_t I);
  void messages(const FileResult &R);
  bool write(size_t I, const FileResult &R);
};

/// False (after saying why) when input I cannot be translated at all.
bool Run::precheck(size_t I) {
  const std::string &Src = Sources[I], &Out = Outputs[I];
  std::string Why;
  if (std::error_code EC = readable(Src))
    Why = EC == std::errc::no_such_file_or_directory
              ? "no such file"
              : "cannot read the file: " + EC.message();
  else if (OutFile != "-" && sys::fs::exists(Out) && sameFile(Out, Src))
    Why = "the output '" + Out + "' would overwrite the input";
  else if (isHeaderName(Src))
    Why = "this is a header: translate the source files that include it "
          "(headers below --in-root are translated with them, "
          "docs/headers.md)";
  if (Why.empty())
    return true;
  std::lock_guard<std::mutex> G(Lock);
  errs() << Src << ": error: " << Why << "\n";
  return false;
}

/// What a user needs to know about a file's flags, once per run.
void Run::messages(const FileResult &R) {
  if (!R.FlagsHeuristic.empty())
    errs() << R.Source << ": note: not in the compilation database; flags "
           << R.FlagsHeuristic << "\n";
  if (O.Suppress.count(DiagId::DroppedFlag))
    return;
  for (const std::string &D : R.DroppedFlags)
    if (DroppedSeen.insert(D).second)
      errs() << "omp2cuda: note: dropped compiler flag '" << D
             << "' that clang does not understand [omp2cuda-dropped-flag]\n";
}

/// Writes input I's translation (and depfile); false after an error.
bool Run::write(size_t I, const FileResult &R) {
  const std::string &Src = Sources[I], &Out = Outputs[I];
  if (DryRun || (SkipIfNone && !R.HasTargets))
    return true;
  // --out-dir owns its tree; -o must name an existing directory.
  if (!OutDir.empty())
    sys::fs::create_directories(sys::path::parent_path(Out));
  if (OutFile == "-") {
    if (!R.Headers.empty()) {
      errs() << Src << ": error: '-o -' cannot hold the translated header '"
             << R.Headers.front().Original << "'; name an output file\n";
      return false;
    }
    // Named as the output would be without -o: what it is saved as.
    SmallString<256> Name(Src);
    sys::path::replace_extension(Name, ".cu");
    outs() << resolveGeneratedMarkers(R.Output, std::string(Name));
    outs().flush();
    return true;
  }
  if (!writeHeaders(I, R))
    return false;
  Error E = writeFileAtomically(Out, resolveGeneratedMarkers(R.Output, Out));
  if (!E && (MD || !MF.empty()))
    E = writeFileAtomically(MF.empty() ? Out + ".d" : std::string(MF),
                            depfileText(Out, R.Dependencies));
  if (!E)
    return true;
  errs() << Src << ": error: " << toString(std::move(E)) << "\n";
  return false;
}

/// Writes the translated headers beside input I's output, as the includes
/// in the .cu name them; false after an error.
bool Run::writeHeaders(size_t I, const FileResult &R) {
  for (const HeaderCopy &H : R.Headers) {
    SmallString<256> Path(sys::path::parent_path(Outputs[I]));
    sys::path::append(Path, H.Copy);
    sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    std::string Key(Path);
    // The copy's own lines (kernels, stubs) are attributed to the copy.
    std::string Text = resolveGeneratedMarkers(H.Text, Key);
    if (sameFile(Key, H.Original) ||
        llvm::any_of(Sources, [&](const std::string &S) { return sameFile(Key, S); })) {
      errs() << Sources[I] << ": error: the translation of '" << H.Original
             << "' would replace an input, '" << Key << "'\n";
      return false;
    }
    auto [It, New] = HeadersWritten.insert({Key, Text});
    if (!New && It->second != Text) {
      errs() << Sources[I] << ": error: '" << H.Original
             << "' translates differently here than in an earlier input of "
                "this run (different macros or flags?); '" << Key
             << "' keeps the earlier translation\n";
      return false;
    }
    if (!New)
      continue;
    sys::fs::create_directories(sys::path::parent_path(Key));
    if (Error E = writeFileAtomically(Key, Text)) {
      errs() << Sources[I] << ": error: " << toString(std::move(E)) << "\n";
      return false;
    }
  }
  return true;
}

/// The options for input I, with its progress lines when they are shown.
Options Run::withProgress(size_t I) {
  Options FO = O;
  if (Shown == Progress::Off)
    return FO;
  if (Shown == Progress::All) {
    std::lock_guard<std::mutex> G(Lock);
    errs() << "omp2cuda: " << Sources[I] << ": parsing\n";
  }
  // On a terminal a small file says nothing; one that takes a while says
  // where it is.
  auto Start = std::chrono::steady_clock::now();
  bool Started = Shown == Progress::All;
  FO.Progress = [this, Start, Started](const std::string &Msg) mutable {
    if (!Started && std::chrono::steady_clock::now() - Start <
                        std::chrono::seconds(2))
      return;
    Started = true;
    std::lock_guard<std::mutex> G(Lock);
    errs() << "omp2cuda: " << Msg << "\n";
  };
  return FO;
}

void Run::one(size_t I) {
  if (!precheck(I))
    return; // Results[I].Ok stays false
  FileResult R = translateFile(Sources[I], *Flags.DB, withProgress(I));
  std::lock_guard<std::mutex> G(Lock);
  messages(R);
  if (Shown != Progress::Off && (Sources.size() > 1 || Shown == Progress::All))
    errs() << "[" << ++Done << "/" << Sources.size() << "] " << Sources[I]
           << "\n";
  ParseFailed = ParseFailed || !R.Parsed;
  if (R.Ok && !write(I, R))
    R.Ok = false;
  Results[I] = std::move(R);
}

void Run::all(unsigned Jobs) {
  auto Work = [&] {
    for (size_t I; (I = Next++) < Sources.size();)
      one(I);
  };
  unsigned N = std::max(1u, std::min<unsigned>(Jobs, Sources.size()));
  std::vector<std::thread> Pool;
  for (unsigned T = 1; T < N; ++T)
    Pool.emplace_back(Work);
  Work();
  for (std::thread &T : Pool)
    T.join();
}

/// Report, statistics and the exit status.
int Run::finish() {
  if (ParseFailed && Flags.Flagless)
    errs() << "omp2cuda: note: no compilation database was found and no flags "
              "were given after '--'; give the file's flags (-I, -D, -std=...) "
              "after '--', or its build directory with -p\n";
  bool AnyFailed = false, AnyHost = false, AnyTargets = false;
  for (const FileResult &R : Results) {
    AnyFailed = AnyFailed || !R.Ok;
    AnyHost = AnyHost || R.LeftOnHost > 0;
    AnyTargets = AnyTargets || R.HasTargets;
  }
  // With --skip-if-none (omp2cuda-cc, one file a call) a file without
  // target constructs has nothing to report.
  bool Quiet = SkipIfNone && !AnyTargets && !AnyFailed;
  auto Emit = [](const std::string &File, const std::string &Text) {
    if (toStdout(File)) {
      outs() << Text;
      return true;
    }
    if (Error E = writeFileAtomically(File, Text))
      return failed(toString(std::move(E)));
    return true;
  };
  if (!ReportKind.empty() && !Quiet &&
      !Emit(ReportFile,
            ReportKind == "json" ? jsonReport(Results) : textReport(Results)))
    return ExitError;
  cl::opt<std::string> &Stats = statsOption();
  if (Stats.getNumOccurrences() && !Emit(Stats, statsCsv(Results)))
    return ExitError;
  if (AnyFailed)
    return ExitError;
  return AnyHost && !HostOk ? ExitHost : ExitOk;
}

} // namespace

int main(int argc, const char **argv) {
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "omp2cuda " OMP2CUDA_VERSION " (Clang 19 LibTooling)\n";
  });
  std::unique_ptr<clang::tooling::CompilationDatabase> Fixed;
  if (int RC = parseCommandLine(argc, argv, Fixed); RC >= 0)
    return RC;
  Options O;
  O.LineDirectives = !NoLine;
  O.SkipIfNone = SkipIfNone;
  O.Rdc = Rdc;
  O.FullGrid = FullGrid;
  O.Sharing = Sharing;
  O.Host = HostFamily;
  if (!InRoot.empty()) {
    SmallString<256> Root(InRoot);
    sys::fs::make_absolute(Root);
    sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
    O.InRoot = std::string(Root);
  }
  if (!readDiagnosticOptions(O))
    return ExitError;
  const std::vector<std::string> Sources = uniqueInputs(SourcePaths);
  Expected<std::vector<std::string>> Outputs =
      assignOutputPaths(Sources, {OutFile, OutDir, InRoot});
  if (!Outputs)
    return fail(toString(Outputs.takeError()));
  if (!checkOptions(Sources.size()))
    return ExitError;
  Expected<FlagSource> Flags = loadFlags(
      std::move(Fixed), BuildPath, Sources.front(), ArgsBefore, ArgsAfter);
  if (!Flags)
    return fail(toString(Flags.takeError()));
  Run::Progress Shown =
      ProgressOpt.getNumOccurrences()
          ? (ProgressOpt ? Run::Progress::All : Run::Progress::Off)
          : (sys::Process::StandardErrIsDisplayed() ? Run::Progress::Slow
                                                    : Run::Progress::Off);
  Run R(Sources, *Outputs, *Flags, O, Shown);
  R.all(Jobs);
  return R.finish();
}
