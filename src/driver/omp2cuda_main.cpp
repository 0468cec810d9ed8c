// omp2cuda: translate OpenMP target offloading to CUDA C++.
// Command line in the style of the clang tools (clang-tidy, hipify-clang).
#include "driver/Output.h"
#include "driver/OutputPaths.h"
#include "driver/Report.h"
#include "driver/Translate.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <mutex>
#include <thread>

using namespace llvm;
using namespace omp2cuda;

namespace {

cl::OptionCategory Cat("omp2cuda options");

cl::opt<std::string> OutFile("o", cl::desc("Output file (one input only; - for standard output)"),
                             cl::value_desc("file"), cl::cat(Cat));
cl::opt<std::string> OutDir("out-dir",
                            cl::desc("Directory for the outputs (default: "
                                     "next to each input)"),
                            cl::value_desc("dir"), cl::cat(Cat));
cl::opt<std::string> InRoot("in-root",
                            cl::desc("With --out-dir: mirror the input tree "
                                     "below this directory"),
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
cl::opt<bool> NoLine("no-line-directives",
                     cl::desc("Do not emit #line markers"), cl::cat(Cat));
cl::opt<bool> SkipIfNone("skip-if-none",
                         cl::desc("Write nothing for an input without target "
                                  "constructs"),
                         cl::cat(Cat));
cl::opt<bool> HostOk("host-regions-ok",
                     cl::desc("Exit 0 also when regions are left on the host "
                              "(their warnings still print); for build steps "
                              "that treat any other status as failure"),
                     cl::cat(Cat));
cl::opt<bool> MD("MD", cl::desc("Write a depfile next to each output (.d)"),
                 cl::cat(Cat));
cl::opt<std::string> MF("MF", cl::desc("Depfile path (one input only)"),
                        cl::value_desc("file"), cl::cat(Cat));
cl::opt<unsigned> Jobs("j", cl::desc("Translate up to N files at once"),
                       cl::init(1), cl::value_desc("N"), cl::Prefix,
                       cl::cat(Cat));

cl::extrahelp MoreHelp(R"(
Exit status: 0 when every target region was translated (or none was found),
3 when some regions were left on the host (each has a warning saying why),
1 on errors (no output is written for a file that failed).

Examples:
  omp2cuda saxpy.c -o saxpy.cu -- -I include
  omp2cuda -p build --out-dir gen --in-root src src/*.c --report=text
)");

enum ExitCode { ExitOk = 0, ExitError = 1, ExitHost = 3 };

/// Checked before parsing so that the error names the file plainly rather
/// than coming out of the compilation-database machinery.
std::error_code readable(const std::string &Path) {
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

} // namespace

int main(int argc, const char **argv) {
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "omp2cuda " OMP2CUDA_VERSION " (Clang 19 LibTooling)\n";
  });
  auto Parser = clang::tooling::CommonOptionsParser::create(
      argc, argv, Cat, cl::OneOrMore,
      "Translates OpenMP target offloading (C/C++) into CUDA C++.\n");
  if (!Parser) {
    // The option parser names the program itself, or has already printed
    // its message (invalid values) and hands back none.
    std::string Msg = toString(Parser.takeError());
    StringRef M = StringRef(Msg).trim();
    M.consume_front("omp2cuda: ");
    errs() << "omp2cuda: error: "
           << (M.empty() ? StringRef("invalid command line; see 'omp2cuda --help'")
                         : M)
           << "\n";
    return ExitError;
  }
  const std::vector<std::string> Sources =
      uniqueInputs(Parser->getSourcePathList());
  Expected<std::vector<std::string>> Outputs =
      assignOutputPaths(Sources, {OutFile, OutDir, InRoot});
  if (!Outputs) {
    errs() << "omp2cuda: error: " << toString(Outputs.takeError()) << "\n";
    return ExitError;
  }
  if (!MF.empty() && Sources.size() > 1) {
    errs() << "omp2cuda: error: -MF takes one input\n";
    return ExitError;
  }
  // `-o -` writes the translation to standard output, as clang -E does.
  bool ToStdout = OutFile == "-";
  bool ReportToStdout = !ReportKind.empty() && (ReportFile.empty() || ReportFile == "-");
  if (ToStdout && (ReportToStdout || MD || !MF.empty())) {
    errs() << "omp2cuda: error: -o - takes neither -MD/-MF nor a report "
              "without --report-file\n";
    return ExitError;
  }
  if (!ReportKind.empty() && ReportKind != "text" && ReportKind != "json") {
    errs() << "omp2cuda: error: --report must be 'text' or 'json'\n";
    return ExitError;
  }
  if (!OutDir.empty() && !DryRun)
    if (std::error_code EC = sys::fs::create_directories(OutDir)) {
      errs() << "omp2cuda: error: cannot create '" << OutDir
             << "': " << EC.message() << "\n";
      return ExitError;
    }

  Options O;
  O.LineDirectives = !NoLine;
  O.SkipIfNone = SkipIfNone;

  std::vector<FileResult> Results(Sources.size());
  std::vector<bool> Failed(Sources.size(), false);
  std::mutex Lock;
  std::atomic<size_t> Next{0};
  size_t Done = 0;
  auto Work = [&] {
    for (size_t I; (I = Next++) < Sources.size();) {
      const std::string &Src = Sources[I];
      FileResult R;
      if (!sys::fs::exists(Src)) {
        std::lock_guard<std::mutex> G(Lock);
        errs() << Src << ": error: no such file\n";
        Failed[I] = true;
        continue;
      }
      if (std::error_code EC = readable(Src)) {
        std::lock_guard<std::mutex> G(Lock);
        errs() << Src << ": error: cannot read the file: " << EC.message()
               << "\n";
        Failed[I] = true;
        continue;
      }
      const std::string &Out = (*Outputs)[I];
      if (!ToStdout && sys::fs::exists(Out) && sameFile(Out, Src)) {
        std::lock_guard<std::mutex> G(Lock);
        errs() << Src << ": error: the output '" << Out
               << "' would overwrite the input\n";
        Failed[I] = true;
        continue;
      }
      R = translateFile(Src, Parser->getCompilations(), O);
      std::lock_guard<std::mutex> G(Lock);
      if (Sources.size() > 1)
        errs() << "[" << ++Done << "/" << Sources.size() << "] " << Src << "\n";
      if (!R.Ok) {
        Failed[I] = true;
      } else if (!DryRun && !(SkipIfNone && !R.HasTargets)) {
        // --out-dir owns its tree; -o must name an existing directory.
        if (!OutDir.empty())
          sys::fs::create_directories(sys::path::parent_path(Out));
        if (ToStdout) {
          outs() << R.Output;
          outs().flush();
        } else if (Error E = writeFileAtomically(Out, R.Output)) {
          errs() << Src << ": error: " << toString(std::move(E)) << "\n";
          Failed[I] = true;
        } else if (MD || !MF.empty()) {
          std::string Dep = MF.empty() ? Out + ".d" : std::string(MF);
          if (Error E = writeFileAtomically(Dep, depfileText(Out, R.Dependencies))) {
            errs() << Src << ": error: " << toString(std::move(E)) << "\n";
            Failed[I] = true;
          }
        }
      }
      Results[I] = std::move(R);
    }
  };
  unsigned N = std::max(1u, std::min<unsigned>(Jobs, Sources.size()));
  std::vector<std::thread> Pool;
  for (unsigned T = 1; T < N; ++T)
    Pool.emplace_back(Work);
  Work();
  for (std::thread &T : Pool)
    T.join();

  bool AnyFailed = false, AnyHost = false;
  for (size_t I = 0; I < Sources.size(); ++I) {
    AnyFailed = AnyFailed || Failed[I];
    AnyHost = AnyHost || Results[I].LeftOnHost > 0;
  }
  if (!ReportKind.empty()) {
    std::string Rep = ReportKind == "json" ? jsonReport(Results) : textReport(Results);
    if (ReportFile.empty() || ReportFile == "-") {
      outs() << Rep;
    } else if (Error E = writeFileAtomically(ReportFile, Rep)) {
      errs() << "omp2cuda: error: " << toString(std::move(E)) << "\n";
      return ExitError;
    }
  }
  if (AnyFailed)
    return ExitError;
  return AnyHost && !HostOk ? ExitHost : ExitOk;
}
