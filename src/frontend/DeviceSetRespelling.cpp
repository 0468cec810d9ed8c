// The respelling of a `begin declare variant` block that clang's parse for
// the host would skip but a GPU may run (VariantBlocks.h): the macros, the
// plan that gives each block its own, and the device set read back from a
// respelled pragma.
#include "frontend/VariantBlocks.h"
#include "frontend/VariantPragmaText.h"

#include "llvm/ADT/StringExtras.h"

#include <set>

using llvm::StringRef;

namespace omp2cuda {

using namespace pragmatext;

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

} // namespace

namespace pragmatext {

size_t findMacro(StringRef Pragma) {
  for (size_t At = Pragma.find("__o2"); At != StringRef::npos;
       At = Pragma.find("__o2", At + 1))
    if (At + MacroLength <= Pragma.size() && Pragma[At + 5] == '(' &&
        StringRef(MacroLetters).contains(Pragma[At + 4]) &&
        (At == 0 || !(llvm::isAlnum(Pragma[At - 1]) || Pragma[At - 1] == '_')))
      return At;
  return StringRef::npos;
}

} // namespace pragmatext

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

} // namespace omp2cuda
