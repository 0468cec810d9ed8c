#include "frontend/VariantBlocks.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using llvm::StringRef;

namespace omp2cuda {

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

const VariantBlock *blockAt(const std::vector<VariantBlock> &Blocks,
                            unsigned Offset) {
  const VariantBlock *Found = nullptr;
  for (const VariantBlock &B : Blocks)
    if (B.BeginEnd <= Offset && Offset < B.End)
      Found = &B; // the innermost: blocks are sorted by their begin
  return Found;
}

} // namespace omp2cuda
