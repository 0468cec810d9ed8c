//===- CcPch.cpp - a precompiled device_rt.h for emu compiles -------------===//

#include "CcPch.h"
#include "CcTools.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <optional>

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace omp2cuda {
namespace cc {

bool pchApplies(const std::vector<std::string> &Cmd) {
  if (Cmd.empty() || isGcc(Cmd[0]) ||
      !path::filename(Cmd[0]).contains("clang"))
    return false;
  // A forced include would come before the precompiled one, and a
  // dependency file would name the .pch instead of the headers.
  return std::none_of(Cmd.begin() + 1, Cmd.end(), [](const std::string &A) {
    StringRef F(A);
    return F.starts_with("-include") || F.starts_with("-imacros") ||
           F.starts_with("-M") || F.starts_with("--include") ||
           F.starts_with("-save-temps") || F == "-E" || F == "-fmodules";
  });
}

namespace {
/// Size and modification time of every file under Dir, in name order.
std::string headerStamps(StringRef Dir) {
  std::vector<std::string> Lines;
  std::error_code EC;
  for (fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    fs::file_status St;
    if (fs::status(It->path(), St) || St.type() != fs::file_type::regular_file)
      continue;
    Lines.push_back(It->path() + " " + std::to_string(St.getSize()) + " " +
                    std::to_string(St.getLastModificationTime()
                                       .time_since_epoch()
                                       .count()));
  }
  std::sort(Lines.begin(), Lines.end());
  std::string Out;
  for (const std::string &L : Lines)
    Out += L + "\n";
  return Out;
}
} // namespace

std::string pchPath(StringRef Dir, const std::vector<std::string> &Cmd,
                    StringRef IncludeDir) {
  std::string Key;
  for (const std::string &A : Cmd)
    Key += A + '\0';
  llvm::SmallString<256> Runtime(IncludeDir);
  path::append(Runtime, "omp2cuda");
  Key += headerStamps(Runtime);
  // The compiler itself: a new clang writes a new format.
  fs::file_status St;
  if (auto Prog = llvm::sys::findProgramByName(Cmd[0]); Prog && !fs::status(*Prog, St))
    Key += *Prog + std::to_string(St.getLastModificationTime()
                                      .time_since_epoch()
                                      .count());
  llvm::SmallString<256> P(Dir);
  path::append(P, "device_rt-" + llvm::utohexstr(llvm::xxh3_64bits(Key)) + ".pch");
  return std::string(P);
}

std::string ensurePch(StringRef Dir, const std::vector<std::string> &Cmd,
                      StringRef IncludeDir, bool Verbose) {
  std::string Pch = pchPath(Dir, Cmd, IncludeDir);
  if (fs::exists(Pch))
    return Pch;
  if (fs::create_directories(Dir))
    return "";
  llvm::SmallString<256> Header(IncludeDir);
  path::append(Header, "omp2cuda", "device_rt.h");
  std::string Tmp = Pch + ".tmp" + std::to_string(llvm::sys::Process::getProcessId());
  llvm::SmallString<256> Log;
  if (fs::createTemporaryFile("omp2cuda-pch", "log", Log))
    return "";
  std::vector<std::string> Build = Cmd;
  // The generated file's `-x c++`, as a header.
  for (size_t I = 0; I + 1 < Build.size(); ++I)
    if (Build[I] == "-x")
      Build[I + 1] = "c++-header";
  Build.insert(Build.end(), {std::string(Header), "-o", Tmp});
  if (Verbose) {
    std::string Line;
    for (size_t I = 0; I < Build.size(); ++I)
      Line += (I ? " " : "") + quoteArg(Build[I]);
    llvm::errs() << Line << "\n";
  }
  std::vector<StringRef> Args(Build.begin(), Build.end());
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Log),
                                          StringRef(Log)};
  int Status = llvm::sys::ExecuteAndWait(Build[0], Args, std::nullopt, Redirects);
  uint64_t LogSize = 1;
  fs::file_size(Log, LogSize);
  fs::remove(Log);
  // Another compile may have renamed its own copy into place meanwhile:
  // both are the same header under the same command.
  if (Status != 0 || LogSize != 0 || fs::rename(Tmp, Pch)) {
    fs::remove(Tmp);
    return "";
  }
  return Pch;
}

} // namespace cc
} // namespace omp2cuda
