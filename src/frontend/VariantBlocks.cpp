// Where the `begin declare variant` blocks of a text are, and what they
// define (VariantBlocks.h). The respelling of the blocks a GPU may run is
// DeviceSetRespelling.cpp's, which side's parse sees a block
// HostSkippedBlocks.cpp's, the pragma readers they share
// VariantPragmaText.cpp's.
#include "frontend/VariantBlocks.h"
#include "frontend/VariantPragmaText.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using llvm::StringRef;

namespace omp2cuda {

using namespace pragmatext;

namespace {

/// Consumes Word from L, then the blanks after it; false when L does not
/// start with Word as a whole word.
bool word(StringRef &L, StringRef Word) {
  if (!L.consume_front(Word))
    return false;
  if (!L.empty() && (llvm::isAlnum(L[0]) || L[0] == '_'))
    return false;
  L = L.ltrim(" \t");
  return true;
}

} // namespace

std::vector<VariantBlock> findVariantBlocks(StringRef Text) {
  std::vector<VariantBlock> Out;
  std::vector<VariantBlock> Open;
  size_t Line = 0;
  while (Line < Text.size()) {
    size_t Next = Text.find('\n', Line);
    size_t LineEnd = Next == StringRef::npos ? Text.size() : Next;
    // The pragma's last line: continuations end in a backslash.
    size_t End = LineEnd;
    while (End < Text.size() &&
           Text.slice(Line, End).rtrim("\r").ends_with("\\")) {
      size_t N = Text.find('\n', End + 1);
      End = N == StringRef::npos ? Text.size() : N;
    }
    StringRef L = Text.slice(Line, LineEnd).ltrim(" \t");
    if (L.consume_front("#")) {
      L = L.ltrim(" \t");
      bool Begin = false, Finish = false;
      if (word(L, "pragma") && word(L, "omp")) {
        Begin = word(L, "begin") && word(L, "declare") && word(L, "variant");
        Finish = !Begin && word(L, "end") && word(L, "declare") &&
                 word(L, "variant");
      }
      unsigned Hash = unsigned(Text.find('#', Line));
      if (Begin) {
        if (!Open.empty())
          Open.back().Nested = true;
        VariantBlock B;
        B.Begin = Hash;
        B.BeginEnd = unsigned(End);
        B.Nested = !Open.empty();
        Open.push_back(B);
      } else if (Finish && !Open.empty()) {
        Open.back().End = Hash;
        Out.push_back(Open.back());
        Open.pop_back();
        if (!Open.empty() && Out.back().Nested)
          Open.back().Nested = true;
      }
    }
    Line = End + 1;
  }
  std::sort(Out.begin(), Out.end(),
            [](const VariantBlock &A, const VariantBlock &B) {
              return A.Begin < B.Begin;
            });
  return Out;
}

bool hasUnreadBlocks(StringRef Text) {
  // Each `begin declare variant` of the text as the preprocessor reads it
  // counted: more than findVariantBlocks found means one it does not read
  // (`_Pragma("omp begin declare variant ...")`, `#pragma omp \` before
  // `begin`: review rSV's v8b, v9b).
  return countMatches(codeOf(Text), "begin[ \t]+declare[ \t]+variant") >
         findVariantBlocks(Text).size();
}

std::set<std::string> blockFunctionNames(StringRef Text,
                                         const VariantBlock &B) {
  std::set<std::string> Out;
  StringRef Body = Text.slice(B.BeginEnd, B.End);
  int Depth = 0;
  for (size_t I = 0; I < Body.size(); ++I) {
    char C = Body[I];
    if (C == '{') {
      ++Depth;
    } else if (C == '}') {
      --Depth;
    } else if (Depth == 0 && (llvm::isAlpha(C) || C == '_') &&
               (I == 0 ||
                !(llvm::isAlnum(Body[I - 1]) || Body[I - 1] == '_'))) {
      size_t E = I;
      while (E < Body.size() && (llvm::isAlnum(Body[E]) || Body[E] == '_'))
        ++E;
      if (Body.drop_front(E).ltrim(" \t\r\n").starts_with("("))
        Out.insert(Body.slice(I, E).str());
      I = E - 1;
    }
  }
  return Out;
}

const VariantBlock *blockAt(const std::vector<VariantBlock> &Blocks,
                            unsigned Offset) {
  const VariantBlock *Found = nullptr;
  for (const VariantBlock &B : Blocks)
    if (B.BeginEnd <= Offset && Offset < B.End)
      Found = &B; // the innermost: blocks are sorted by their begin
  return Found;
}

std::vector<const VariantBlock *>
blocksAround(const std::vector<VariantBlock> &Blocks, unsigned Offset) {
  std::vector<const VariantBlock *> Out;
  for (const VariantBlock &B : Blocks) // sorted by their begin: outer first
    if (B.BeginEnd <= Offset && Offset < B.End)
      Out.push_back(&B);
  return Out;
}

} // namespace omp2cuda
