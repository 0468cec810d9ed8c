// translateFile: the parse at OpenMP 5.2, and again at 5.1 for a file that
// 5.2 rejects. Clang 19 at 5.2 makes the spellings 5.2 deprecated errors
// (`declare target to(...)`: "use 'enter' instead"), so a default of 5.2
// alone broke OpenMP 4.5 and 5.0 programs, while a default of 5.1 rejects
// 5.2 syntax (`linear(j: step(2))`). Each attempt's diagnostics are kept
// apart and only the kept attempt's are shown.
#include "driver/Translate.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace omp2cuda {

namespace {

/// Whether the compile command names an OpenMP version itself.
bool namesVersion(const std::string &Source,
                  const clang::tooling::CompilationDatabase &DB) {
  for (const clang::tooling::CompileCommand &C : DB.getCompileCommands(Source))
    if (std::any_of(C.CommandLine.begin(), C.CommandLine.end(),
                    [](const std::string &A) {
                      return llvm::StringRef(A).starts_with("-fopenmp-version=");
                    }))
      return true;
  return false;
}

/// Diagnostics printed into a string, with colours when stderr has them.
struct Buffered {
  std::string Text;
  llvm::raw_string_ostream OS{Text};
  Buffered() { OS.enable_colors(llvm::errs().has_colors()); }
  void flush() {
    OS.flush();
    llvm::errs() << Text;
  }
};

} // namespace

FileResult translateFile(const std::string &Source,
                         const clang::tooling::CompilationDatabase &DB,
                         const Options &O) {
  if (namesVersion(Source, DB))
    return translateFileAt(Source, DB, O, "", llvm::errs());
  Buffered At52;
  FileResult R = translateFileAt(Source, DB, O, "52", At52.OS);
  if (R.Parsed) {
    At52.flush();
    return R;
  }
  Buffered At51;
  FileResult R51 = translateFileAt(Source, DB, O, "51", At51.OS);
  if (R51.Parsed) {
    At51.flush();
    return R51;
  }
  At52.flush(); // neither parses: the errors of the default version
  return R;
}

} // namespace omp2cuda
