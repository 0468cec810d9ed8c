#include "driver/OutputPaths.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace llvm;

namespace omp2cuda {
namespace {

std::string absolute(StringRef P) {
  SmallString<256> A(P);
  sys::fs::make_absolute(A);
  sys::path::remove_dots(A, /*remove_dot_dot=*/true);
  return std::string(A);
}

/// Rel is Abs below Root, if it is.
bool below(StringRef Abs, StringRef Root, StringRef &Rel) {
  if (Root.empty() || !Abs.consume_front(Root))
    return false;
  if (!Abs.empty() && !sys::path::is_separator(Abs.front()) &&
      !sys::path::is_separator(Root.back()))
    return false; // "/src2/a.c" is not below "/src"
  Rel = Abs.ltrim("/\\");
  return true;
}

std::string commonDir(ArrayRef<std::string> AbsPaths) {
  StringRef Dir = sys::path::parent_path(AbsPaths.front());
  for (const std::string &P : AbsPaths) {
    StringRef Rel;
    while (!Dir.empty() && !below(P, Dir, Rel))
      Dir = sys::path::parent_path(Dir);
  }
  return std::string(Dir);
}

std::string naturalPath(StringRef Src, StringRef Abs, const OutputLayout &L) {
  SmallString<256> P;
  if (L.OutDir.empty()) {
    P = Src;
  } else {
    P = L.OutDir;
    StringRef Rel;
    if (!L.InRoot.empty() && below(Abs, absolute(L.InRoot), Rel))
      sys::path::append(P, Rel);
    else
      sys::path::append(P, sys::path::filename(Src));
  }
  sys::path::replace_extension(P, ".cu");
  return std::string(P);
}

/// Indices of inputs that share an output, keyed by that output.
std::map<std::string, std::vector<size_t>>
collisions(const std::vector<std::string> &Outs) {
  std::map<std::string, std::vector<size_t>> ByOut;
  for (size_t I = 0; I < Outs.size(); ++I)
    ByOut[absolute(Outs[I])].push_back(I);
  for (auto It = ByOut.begin(); It != ByOut.end();)
    It = It->second.size() > 1 ? std::next(It) : ByOut.erase(It);
  return ByOut;
}

} // namespace

std::vector<std::string> uniqueInputs(ArrayRef<std::string> Sources) {
  std::vector<std::string> Out;
  StringSet<> Seen;
  for (const std::string &S : Sources)
    if (Seen.insert(absolute(S)).second)
      Out.push_back(S);
  return Out;
}

Expected<std::vector<std::string>>
assignOutputPaths(ArrayRef<std::string> Sources, const OutputLayout &L) {
  if (!L.OutFile.empty()) {
    if (Sources.size() != 1)
      return createStringError(inconvertibleErrorCode(),
                               "-o takes one input; use --out-dir for several");
    return std::vector<std::string>{L.OutFile};
  }
  std::vector<std::string> Abs, Outs;
  for (const std::string &S : Sources) {
    Abs.push_back(absolute(S));
    // The tree below --in-root is what --out-dir mirrors and where headers
    // are translated: an input outside it would be flattened silently.
    StringRef Rel;
    if (!L.InRoot.empty() && !below(Abs.back(), absolute(L.InRoot), Rel))
      return createStringError(inconvertibleErrorCode(),
                               "'%s' is not below --in-root '%s'", S.c_str(),
                               L.InRoot.c_str());
    Outs.push_back(naturalPath(S, Abs.back(), L));
  }
  // Under --out-dir, same-named inputs from different directories mirror
  // their tree below the directory they share.
  if (!L.OutDir.empty())
    for (auto &[Out, Members] : collisions(Outs)) {
      std::vector<std::string> Group;
      for (size_t I : Members)
        Group.push_back(Abs[I]);
      std::string Root = commonDir(Group);
      for (size_t I : Members) {
        StringRef Rel;
        SmallString<256> P(L.OutDir);
        if (below(Abs[I], Root, Rel))
          sys::path::append(P, Rel);
        else
          sys::path::append(P, sys::path::filename(Abs[I]));
        sys::path::replace_extension(P, ".cu");
        Outs[I] = std::string(P);
      }
    }
  // Inputs that differ only by extension keep it.
  for (auto &[Out, Members] : collisions(Outs))
    for (size_t I : Members) {
      SmallString<256> P(Outs[I]);
      sys::path::replace_extension(P, sys::path::extension(Sources[I]));
      P += ".cu";
      Outs[I] = std::string(P);
    }
  auto Left = collisions(Outs);
  if (!Left.empty()) {
    const std::vector<size_t> &M = Left.begin()->second;
    return createStringError(inconvertibleErrorCode(),
                             "'" + Sources[M[0]] + "' and '" + Sources[M[1]] +
                                 "' would both be written to '" +
                                 Outs[M[0]] + "'");
  }
  return Outs;
}

} // namespace omp2cuda
