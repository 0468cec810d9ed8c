#include "frontend/VariantBlocks.h"

#include "llvm/Support/Regex.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cstring>
#include <set>

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
const char *const Constructs[] = {"target", "teams", "parallel", "for", "simd"};

std::string macroName(unsigned Index) {
  return std::string("__o2") + MacroLetters[Index % MacroCount];
}

/// The construct traits the Index-th macro adds, in its order.
std::vector<std::string> macroConstructs(unsigned Index) {
  std::vector<std::string> Out;
  for (unsigned C = 0; C < 5; ++C)
    if (Index & (1u << C))
      Out.push_back(Constructs[C]);
  return Out;
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

/// The offset in S of the bracket that closes the one at Open (`(` or
/// `{`, either kind counted), or npos.
size_t closing(StringRef S, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < S.size(); ++I) {
    if (S[I] == '(' || S[I] == '{')
      ++Depth;
    else if ((S[I] == ')' || S[I] == '}') && --Depth == 0)
      return I;
  }
  return StringRef::npos;
}

/// S split at its commas outside brackets, each part trimmed.
std::vector<StringRef> topLevelList(StringRef S) {
  std::vector<StringRef> Out;
  int Depth = 0;
  size_t From = 0;
  for (size_t I = 0; I <= S.size(); ++I) {
    if (I == S.size() || (S[I] == ',' && Depth == 0)) {
      Out.push_back(S.slice(From, I).trim());
      From = I + 1;
    } else if (S[I] == '(' || S[I] == '{') {
      ++Depth;
    } else if (S[I] == ')' || S[I] == '}') {
      --Depth;
    }
  }
  return Out;
}

/// Whether a device set holds on a CUDA GPU, or on the host (x86-64),
/// as far as the text tells.
enum class Holds { No, Yes, Unknown };

Holds both(Holds A, Holds B) {
  if (A == Holds::No || B == Holds::No)
    return Holds::No;
  return A == Holds::Unknown || B == Holds::Unknown ? Holds::Unknown
                                                    : Holds::Yes;
}

struct DeviceSetEval {
  Holds Gpu = Holds::Yes, Host = Holds::Yes;
  /// Only kind and arch properties of known names: Score is clang's.
  bool Plain = true;
  int64_t Score = 0;
  /// Host is No by a property that no host CPU has (a kind, a GPU's arch),
  /// not by the translator's reading of x86-64 architecture names.
  bool NotAnyHost = false;
};

/// The properties of a device set (the text between its braces). A score
/// on a device selector is ignored, as clang ignores it (with a warning).
/// Score: clang's, per property (kind 1, arch 2, kind(any) nothing).
DeviceSetEval evalDeviceSet(StringRef Props) {
  DeviceSetEval E;
  auto Unknown = [&E] {
    E.Plain = false;
    E.Gpu = both(E.Gpu, Holds::Unknown);
    E.Host = both(E.Host, Holds::Unknown);
  };
  for (StringRef Sel : topLevelList(Props)) {
    size_t Open = Sel.find('(');
    if (Sel.empty() || Open == StringRef::npos || !Sel.ends_with(")")) {
      Unknown();
      continue;
    }
    StringRef Name = Sel.take_front(Open).trim();
    StringRef Args = Sel.slice(Open + 1, Sel.size() - 1).trim();
    if (Args.starts_with("score")) {
      size_t Colon = Args.find(':');
      Args = Colon == StringRef::npos ? "" : Args.drop_front(Colon + 1).trim();
    }
    if (Name != "kind" && Name != "arch") {
      Unknown(); // isa: what nvcc compiles for, or the host's CPU
      continue;
    }
    for (StringRef N : topLevelList(Args)) {
      if (N.size() >= 2 && N.front() == '"' && N.back() == '"')
        N = N.drop_front().drop_back();
      if (Name == "kind") {
        if (N == "nohost" || N == "gpu" || N == "any" || N == "host" ||
            N == "cpu" || N == "fpga") {
          bool Gpu = N == "nohost" || N == "gpu" || N == "any";
          bool Host = N == "host" || N == "cpu" || N == "any";
          E.Gpu = both(E.Gpu, Gpu ? Holds::Yes : Holds::No);
          E.Host = both(E.Host, Host ? Holds::Yes : Holds::No);
          E.NotAnyHost |= !Host;
          E.Score += N == "any" ? 0 : 1;
        } else {
          Unknown();
        }
        continue;
      }
      if (N.empty() || N.find_first_of(" :()") != StringRef::npos) {
        Unknown();
        continue;
      }
      // clang's sm_XX device compile has the architecture nvptx64 only.
      E.Gpu = both(E.Gpu, N == "nvptx64" ? Holds::Yes : Holds::No);
      E.Host = both(E.Host, N == "x86_64"                   ? Holds::Yes
                            : N == "x86-64" || N == "amd64" ? Holds::Unknown
                                                            : Holds::No);
      E.NotAnyHost |= N == "nvptx" || N == "nvptx64" || N == "amdgcn";
      E.Score += 2;
    }
  }
  return E;
}

