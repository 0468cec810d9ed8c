#include "driver/Flags.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"

using namespace clang::tooling;

namespace omp2cuda {

llvm::Expected<FlagSource> loadFlags(std::unique_ptr<CompilationDatabase> Fixed,
                                     const std::string &BuildPath,
                                     const std::string &FirstSource,
                                     llvm::ArrayRef<std::string> Before,
                                     llvm::ArrayRef<std::string> After) {
  FlagSource S;
  std::string Err;
  if (Fixed) {
    S.DB = std::move(Fixed);
  } else if (!BuildPath.empty()) {
    S.DB = CompilationDatabase::autoDetectFromDirectory(BuildPath, Err);
    if (!S.DB)
      return llvm::createStringError(
          "no compilation database in '" + BuildPath +
          "' or above it (-p names the build directory that holds "
          "compile_commands.json)");
  } else {
    S.DB = CompilationDatabase::autoDetectFromSource(FirstSource, Err);
    if (!S.DB) {
      S.DB = std::make_unique<FixedCompilationDatabase>(
          ".", std::vector<std::string>());
      S.Flagless = true;
    }
  }
  auto Adjusted =
      std::make_unique<ArgumentsAdjustingCompilations>(std::move(S.DB));
  Adjusted->appendArgumentsAdjuster(
      combineAdjusters(getInsertArgumentAdjuster(
                           CommandLineArguments(Before.begin(), Before.end()),
                           ArgumentInsertPosition::BEGIN),
                       getInsertArgumentAdjuster(
                           CommandLineArguments(After.begin(), After.end()),
                           ArgumentInsertPosition::END)));
  S.DB = std::move(Adjusted);
  return S;
}

} // namespace omp2cuda
