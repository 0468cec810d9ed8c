#include "frontend/VariantBlocks.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cstring>

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

namespace {

// The respelling macros (VariantBlocks.h): `__o2D` and 31 more of its
// length, each with its own subset of the construct traits, so that the
// blocks of one function are distinct variants (review: two blocks defining
// the same function collided as one redefinition).
constexpr unsigned MacroCount = 32;
constexpr size_t MacroLength = 6; // `__o2D(`: `device=` less the `)`
const char MacroLetters[] = "DEFGHIJKLMNOPQRSTUVWXYZabcdefghi";
static_assert(sizeof(MacroLetters) == MacroCount + 1, "one letter a macro");

std::string macroName(unsigned Index) {
  return std::string("__o2") + MacroLetters[Index % MacroCount];
}

/// Where a respelling macro's name starts in Pragma, or npos.
size_t findMacro(StringRef Pragma) {
  for (size_t At = Pragma.find("__o2"); At != StringRef::npos;
       At = Pragma.find("__o2", At + 1))
    if (At + MacroLength <= Pragma.size() && Pragma[At + 5] == '(' &&
        StringRef(MacroLetters).contains(Pragma[At + 4]) &&
        (At == 0 || !(llvm::isAlnum(Pragma[At - 1]) || Pragma[At - 1] == '_')))
      return At;
  return StringRef::npos;
}

/// The traits of one property list, `kind(a, b), arch(c)`: whether every
/// one holds on a CUDA GPU and whether any holds on the host (x86-64);
/// false when the list holds anything else (a score, isa, an unknown name).
/// Score: clang's, per property (kind 1, arch 2, kind(any) nothing).
bool readDeviceSet(StringRef Props, bool &OnGpu, bool &OnHost, int64_t &Score) {
  OnGpu = true;
  OnHost = true;
  Score = 0;
  StringRef Rest = Props.trim();
  while (!Rest.empty()) {
    size_t Open = Rest.find('(');
    size_t Close = Rest.find(')');
    if (Open == StringRef::npos || Close == StringRef::npos || Close < Open)
      return false;
    StringRef Sel = Rest.take_front(Open).trim();
    if (Sel != "kind" && Sel != "arch")
      return false;
    llvm::SmallVector<StringRef, 4> Names;
    Rest.slice(Open + 1, Close).split(Names, ',');
    for (StringRef N : Names) {
      N = N.trim();
      if (Sel == "kind") {
        if (N != "nohost" && N != "gpu" && N != "any" && N != "host" &&
            N != "cpu" && N != "fpga")
          return false;
        OnGpu &= N == "nohost" || N == "gpu" || N == "any";
        OnHost &= N == "host" || N == "cpu" || N == "any";
        Score += N == "any" ? 0 : 1;
      } else {
        if (N.empty() || N.find_first_of(" :") != StringRef::npos)
          return false;
        // clang's sm_XX device compile has the architecture nvptx64 only.
        OnGpu &= N == "nvptx64";
        Score += 2;
        OnHost &= N == "x86_64" || N == "x86-64" || N == "amd64";
      }
    }
    Rest = Rest.drop_front(Close + 1).ltrim();
    if (!Rest.empty() && !Rest.consume_front(","))
      return false;
    Rest = Rest.ltrim();
  }
  return true;
}

} // namespace

std::optional<DeviceSetRespelling>
respellDeviceSet(StringRef Text, unsigned Begin, unsigned End, unsigned Index) {
  StringRef P = Text.slice(Begin, End);
  P = P.take_front(P.find("//"));
  if (P.contains('\\') || P.contains("/*"))
    return std::nullopt; // continuation lines, comments: not read here
  size_t M = P.find("match");
  if (M == StringRef::npos)
    return std::nullopt;
  StringRef L = P.drop_front(M + 5).ltrim(" \t");
  if (!L.consume_front("("))
    return std::nullopt;
  unsigned ClauseBegin = unsigned(L.data() - Text.data());
  L = L.ltrim(" \t");
  if (!L.consume_front("device"))
    return std::nullopt;
  L = L.ltrim(" \t");
  if (!L.consume_front("="))
    return std::nullopt;
  L = L.ltrim(" \t");
  if (!L.starts_with("{"))
    return std::nullopt;
  size_t Close = L.find('}');
  if (Close == StringRef::npos)
    return std::nullopt;
  StringRef Set = L.take_front(Close + 1); // {...}
  StringRef After = L.drop_front(Close + 1).ltrim(" \t");
  if (!After.starts_with(")"))
    return std::nullopt; // another set: not one device set
  bool OnGpu = false, OnHost = false;
  int64_t Score = 0;
  if (!readDeviceSet(Set.drop_front().drop_back(), OnGpu, OnHost, Score) ||
      !OnGpu || OnHost)
    return std::nullopt;
  DeviceSetRespelling R;
  R.Begin = ClauseBegin;
  R.End = unsigned(After.data() - Text.data());
  R.Original = Text.slice(R.Begin, R.End).str();
  R.Parsed = macroName(Index) + "(" + Set.str() + ")";
  if (R.Parsed.size() > R.Original.size())
    return std::nullopt;
  R.Parsed.resize(R.Original.size(), ' ');
  return R;
}

std::vector<std::string> variantMacros() {
  static const char *const Constructs[] = {"target", "teams", "parallel", "for",
                                           "simd"};
  std::vector<std::string> Out;
  for (unsigned I = 0; I < MacroCount; ++I) {
    std::string Set;
    for (unsigned C = 0; C < 5; ++C)
      if (I & (1u << C))
        Set += std::string(Set.empty() ? "" : ",") + Constructs[C];
    Out.push_back("-D" + macroName(I) + "(...)=user={condition(0)}" +
                  (Set.empty() ? "" : ",construct={" + Set + "}"));
  }
  return Out;
}

std::optional<std::string> respelledDeviceSet(StringRef Pragma) {
  size_t At = findMacro(Pragma);
  if (At == StringRef::npos)
    return std::nullopt;
  StringRef Set = Pragma.drop_front(At + MacroLength);
  if (!Set.consume_front("{"))
    return std::nullopt;
  return Set.take_until([](char C) { return C == '}'; }).str();
}

std::optional<int64_t> deviceSetScore(StringRef Props) {
  bool OnGpu = false, OnHost = false;
  int64_t Score = 0;
  if (!readDeviceSet(Props, OnGpu, OnHost, Score))
    return std::nullopt;
  return Score;
}

std::string originalPragma(StringRef Pragma) {
  size_t At = findMacro(Pragma);
  if (At == StringRef::npos)
    return Pragma.str();
  size_t Close = Pragma.find('}', At);
  size_t Paren =
      Close == StringRef::npos ? StringRef::npos : Pragma.find(')', Close);
  if (Paren == StringRef::npos)
    return Pragma.str();
  return (Pragma.take_front(At) + "device=" +
          Pragma.slice(At + MacroLength, Paren) + Pragma.drop_front(Paren + 1))
      .str();
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