/// A begin pragma's `match(...)`: the clause's text between its
/// parentheses and, in it, the `device = {...}` set.
struct MatchClause {
  unsigned Begin = 0, End = 0;       ///< inside the parentheses, in Text
  unsigned DevBegin = 0, DevEnd = 0; ///< `device` ... `}`, in Text
  unsigned BraceBegin = 0;           ///< the set's `{`, in Text
  bool Alone = false;                ///< the device set is all there is
};

std::optional<MatchClause> matchClause(StringRef Text, unsigned Begin,
                                       unsigned End) {
  StringRef P = Text.slice(Begin, End);
  size_t M = StringRef::npos;
  for (size_t At = P.find("match"); At != StringRef::npos;
       At = P.find("match", At + 1))
    if ((At == 0 || !(llvm::isAlnum(P[At - 1]) || P[At - 1] == '_')) &&
        P.drop_front(At + 5).ltrim(" \t").starts_with("(")) {
      M = At;
      break;
    }
  if (M == StringRef::npos)
    return std::nullopt;
  size_t Open = P.find('(', M);
  size_t Close = closing(P, Open);
  if (Close == StringRef::npos)
    return std::nullopt;
  StringRef Inside = P.slice(Open + 1, Close);
  // A comment or a continuation line in the clause: not respelled here.
  if (Inside.contains("/*") || Inside.contains("//") || Inside.contains('\\'))
    return std::nullopt;
  MatchClause C;
  C.Begin = unsigned(Begin + Open + 1);
  C.End = unsigned(Begin + Close);
  std::vector<StringRef> Sets = topLevelList(Inside);
  for (StringRef S : Sets) {
    StringRef L = S;
    if (!L.consume_front("device"))
      continue;
    L = L.ltrim(" \t");
    if (!L.consume_front("="))
      continue;
    L = L.ltrim(" \t");
    if (!L.starts_with("{") || !S.ends_with("}"))
      return std::nullopt;
    C.DevBegin = unsigned(S.data() - Text.data());
    C.DevEnd = unsigned(C.DevBegin + S.size());
    C.BraceBegin = unsigned(L.data() - Text.data());
    C.Alone = Sets.size() == 1;
    return C;
  }
  return std::nullopt;
}

} // namespace

std::optional<DeviceSetRespelling>
respellDeviceSet(StringRef Text, unsigned Begin, unsigned End, unsigned Index) {
  std::optional<MatchClause> C = matchClause(Text, Begin, End);
  if (!C)
    return std::nullopt;
  DeviceSetEval E = evalDeviceSet(Text.slice(C->BraceBegin + 1, C->DevEnd - 1));
  // The host's parse sees the block itself, or no GPU runs it either.
  if (E.Host == Holds::Yes || E.Gpu == Holds::No)
    return std::nullopt;
  DeviceSetRespelling R;
  R.Begin = C->Begin;
  R.End = C->End;
  R.Original = Text.slice(R.Begin, R.End).str();
  // `device = ` dropped, the rest (the set first when it is first) the
  // macro's argument: the parse defines the macro without the device set.
  R.Parsed = macroName(Index) + "(" + Text.slice(C->Begin, C->DevBegin).str() +
             Text.slice(C->BraceBegin, C->End).str() + ")";
  if (R.Parsed.size() > R.Original.size())
    return std::nullopt;
  R.Parsed.resize(R.Original.size(), ' ');
  return R;
}

