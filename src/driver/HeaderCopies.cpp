#include "driver/HeaderCopies.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace omp2cuda {

namespace path = llvm::sys::path;

std::string copyName(llvm::StringRef Name) {
  llvm::StringRef Ext = path::extension(Name);
  if (Ext.empty())
    return Name.str() + ".cu.h";
  return Name.drop_back(Ext.size()).str() + ".cu" + Ext.str();
}

bool isHeaderName(llvm::StringRef Path) {
  static const char *const Exts[] = {".h",   ".hh",  ".hpp", ".hxx",
                                     ".H",   ".h++", ".cuh", ".inl"};
  llvm::StringRef Ext = path::extension(Path);
  return llvm::is_contained(Exts, Ext);
}

bool isUnder(llvm::StringRef Path, llvm::StringRef Root) {
  Root = Root.rtrim('/');
  if (Root.empty()) // the file system's root
    return Path.starts_with("/");
  return Path == Root ||
         (Path.starts_with(Root) && Path.size() > Root.size() &&
          Path[Root.size()] == '/');
}

std::string relativePath(llvm::StringRef To, llvm::StringRef FromDir) {
  llvm::SmallVector<llvm::StringRef, 16> T, F;
  for (auto I = path::begin(To, path::Style::posix), E = path::end(To);
       I != E; ++I)
    T.push_back(*I);
  for (auto I = path::begin(FromDir, path::Style::posix), E = path::end(FromDir);
       I != E; ++I)
    F.push_back(*I);
  size_t Common = 0;
  while (Common < T.size() && Common < F.size() && T[Common] == F[Common])
    ++Common;
  std::string Out;
  for (size_t I = Common; I < F.size(); ++I)
    Out += "../";
  for (size_t I = Common; I < T.size(); ++I)
    Out += T[I].str() + (I + 1 < T.size() ? "/" : "");
  return Out;
}

void IncludeRecorder::InclusionDirective(
    clang::SourceLocation HashLoc, const clang::Token &, llvm::StringRef,
    bool, clang::CharSourceRange FilenameRange,
    clang::OptionalFileEntryRef File, llvm::StringRef, llvm::StringRef,
    const clang::Module *, bool, clang::SrcMgr::CharacteristicKind) {
  if (!File)
    return;
  Out.push_back({HashLoc, FilenameRange, canonicalPath(FM, File->getName())});
}

std::string canonicalPath(clang::FileManager &FM, llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  FM.makeAbsolutePath(Abs);
  // real_path reads every component's link: on LULESH, some 8000 readlink
  // calls for the few hundred files of the unit, asked for once per
  // #include and once per file entry. Only resolved paths are kept (a
  // file the run has yet to write may appear later); per thread, since
  // -j workers translate at once.
  thread_local llvm::StringMap<std::string> Resolved;
  auto It = Resolved.find(Abs);
  if (It != Resolved.end())
    return It->second;
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Abs, Real))
    return Resolved.try_emplace(Abs, std::string(Real)).first->second;
  path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

} // namespace omp2cuda
