// #line markers: the user's text is attributed to the input, and what
// omp2cuda writes itself to the generated file, at its own lines (issue 13
// point 4: an error in a stub or a kernel preamble was reported at an
// unrelated line of the input).
#include "emit/Emit.h"

#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

namespace omp2cuda {

namespace {
/// Stands for `#line N "<output>"` until the output's name and lines are
/// known; a name no input can give.
const char GeneratedLine[] = "#line 1 \"<omp2cuda: generated code>\"";
} // namespace

std::string lineMarker(const SourcePos &P, bool On) {
  if (!On || P.Line == 0)
    return "";
  return fmt::format("#line {} {}\n", P.Line, cString(P.File));
}

std::string generatedMarker(bool On) {
  return On ? std::string(GeneratedLine) + "\n" : std::string();
}

std::string resolveGeneratedMarkers(const std::string &Text,
                                    const std::string &Name) {
  auto LineAt = [&](size_t Pos) {
    size_t End = Text.find('\n', Pos);
    return llvm::StringRef(Text).slice(
        Pos, End == std::string::npos ? Text.size() : End);
  };
  std::string Out;
  Out.reserve(Text.size());
  unsigned Line = 1; // of Out
  // Whether the lines being written are attributed to the file itself, as
  // they are before any marker: a marker there would only repeat it.
  bool Own = true;
  for (size_t Pos = 0; Pos < Text.size();) {
    llvm::StringRef L = LineAt(Pos);
    size_t Next = Pos + L.size() + 1;
    if (L == GeneratedLine && Next <= Text.size()) {
      // Nor is one needed right before another marker.
      if (!Own && !LineAt(Next).starts_with("#line ")) {
        // The line after the marker is the file's line Line + 1.
        Out += fmt::format("#line {} {}\n", Line + 1, cString(Name));
        ++Line;
        Own = true;
      }
    } else {
      if (L.ltrim().starts_with("#line "))
        Own = false;
      Out += L;
      if (Next <= Text.size()) {
        Out += '\n';
        ++Line;
      }
    }
    Pos = Next;
  }
  return Out;
}

std::string cString(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '\\' || C == '"')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

} // namespace omp2cuda