std::vector<DeviceSetRespelling> planDeviceSetRespellings(StringRef Text) {
  std::vector<VariantBlock> Blocks = findVariantBlocks(Text);
  // Per block: the construct traits its respelled selector has once the
  // enclosing blocks' are merged in (clang appends an enclosing block's
  // selectors the inner one lacks), and whether a block the host's parse
  // sees encloses it; respelled blocks are distinct variants when those
  // differ (the macros' shared implementation set aside).
  std::vector<std::optional<std::string>> Seq(Blocks.size());
  std::vector<bool> UnderHostBlock(Blocks.size(), false);
  std::set<std::string> Used;
  std::vector<DeviceSetRespelling> Out;
  unsigned Next = 0;
  for (size_t I = 0; I < Blocks.size(); ++I) {
    const VariantBlock &B = Blocks[I];
    std::optional<size_t> Parent;
    for (size_t J = I; J-- > 0;)
      if (Blocks[J].Begin < B.Begin && B.End < Blocks[J].End) {
        Parent = J;
        break;
      }
    std::vector<std::string> Outer;
    bool Host = false;
    if (Parent) {
      Host = UnderHostBlock[*Parent] || !Seq[*Parent];
      if (Seq[*Parent])
        for (StringRef S : llvm::split(*Seq[*Parent], ','))
          if (!S.empty())
            Outer.push_back(S.str());
    }
    UnderHostBlock[I] = Host;
    if (!respellDeviceSet(Text, B.Begin, B.BeginEnd))
      continue;
    std::optional<unsigned> Index;
    std::string Key;
    for (unsigned K = Next; K < MacroCount && !Index; ++K) {
      std::vector<std::string> Merged = macroConstructs(K);
      for (const std::string &S : Outer)
        if (!llvm::is_contained(Merged, S))
          Merged.push_back(S);
      Key = llvm::join(Merged, ",");
      if (!Used.count(Key + (Host ? "|host" : "")))
        Index = K;
    }
    // Out of macros: the last one again, whose collision fails the parse,
    // and the retry skips every block with a warning.
    unsigned K = Index ? *Index : MacroCount - 1;
    Used.insert(Key + (Host ? "|host" : ""));
    Next = K + 1 < MacroCount ? K + 1 : K;
    Seq[I] = Key;
    Out.push_back(*respellDeviceSet(Text, B.Begin, B.BeginEnd, K));
  }
  return Out;
}

std::vector<std::string> variantMacros() {
  std::vector<std::string> Out;
  for (unsigned I = 0; I < MacroCount; ++I) {
    std::vector<std::string> Set = macroConstructs(I);
    Out.push_back(
        "-D" + macroName(I) + "(...)=implementation={vendor(unknown)}" +
        (Set.empty() ? "" : ",construct={" + llvm::join(Set, ",") + "}"));
  }
  return Out;
}

std::optional<std::string> respelledDeviceSet(StringRef Pragma) {
  size_t At = findMacro(Pragma);
  if (At == StringRef::npos)
    return std::nullopt;
  StringRef Arg = Pragma.drop_front(At + MacroLength - 1);
  size_t Close = closing(Arg, 0);
  if (Close == StringRef::npos)
    return std::nullopt;
  Arg = Arg.slice(1, Close).trim();
  // The device set alone: the plain respelling.
  if (!Arg.starts_with("{") || closing(Arg, 0) != Arg.size() - 1)
    return std::nullopt;
  return Arg.drop_front().drop_back().str();
}

std::optional<int64_t> deviceSetScore(StringRef Props) {
  DeviceSetEval E = evalDeviceSet(Props);
  if (!E.Plain)
    return std::nullopt;
  return E.Score;
}

RespelledSelector respelledSelectorAt(StringRef Text, unsigned Offset) {
  RespelledSelector R;
  bool HostBlock = false;
  unsigned HostAt = 0;
  std::set<std::pair<std::string, std::string>> Props;
  for (const VariantBlock &B : findVariantBlocks(Text)) {
    if (!(B.BeginEnd <= Offset && Offset < B.End))
      continue;
    StringRef Pragma = Text.slice(B.Begin, B.BeginEnd);
    if (findMacro(Pragma) == StringRef::npos) {
      HostBlock = true;
      HostAt = B.Begin;
      continue;
    }
    if (R.K == RespelledSelector::NotRespelled)
      R.K = RespelledSelector::Device;
    std::optional<std::string> Set = respelledDeviceSet(Pragma);
    if (!Set || !deviceSetScore(*Set)) {
      if (R.K != RespelledSelector::Opaque) {
        R.K = RespelledSelector::Opaque;
        R.Block = B.Begin;
        R.Why = "its selector has more than a device set of 'kind' and "
                "'arch' properties, or ones the translator does not "
                "evaluate for the GPU";
      }
      continue;
    }
    // Nested blocks merge: a property once, however many blocks name it.
    for (StringRef Sel : topLevelList(*Set)) {
      size_t Open = Sel.find('(');
      StringRef Args = Sel.slice(Open + 1, Sel.size() - 1).trim();
      if (Args.starts_with("score"))
        Args = Args.drop_front(Args.find(':') + 1);
      for (StringRef N : topLevelList(Args))
        Props.insert(
            {Sel.take_front(Open).trim().str(), N.trim("\" \t").str()});
    }
  }
  if (R.K == RespelledSelector::Device && HostBlock) {
    R.K = RespelledSelector::Opaque;
    R.Block = HostAt;
    R.Why = "it is nested in a 'begin declare variant' block that the host "
            "compiler sees, whose selector the translator does not merge";
  }
  if (R.K == RespelledSelector::Device) {
    for (const auto &[Sel, Name] : Props)
      R.Score += Sel == "arch" ? 2 : Name == "any" ? 0 : 1;
    R.Props = std::move(Props);
  }
  return R;
}

