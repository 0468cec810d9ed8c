#include "driver/Output.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace omp2cuda {

llvm::Error writeFileAtomically(const std::string &Path,
                                const std::string &Content) {
  llvm::SmallString<256> Dir(Path);
  llvm::sys::path::remove_filename(Dir);
  if (Dir.empty())
    Dir = ".";
  llvm::SmallString<256> Model(Dir);
  llvm::sys::path::append(Model, "." + llvm::sys::path::filename(Path).str() +
                                     ".tmp-%%%%%%");
  int FD;
  llvm::SmallString<256> Tmp;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Tmp))
    return llvm::createStringError(EC, "cannot create a file in '%s': %s",
                                   Dir.c_str(), EC.message().c_str());
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Content;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      llvm::sys::fs::remove(Tmp);
      return llvm::createStringError(EC, "cannot write '%s': %s", Path.c_str(),
                                     EC.message().c_str());
    }
  }
  if (std::error_code EC = llvm::sys::fs::rename(Tmp, Path)) {
    llvm::sys::fs::remove(Tmp);
    return llvm::createStringError(EC, "cannot write '%s': %s", Path.c_str(),
                                   EC.message().c_str());
  }
  return llvm::Error::success();
}

static std::string escapeMake(const std::string &S) {
  std::string Out;
  for (char C : S) {
    if (C == ' ' || C == '#')
      Out += '\\';
    if (C == '$')
      Out += '$';
    Out += C;
  }
  return Out;
}

std::string depfileText(const std::string &Target,
                        const std::vector<std::string> &Deps) {
  std::string Out = escapeMake(Target) + ":";
  for (const std::string &D : Deps)
    Out += " \\\n  " + escapeMake(D);
  return Out + "\n";
}

bool sameFile(const std::string &A, const std::string &B) {
  return llvm::sys::fs::equivalent(A, B);
}

} // namespace omp2cuda
