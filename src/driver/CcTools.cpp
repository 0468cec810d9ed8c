//===- CcTools.cpp - finding and quoting programs -------------------------===//
//===----------------------------------------------------------------------===//

#include "CcTools.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace omp2cuda {
namespace cc {

std::vector<std::string> splitWords(StringRef S) {
  std::vector<std::string> Out;
  llvm::SmallVector<StringRef, 4> Parts;
  S.split(Parts, ' ', -1, false);
  for (StringRef P : Parts)
    if (!P.trim().empty())
      Out.push_back(P.trim().str());
  return Out;
}

std::vector<std::string> findTool(const char *Env, StringRef Default,
                                  StringRef Preferred) {
  std::vector<std::string> Words;
  if (const char *V = Env ? std::getenv(Env) : nullptr; V && *V)
    Words = splitWords(V);
  else if (!Preferred.empty() && fs::can_execute(Preferred))
    Words.push_back(Preferred.str());
  else
    Words.push_back(Default.str());
  if (Words.empty())
    return Words;
  if (!StringRef(Words[0]).contains('/')) {
    auto Found = llvm::sys::findProgramByName(Words[0]);
    if (!Found)
      return {};
    Words[0] = *Found;
  } else if (!fs::can_execute(Words[0])) {
    return {};
  }
  return Words;
}

bool isGcc(StringRef Program) {
  return !path::filename(Program).contains("clang");
}

std::string quoteArg(StringRef A) {
  if (!A.empty() && A.find_first_of(" \t\n'\"\\$`*?;&|<>()") == StringRef::npos)
    return A.str();
  std::string Q = "'";
  for (char C : A) {
    if (C == '\'')
      Q += "'\\''";
    else
      Q += C;
  }
  return Q + "'";
}

std::string cSibling(StringRef Cxx) {
  std::string S = Cxx.str();
  for (auto [From, To] : {std::pair<StringRef, StringRef>{"clang++", "clang"},
                          {"g++", "gcc"},
                          {"c++", "cc"}})
    if (size_t At = S.rfind(From.str()); At != std::string::npos)
      return S.replace(At, From.size(), To.str());
  return S;
}

} // namespace cc
} // namespace omp2cuda