std::string originalPragma(StringRef Pragma) {
  size_t At = findMacro(Pragma);
  if (At == StringRef::npos)
    return Pragma.str();
  size_t Paren = closing(Pragma, At + MacroLength - 1);
  if (Paren == StringRef::npos)
    return Pragma.str();
  return (Pragma.take_front(At) + "device=" +
          Pragma.slice(At + MacroLength, Paren) + Pragma.drop_front(Paren + 1))
      .str();
}

namespace {

/// A pragma's text as the preprocessor reads it: continuation lines
/// joined, comments dropped. Open: P opens a block comment it does not
/// close, so the directive goes on past the line the scan ends it at.
std::string logicalPragma(StringRef P, bool *Open = nullptr) {
  std::string Out;
  if (Open)
    *Open = false;
  for (size_t I = 0; I < P.size(); ++I) {
    if (P[I] == '\\' && P.drop_front(I + 1).ltrim(" \t\r").starts_with("\n")) {
      I = P.find('\n', I);
      Out += ' ';
      continue;
    }
    if (P.drop_front(I).starts_with("/*")) {
      size_t E = P.find("*/", I + 2);
      if (E == StringRef::npos) {
        if (Open)
          *Open = true;
        break;
      }
      I = E + 1;
      Out += ' ';
      continue;
    }
    if (P.drop_front(I).starts_with("//"))
      break;
    Out += P[I];
  }
  return Out;
}

} // namespace

/// Whether a begin pragma's logical text names an `extension(...)` trait
/// (`match_any`, `match_none`, ...): it changes how the whole merged
/// selector matches, which the device-set reading here does not follow.
bool hasExtension(StringRef Logical) {
  llvm::Regex Ext("(^|[^A-Za-z0-9_])extension[ \t]*\\(");
  return Ext.match(Logical);
}

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

/// Text as the preprocessor's tokens read it, roughly: continuation lines
/// joined and comments dropped, string literals kept (a `_Pragma`'s text
/// is one).
std::string codeOf(StringRef Text) {
  std::string Code;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' &&
        Text.drop_front(I + 1).ltrim(" \t\r").starts_with("\n")) {
      I = Text.find('\n', I);
      Code += ' ';
      continue;
    }
    if (Quote) {
      Code += C;
      if (C == '\\' && I + 1 < Text.size())
        Code += Text[++I];
      else if (C == Quote || C == '\n')
        Quote = 0;
      continue;
    }
    if (C == '"' || C == '\'')
      Quote = C;
    if (Text.drop_front(I).starts_with("//")) {
      I = std::min(Text.find('\n', I), Text.size()) - 1;
      continue;
    }
    if (Text.drop_front(I).starts_with("/*")) {
      size_t E = Text.find("*/", I + 2);
      I = E == StringRef::npos ? Text.size() : E + 1;
      Code += ' ';
      continue;
    }
    Code += C;
  }
  return Code;
}

size_t countMatches(StringRef Code, const char *Pattern) {
  llvm::Regex R(Pattern);
  size_t Count = 0;
  llvm::SmallVector<StringRef, 1> M;
  while (R.match(Code, &M)) {
    ++Count;
    Code = Code.drop_front(M[0].data() - Code.data() + M[0].size());
  }
  return Count;
}

/// A preprocessor directive of the text: the offset of its `#` (or `%:`),
/// its name, and the rest of its logical line.
struct Directive {
  unsigned Hash;
  StringRef Name;
  std::string Rest;
};

/// The directives of Text, in order: lines whose first token (after
/// blanks and comments) is `#` or `%:`, inside no block comment.
std::vector<Directive> directives(StringRef Text) {
  std::vector<Directive> Out;
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
                   const std::vector<Directive> &Dirs,
                   llvm::function_ref<bool(StringRef)> IsMacro) {
  std::string Code = codeOf(Text);
  if (countMatches(Code, "(begin|end)[ \t]+declare[ \t]+variant") !=
      2 * Blocks.size())
    return false;
  for (const Directive &D : Dirs) {
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
  std::vector<Directive> Dirs = directives(Text);
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
  for (const Directive &D : Dirs) {
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
