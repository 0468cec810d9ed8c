// Which side's parse sees a `begin declare variant` block (VariantBlocks.h):
// the blocks clang's parse for the host skipped although a GPU may run
// them (unseenGpuBlocks), and whether the host's parse of the output skips
// a block (hostSkipsBlock), as far as the text tells.
#include "frontend/VariantBlocks.h"
#include "frontend/VariantPragmaText.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <set>

using llvm::StringRef;

namespace omp2cuda {

using namespace pragmatext;

std::vector<VariantBlock> unseenGpuBlocks(StringRef Text) {
  std::vector<VariantBlock> Out;
  std::vector<VariantBlock> Blocks = findVariantBlocks(Text);
  for (const VariantBlock &B : Blocks) {
    StringRef P = Text.slice(B.Begin, B.BeginEnd);
    // An extension in its own or an enclosing block's selector: the host
    // may skip the block where a GPU parses it (review rV's x2, x3:
    // `kind(host)` with `match_none`; `kind(nohost)` around `match_any`).
    bool Extension = false;
    for (const VariantBlock *A : blocksAround(Blocks, B.Begin))
      Extension |=
          hasExtension(logicalPragma(Text.slice(A->Begin, A->BeginEnd)));
    if (hasExtension(logicalPragma(P)) && findMacro(P) == StringRef::npos)
      Extension = true;
    if (Extension) {
      Out.push_back(B);
      continue;
    }
    // A block comment over lines hides the rest of the clause from this
    // reading, and from the respelling's (review rSV's v7b: the emu ran
    // another variant than the block a GPU compile takes).
    bool Open;
    std::string L = logicalPragma(P, &Open);
    if (Open) {
      // Its functions come after the comment's line.
      VariantBlock W = B;
      size_t Close = Text.find("*/", B.BeginEnd);
      size_t Line = Close == StringRef::npos ? StringRef::npos
                                             : Text.find('\n', Close);
      W.BeginEnd = unsigned(std::min<size_t>(
          Line == StringRef::npos ? B.End : Line, B.End));
      Out.push_back(W);
      continue;
    }
    if (findMacro(P) != StringRef::npos)
      continue; // respelled: parsed
    std::optional<MatchClause> C = matchClause(L, 0, unsigned(L.size()));
    if (!C)
      continue;
    DeviceSetEval E =
        evalDeviceSet(StringRef(L).slice(C->BraceBegin + 1, C->DevEnd - 1));
    if (E.Host != Holds::Yes && E.Gpu != Holds::No)
      Out.push_back(B);
  }
  return Out;
}

namespace {

/// A preprocessor directive of the text: the offset of its `#` (or `%:`),
/// its name, and the rest of its logical line.
struct SkippedDirective {
  unsigned Hash;
  StringRef Name;
  std::string Rest;
};

/// The directives of Text, in order: lines whose first token (after
/// blanks and comments) is `#` or `%:`, inside no block comment.
std::vector<SkippedDirective> directives(StringRef Text) {
  std::vector<SkippedDirective> Out;
  bool InComment = false;
  size_t Line = 0;
  while (Line < Text.size()) {
    size_t End = Text.find('\n', Line);
    while (End != StringRef::npos &&
           Text.slice(Line, End).rtrim("\r").ends_with("\\"))
      End = Text.find('\n', End + 1);
    if (End == StringRef::npos)
      End = Text.size();
    StringRef L = Text.slice(Line, End);
    size_t I = 0;
    bool First = true; // no token yet on the line
    while (I < L.size()) {
      if (InComment) {
        size_t E = L.find("*/", I);
        if (E == StringRef::npos) {
          I = L.size();
          break;
        }
        InComment = false;
        I = E + 2;
        continue;
      }
      StringRef R = L.drop_front(I);
      if (R.starts_with("/*")) {
        InComment = true;
        I += 2;
        continue;
      }
      if (R.starts_with("//"))
        break;
      char C = L[I];
      if (C == ' ' || C == '\t' || C == '\r' || C == '\\' || C == '\n') {
        ++I;
        continue;
      }
      if (First && (C == '#' || R.starts_with("%:"))) {
        StringRef After = R.drop_front(C == '#' ? 1 : 2).ltrim(" \t");
        StringRef Name = After.take_while(
            [](char Ch) { return llvm::isAlnum(Ch) || Ch == '_'; });
        Out.push_back({unsigned(Line + I), Name,
                       logicalPragma(After.drop_front(Name.size()))});
      }
      First = false;
      if (C == '"' || C == '\'') { // a literal: no comment in it
        size_t J = I + 1;
        while (J < L.size() && L[J] != C && L[J] != '\n')
          J += L[J] == '\\' ? 2 : 1;
        I = J + 1;
        continue;
      }
      ++I;
    }
    Line = End + 1;
  }
  return Out;
}

/// The identifiers of a logical line, string literals left out (they are
/// not macro-expanded).
std::vector<StringRef> identifiers(StringRef L) {
  std::vector<StringRef> Out;
  for (size_t I = 0; I < L.size();) {
    char C = L[I];
    if (C == '"') {
      size_t E = L.find('"', I + 1);
      I = E == StringRef::npos ? L.size() : E + 1;
    } else if (llvm::isAlpha(C) || C == '_') {
      size_t E = I;
      while (E < L.size() && (llvm::isAlnum(L[E]) || L[E] == '_'))
        ++E;
      Out.push_back(L.slice(I, E));
      I = E;
    } else if (llvm::isDigit(C)) {
      while (I < L.size() && (llvm::isAlnum(L[I]) || L[I] == '_'))
        ++I;
    } else {
      ++I;
    }
  }
  return Out;
}

/// The words of a begin pragma that hostSkipsBlock reads as written; any
/// other (a macro's name, a condition's expression) may mean anything.
bool knownSelectorWord(StringRef W) {
  static const std::set<StringRef> Words = {
      "pragma",  "omp",       "begin",    "declare",
      "variant", "match",     "device",   "implementation",
      "user",    "construct", "kind",     "arch",
      "isa",     "vendor",    "score",    "nohost",
      "gpu",     "host",      "cpu",      "any",
      "fpga",    "nvptx",     "nvptx64",  "amdgcn",
      "x86_64",  "target",    "teams",    "parallel",
      "for",     "simd",      "dispatch", "llvm",
      "unknown", "amd",       "nvidia",   "gnu",
      "intel",   "ibm",       "arm",      "cray"};
  // An isa's: a CUDA or AMD GPU's.
  return Words.count(W) != 0 || W.starts_with("sm_") || W.starts_with("gfx");
}

/// Whether the main file's text lets hostSkipsBlock read its blocks: every
/// `begin`/`end declare variant` is one findVariantBlocks found (none spelled
/// through `_Pragma`, a macro, a continuation: it would pair the others
/// wrongly), and no `#pragma omp` starts with a macro.
bool blocksAllRead(StringRef Text, const std::vector<VariantBlock> &Blocks,
                   const std::vector<SkippedDirective> &Dirs,
                   llvm::function_ref<bool(StringRef)> IsMacro) {
  std::string Code = codeOf(Text);
  if (countMatches(Code, "(begin|end)[ \t]+declare[ \t]+variant") !=
      2 * Blocks.size())
    return false;
  for (const SkippedDirective &D : Dirs) {
    if (D.Name != "pragma")
      continue;
    std::vector<StringRef> W = identifiers(D.Rest);
    if (W.size() >= 2 && W[0] == "omp" && IsMacro(W[1]))
      return false;
  }
  return true;
}

} // namespace

bool hostSkipsBlock(StringRef Text, const VariantBlock &B,
                    llvm::function_ref<bool(StringRef)> IsMacro) {
  std::vector<VariantBlock> Blocks = findVariantBlocks(Text);
  std::vector<SkippedDirective> Dirs = directives(Text);
  if (hasUnreadBlocks(Text) || !blocksAllRead(Text, Blocks, Dirs, IsMacro))
    return false;
  // The preprocessor runs the directives of a block the parse skips (a
  // #define, an #include, an #if around its functions), and a begin or end
  // pragma in a conditional group may pair with another one: review rV's
  // v3/i.c, d.c, e.c, t1/d.cpp.
  if (Text.slice(B.BeginEnd, B.End).contains("_Pragma") ||
      Text.slice(B.BeginEnd, B.End).contains("__pragma"))
    return false;
  std::set<unsigned> Pragmas;
  for (const VariantBlock &V : Blocks)
    Pragmas.insert({V.Begin, V.End});
  int Depth = 0;
  for (const SkippedDirective &D : Dirs) {
    if ((D.Hash == B.Begin || D.Hash == B.End) && Depth > 0)
      return false;
    if (D.Hash > B.Begin && D.Hash < B.End && !Pragmas.count(D.Hash))
      return false;
    if (D.Name == "if" || D.Name == "ifdef" || D.Name == "ifndef")
      ++Depth;
    else if (D.Name == "endif")
      --Depth;
  }
  // An extension in its own or an enclosing block's selector may turn the
  // host's match around (unseenGpuBlocks); the preprocessor expands a
  // macro in a selector (review rV's v3/mc.c).
  std::vector<const VariantBlock *> Selectors =
      blocksAround(Blocks, B.BeginEnd);
  Selectors.push_back(&B);
  std::string L;
  for (const VariantBlock *A : Selectors) {
    bool Open;
    L = logicalPragma(originalPragma(Text.slice(A->Begin, A->BeginEnd)), &Open);
    if (Open || hasExtension(L))
      return false;
    for (StringRef W : identifiers(L))
      if (!knownSelectorWord(W) || IsMacro(W))
        return false;
  }
  std::optional<MatchClause> C = matchClause(L, 0, unsigned(L.size()));
  if (!C)
    return false;
  DeviceSetEval E =
      evalDeviceSet(StringRef(L).slice(C->BraceBegin + 1, C->DevEnd - 1));
  return E.Host == Holds::No && E.NotAnyHost;
}

} // namespace omp2cuda
