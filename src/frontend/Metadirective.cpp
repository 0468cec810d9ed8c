#include "frontend/Metadirective.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace omp2cuda {

namespace {

using llvm::StringRef;

/// Offset of the bracket that closes the one at Open (`(` or `{`), skipping
/// string literals; npos when unbalanced.
size_t closingBracket(StringRef S, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < S.size(); ++I) {
    char C = S[I];
    if (C == '"' || C == '\'') {
      for (++I; I < S.size() && S[I] != C; ++I)
        if (S[I] == '\\')
          ++I;
      continue;
    }
    if (C == '(' || C == '{' || C == '[')
      ++Depth;
    else if ((C == ')' || C == '}' || C == ']') && --Depth == 0)
      return I;
  }
  return StringRef::npos;
}

/// S split at the commas (or the colons) outside brackets and strings.
std::vector<StringRef> splitTop(StringRef S, char Sep, size_t Max = ~size_t(0)) {
  std::vector<StringRef> Out;
  size_t Start = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    char C = S[I];
    if (C == '(' || C == '{' || C == '[' || C == '"' || C == '\'') {
      size_t E = (C == '"' || C == '\'') ? S.find(C, I + 1) : closingBracket(S, I);
      if (E == StringRef::npos)
        break;
      I = E;
      continue;
    }
    // `::` is a C++ name, not the selector's end.
    if (C == Sep && Out.size() + 1 < Max &&
        !(Sep == ':' && ((I + 1 < S.size() && S[I + 1] == ':') ||
                         (I > 0 && S[I - 1] == ':')))) {
      Out.push_back(S.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  Out.push_back(S.substr(Start).trim());
  return Out;
}

/// The pragma's text with its line continuations joined.
std::string logical(StringRef Raw) {
  std::string Out;
  for (size_t I = 0; I < Raw.size(); ++I) {
    if (Raw[I] == '\\') {
      size_t J = I + 1;
      if (J < Raw.size() && Raw[J] == '\r')
        ++J;
      if (J < Raw.size() && Raw[J] == '\n') {
        Out += ' ';
        I = J;
        continue;
      }
    }
    Out += Raw[I];
  }
  return Out;
}

/// Reads the clauses after `metadirective`.
bool readClauses(StringRef S, std::vector<MetaVariant> &Out) {
  if (S.contains("/*") || S.contains("//"))
    return false; // comments inside the pragma: not read
  while (true) {
    S = S.ltrim(" \t,");
    if (S.empty())
      return !Out.empty();
    size_t N = 0;
    while (N < S.size() && (llvm::isAlnum(S[N]) || S[N] == '_'))
      ++N;
    StringRef Name = S.take_front(N);
    S = S.drop_front(N).ltrim();
    if (!S.starts_with("("))
      return false;
    size_t E = closingBracket(S, 0);
    if (E == StringRef::npos)
      return false;
    StringRef Arg = S.slice(1, E).trim();
    S = S.drop_front(E + 1);
    MetaVariant V;
    if (Name == "when") {
      std::vector<StringRef> Parts = splitTop(Arg, ':', 2);
      if (Parts.size() != 2)
        return false;
      V.Selector = Parts[0].str();
      V.Directive = Parts[1].str();
    } else if (Name == "default" || Name == "otherwise") {
      V.Default = true;
      V.Directive = Arg.str();
    } else {
      return false;
    }
    Out.push_back(std::move(V));
  }
}

/// True, false, or not decidable (nullopt).
using Tri = std::optional<bool>;

StringRef unquote(StringRef P) {
  P = P.trim();
  if (P.size() >= 2 && P.front() == '"' && P.back() == '"')
    return P.drop_front().drop_back();
  return P;
}

/// `score(n):` before a selector's properties: the score ranks variants,
/// which chooseVariant does not need (see there).
StringRef dropScore(StringRef P) {
  P = P.trim();
  if (!P.starts_with("score"))
    return P;
  size_t Open = P.find('(');
  size_t E = Open == StringRef::npos ? Open : closingBracket(P, Open);
  if (E == StringRef::npos || P.substr(0, Open).trim() != "score")
    return P;
  StringRef Rest = P.drop_front(E + 1).ltrim();
  return Rest.consume_front(":") ? Rest.trim() : P;
}

Tri kindOn(StringRef K, MetaSide Side) {
  bool Device = Side == MetaSide::Device;
  return llvm::StringSwitch<Tri>(K)
      .Case("any", true)
      .Cases("gpu", "nohost", Device)
      .Cases("host", "cpu", !Device)
      .Case("fpga", false)
      .Default(std::nullopt);
}

Tri archOn(StringRef A, MetaSide Side) {
  // clang's sm_XX device compile has the architecture nvptx64 only.
  if (Side == MetaSide::Device)
    return A == "nvptx64";
#if defined(__x86_64__)
  return A == "x86_64" || A == "x86-64" || A == "amd64";
#elif defined(__aarch64__)
  return A == "aarch64" || A == "arm64";
#else
  return std::nullopt;
#endif
}

/// One selector of a `device` or `target_device` set: every property must
/// hold.
Tri deviceTrait(StringRef Name, StringRef Props, MetaSide Side) {
  bool Any = false;
  for (StringRef P : splitTop(dropScore(Props), ',')) {
    StringRef V = unquote(P);
    Tri T = Name == "kind"   ? kindOn(V, Side)
            : Name == "arch" ? archOn(V, Side)
                             : Tri(); // isa, device_num: run-time facts
    if (!T)
      return std::nullopt;
    if (!*T)
      return false;
    Any = true;
  }
  return Any ? Tri(true) : Tri();
}

/// `implementation={vendor(...)}`: the implementation is omp2cuda on Clang
/// (the translator's front end and the default host compiler), on both
/// sides, so vendor(llvm) holds and every other vendor does not.
Tri implementationTrait(StringRef Name, StringRef Props) {
  if (Name != "vendor")
    return std::nullopt; // extension, requires, ...: not decided here
  bool Any = false;
  for (StringRef P : splitTop(dropScore(Props), ',')) {
    if (unquote(P) != "llvm")
      return false;
    Any = true;
  }
  return Any ? Tri(true) : Tri();
}

/// `user={condition(c)}` with an integer literal (or true/false) c.
Tri userTrait(StringRef Name, StringRef Props) {
  if (Name != "condition")
    return std::nullopt;
  StringRef C = dropScore(Props);
  while (C.size() > 2 && C.front() == '(' && closingBracket(C, 0) == C.size() - 1)
    C = C.drop_front().drop_back().trim();
  if (C == "true")
    return true;
  if (C == "false")
    return false;
  unsigned long long V;
  if (!C.getAsInteger(0, V))
    return V != 0;
  return std::nullopt;
}

/// Whether a context selector holds; nullopt when not decidable.
Tri evaluate(StringRef Selector, MetaSide Device,
             std::optional<MetaSide> TargetDevice, std::string &Why) {
  bool All = true;
  for (StringRef Set : splitTop(Selector, ',')) {
    size_t Eq = Set.find('=');
    if (Eq == StringRef::npos) {
      Why = "cannot read the selector '" + Set.str() + "'";
      return std::nullopt;
    }
    StringRef SetName = Set.take_front(Eq).trim();
    StringRef Body = Set.drop_front(Eq + 1).trim();
    if (!Body.starts_with("{") || closingBracket(Body, 0) != Body.size() - 1) {
      Why = "cannot read the selector '" + Set.str() + "'";
      return std::nullopt;
    }
    for (StringRef Sel : splitTop(Body.drop_front().drop_back(), ',')) {
      size_t Open = Sel.find('(');
      StringRef Name = Sel.take_front(Open).trim();
      StringRef Props;
      if (Open != StringRef::npos) {
        size_t E = closingBracket(Sel, Open);
        if (E == StringRef::npos) {
          Why = "cannot read the selector '" + Sel.str() + "'";
          return std::nullopt;
        }
        Props = Sel.slice(Open + 1, E);
      }
      Tri T;
      if (SetName == "device")
        T = deviceTrait(Name, Props, Device);
      else if (SetName == "target_device" && TargetDevice)
        T = deviceTrait(Name, Props, *TargetDevice);
      else if (SetName == "implementation")
        T = implementationTrait(Name, Props);
      else if (SetName == "user")
        T = userTrait(Name, Props);
      if (!T) {
        Why = "its selector '" + SetName.str() + "={" + Sel.str() +
              "}' is not decided when the program is translated";
        return std::nullopt;
      }
      All = All && *T;
    }
  }
  return All;
}

std::string normalized(StringRef Directive) {
  std::string Out;
  for (StringRef W : llvm::split(Directive, ' '))
    if (!W.trim().empty())
      Out += (Out.empty() ? "" : " ") + W.trim().str();
  return Out.empty() ? "nothing" : Out;
}

} // namespace

std::vector<MetaSite> findMetadirectives(StringRef Text) {
  std::vector<MetaSite> Out;
  size_t Line = 0;
  while (Line < Text.size()) {
    size_t Next = Text.find('\n', Line);
    size_t LineEnd = Next == StringRef::npos ? Text.size() : Next;
    StringRef L = Text.slice(Line, LineEnd).ltrim(" \t");
    bool Hit = false;
    if (L.consume_front("#")) {
      L = L.ltrim(" \t");
      if (L.consume_front("pragma") &&
          (L.starts_with(" ") || L.starts_with("\t"))) {
        L = L.ltrim(" \t");
        if (L.consume_front("omp") && (L.starts_with(" ") || L.starts_with("\t"))) {
          L = L.ltrim(" \t");
          Hit = L.consume_front("metadirective") &&
                (L.empty() || !(llvm::isAlnum(L[0]) || L[0] == '_'));
        }
      }
    }
    // The pragma's last line: continuations end in a backslash.
    size_t End = LineEnd;
    while (End < Text.size()) {
      StringRef Before = Text.slice(Line, End).rtrim("\r");
      if (!Before.ends_with("\\"))
        break;
      size_t N = Text.find('\n', End + 1);
      End = N == StringRef::npos ? Text.size() : N;
    }
    if (Hit) {
      MetaSite S;
      S.Begin = Text.find('#', Line);
      S.End = End;
      std::string Logical = logical(Text.slice(S.Begin, S.End));
      size_t At = Logical.find("metadirective") + strlen("metadirective");
      S.Malformed = !readClauses(StringRef(Logical).substr(At), S.Variants);
      Out.push_back(std::move(S));
    }
    Line = End + 1;
  }
  return Out;
}

// The specification ranks matching `when` clauses by score; this does not.
// Where several match, their directives must be the same text, else the
// choice is left undecided (and the region to the host).
MetaChoice chooseVariant(const MetaSite &S, MetaSide Device,
                         std::optional<MetaSide> TargetDevice) {
  MetaChoice C;
  if (S.Malformed) {
    C.Why = "omp2cuda cannot read this metadirective's clauses";
    return C;
  }
  std::optional<std::string> Chosen, Default;
  for (const MetaVariant &V : S.Variants) {
    if (V.Default) {
      Default = normalized(V.Directive);
      continue;
    }
    Tri T = evaluate(V.Selector, Device, TargetDevice, C.Why);
    if (!T)
      return C;
    if (!*T)
      continue;
    std::string D = normalized(V.Directive);
    if (Chosen && *Chosen != D) {
      C.Why = "several of its 'when' clauses match with different "
              "directives, and omp2cuda does not rank them by score";
      return C;
    }
    Chosen = D;
  }
  C.Decided = true;
  C.Directive = Chosen ? *Chosen : Default ? *Default : "nothing";
  return C;
}

bool usesTargetDevice(const MetaSite &S) {
  for (const MetaVariant &V : S.Variants)
    if (llvm::StringRef(V.Selector).contains("target_device"))
      return true;
  return false;
}

bool isTargetVariant(StringRef Directive) {
  StringRef D = Directive.trim();
  if (!D.consume_front("target"))
    return false;
  if (!D.empty() && (llvm::isAlnum(D[0]) || D[0] == '_'))
    return false;
  D = D.ltrim();
  return !(D.starts_with("data") || D.starts_with("enter") ||
           D.starts_with("exit") || D.starts_with("update"));
}

std::string respellPragma(StringRef Original, StringRef Directive) {
  std::string Out(Original.size(), ' ');
  // `nothing` is no directive at all: blank lines (a kernel that copies the
  // text then holds no pragma).
  if (Directive == "nothing") {
    for (size_t I = 0; I < Original.size(); ++I)
      if (Original[I] == '\n' || Original[I] == '\r')
        Out[I] = Original[I];
    return Out;
  }
  // Keep each line break with its continuation; the blanks between them
  // are the lines' room.
  std::vector<std::pair<size_t, size_t>> Room;
  size_t Start = 0;
  for (size_t I = 0; I < Original.size(); ++I) {
    bool Break = Original[I] == '\n' || Original[I] == '\r' ||
                 (Original[I] == '\\' && I + 1 < Original.size() &&
                  (Original[I + 1] == '\n' || Original[I + 1] == '\r'));
    if (!Break)
      continue;
    Out[I] = Original[I];
    if (I > Start)
      Room.push_back({Start, I});
    Start = I + 1;
  }
  if (Start < Original.size())
    Room.push_back({Start, Original.size()});
  // Whole words per line where they fit (a reader sees `map(to: a)`, not
  // `ma\` + `p(to: a)`), each line's last blank kept before its `\` (line
  // splicing joins the lines without one); else character by character,
  // which C's line splicing reads the same.
  std::vector<std::string> Words = {"#pragma", "omp"};
  for (StringRef W : llvm::split(Directive, ' '))
    if (!W.trim().empty())
      Words.push_back(W.trim().str());
  std::string Placed = Out;
  size_t Line = 0, At = Room.empty() ? 0 : Room[0].first;
  bool Fits = true;
  for (const std::string &W : Words) {
    while (Fits) {
      if (Line == Room.size()) {
        Fits = false;
        break;
      }
      size_t Pos = At == Room[Line].first ? At : At + 1;
      bool Last = Line + 1 == Room.size();
      if (Pos + W.size() < Room[Line].second ||
          (Last && Pos + W.size() <= Room[Line].second)) {
        Placed.replace(Pos, W.size(), W);
        At = Pos + W.size();
        break;
      }
      if (++Line < Room.size())
        At = Room[Line].first;
    }
  }
  if (Fits)
    return Placed;
  std::string Text = "#pragma omp " + Directive.str();
  size_t J = 0;
  for (auto [B, E] : Room)
    for (size_t I = B; I < E && J < Text.size(); ++I)
      Out[I] = Text[J++];
  return Out;
}

} // namespace omp2cuda
