// The readers of a `begin declare variant` pragma's text
// (VariantPragmaText.h), apart from the respelling macros' own.
#include "frontend/VariantPragmaText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

#include <algorithm>

using llvm::StringRef;

namespace omp2cuda {
namespace pragmatext {

namespace {

Holds both(Holds A, Holds B) {
  if (A == Holds::No || B == Holds::No)
    return Holds::No;
  return A == Holds::Unknown || B == Holds::Unknown ? Holds::Unknown
                                                    : Holds::Yes;
}

} // namespace

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

std::string logicalPragma(StringRef P, bool *Open) {
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

bool hasExtension(StringRef Logical) {
  llvm::Regex Ext("(^|[^A-Za-z0-9_])extension[ \t]*\\(");
  return Ext.match(Logical);
}

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

} // namespace pragmatext
} // namespace omp2cuda
