#include "lowering/Lower.h"

#include <fmt/format.h>

#include <algorithm>

namespace omp2cuda {

namespace {
/// Parentheses only where an expression needs them to stay one operand.
std::string operand(const std::string &E) {
  bool Simple = !E.empty();
  for (char C : E)
    Simple = Simple && (isalnum(static_cast<unsigned char>(C)) || C == '_' ||
                        C == '.');
  return Simple ? E : "(" + E + ")";
}

/// A linear item's start value and step reach the kernel as parameters: the
/// start is read before the kernel runs, since the sequentially last
/// iteration may store the final value while others still start. The start
/// is the device copy's when the item is already present.
void lowerLinear(const Capture &C, KernelModel &K) {
  K.Maps.push_back({fmt::format("const {} o2c_lin_{} = o2c_region.startValue({});",
                                C.ValueType, C.Name, C.Name)});
  K.Params.push_back({C.ValueType + " o2c_lin_" + C.Name, "o2c_lin_" + C.Name});
  bool Literal = std::all_of(C.LinearStep.begin(), C.LinearStep.end(),
                             [](char Ch) { return Ch >= '0' && Ch <= '9'; });
  if (!Literal)
    K.Params.push_back({"long long o2c_step_" + C.Name,
                        "(long long)(" + C.LinearStep + ")"});
}

/// The statement that starts a linear item's iteration: the original value
/// plus the logical iteration number times the step, in unsigned arithmetic
/// (wrapping as the sequence of increments would).
/// A run-time chunk as the stub passes it: libomp takes a chunk below 1
/// as 1 (rG t8.c: a step of 0 looped forever). The expression has no side
/// effects (analysis), so naming it twice is exact.
std::string stubChunk(const std::string &E) {
  return fmt::format("((long long)({0}) > 0 ? (long long)({0}) : 1LL)", E);
}

std::string linearStart(const Capture &C) {
  if (C.LinearStep.empty())
    return "";
  std::string U = C.LinearWide ? "unsigned long long" : "unsigned int";
  bool Literal = std::all_of(C.LinearStep.begin(), C.LinearStep.end(),
                             [](char Ch) { return Ch >= '0' && Ch <= '9'; });
  std::string Step = Literal ? C.LinearStep : "o2c_step_" + C.Name;
  std::string Times = Step == "1" ? "" : fmt::format(" * ({})({})", U, Step);
  return fmt::format("{0} = ({1})(({2})o2c_lin_{0} + ({2})o2c_iv{3});", C.Name,
                     C.ValueType, U, Times);
}

/// Whether a length text is a literal: its value is known when translating.
bool literal(const std::string &E) {
  return !E.empty() && std::all_of(E.begin(), E.end(), [](char Ch) {
    return Ch >= '0' && Ch <= '9';
  });
}

/// Whether a section's length is a nonzero literal (never 0 at run time).
bool nonzeroLiteral(const std::string &Len) {
  return literal(Len) && Len.find_first_not_of('0') != std::string::npos;
}

/// Evaluates a section's bounds once, into o2c_lo_X (unless a literal) and
/// o2c_len_X, for a second lookup when the length is 0; Lo and Len name
/// them after.
void saveBounds(const Capture &C, std::vector<StubMap> &Maps, std::string &Lo,
                std::string &Len) {
  std::string Id = C.Name;
  std::replace_if(
      Id.begin(), Id.end(),
      [](char Ch) { return !isalnum(static_cast<unsigned char>(Ch)); }, '_');
  std::string Saved = "o2c_len_" + Id + " = (" + Len + ")";
  if (!literal(Lo)) {
    Saved = "o2c_lo_" + Id + " = (" + Lo + "), " + Saved;
    Lo = "o2c_lo_" + Id;
  }
  Len = "o2c_len_" + Id;
  Maps.push_back({fmt::format("const long long {};", Saved)});
}

/// Maps the section C.Name[lo:len] for the kernel's DevName. A zero-length
/// section maps nothing: it looks its pointee up, which may lie in what a
/// later item of the construct maps (`map(to: p[0:n]) map(tofrom: q[0:8])`,
/// p == q + 2, issue 8). So a length that may be 0 at run time is evaluated
/// once, and when it is 0 the lookup is done again after every map (in
/// Translations), which is exact since a zero-length map takes no reference.
void mapSectionOf(const Capture &C, const std::string &DevName,
                  std::vector<StubMap> &Maps,
                  std::vector<StubMap> &Translations) {
  const MapInfo &M = *C.Map;
  std::string Flags = mapFlags(M);
  if (nonzeroLiteral(M.Length)) {
    Maps.push_back(
        {fmt::format("auto *{} = o2c_region.mapSection({}, {}, {}, {});",
                     DevName, C.Name, M.Lower, M.Length, Flags)});
    return;
  }
  std::string Lo = M.Lower, Len = M.Length;
  saveBounds(C, Maps, Lo, Len);
  Maps.push_back(
      {fmt::format("auto *{} = o2c_region.mapSection({}, {}, {}, {});", DevName,
                   C.Name, Lo, Len, Flags)});
  Translations.push_back(
      {fmt::format("if ({} == 0) // a zero-length section: after every map\n"
                   "    {} = o2c_region.mapSection({}, {}, 0, {});",
                   Len, DevName, C.Name, Lo, Flags)});
}

/// map(this[0:1]) or map(*this) of a target region: the stub, no member
/// function, takes the object's address and size from the call, and maps
/// the object first, so that the members the region takes lie in its copy
/// (as a data construct's `*this`, edits/DataCalls.cpp).
void thisObject(const Region &R, KernelModel &K) {
  for (const PointerMap &PM : R.PointerMaps) {
    if (!PM.ThisObject)
      continue;
    for (const char *P : {"const void *o2c_this", "size_t o2c_this_bytes"}) {
      K.StubParams.push_back(P);
      K.DeferredParams.push_back(P);
    }
    K.DeferredArgs.push_back("o2c_this");
    K.DeferredArgs.push_back("o2c_this_bytes");
    K.CallArgs.push_back("this");
    K.CallArgs.push_back("sizeof(*this)");
    K.Maps.push_back({fmt::format("o2c_region.map(o2c_this, o2c_this_bytes, {});",
                                  mapFlags(PM.Map))});
    return;
  }
}

/// The member items of the struct variable C (or of what the pointer C
/// points to) that map its members alone
/// (RegionMemberSpans.cpp), by offset; none when C is mapped whole.
std::vector<const PointerMap *> spanMembers(const Region &R, const Capture &C) {
  std::vector<const PointerMap *> Ms;
  for (const PointerMap &PM : R.PointerMaps)
    if (!C.IsMember && PM.Parent == C.Name + (C.IsPointer ? "->" : "."))
      Ms.push_back(&PM);
  return Ms;
}

/// a[i][lo:len] of an array of arrays: the block inside the array, and the
/// array's device address for the kernel. A length that may be 0 at run
/// time is looked up again after every map, as mapSectionOf does.
void mapRowOf(const Capture &C, const std::string &DevName,
              std::vector<StubMap> &Maps, std::vector<StubMap> &Translations) {
  const MapInfo &M = *C.Map;
  std::string Row = C.Name;
  for (const std::string &I : M.Rows)
    Row += "[" + I + "]";
  std::string Lo = M.Lower, Len = M.Length;
  bool MayBeZero = !nonzeroLiteral(Len);
  if (MayBeZero)
    saveBounds(C, Maps, Lo, Len);
  auto Within = [&](const std::string &Bytes) {
    return fmt::format("o2c_region.mapWithin({}, &({}[{}]), {}, {});", C.Name,
                       Row, Lo, Bytes, mapFlags(M));
  };
  Maps.push_back({fmt::format("auto *{} = {}", DevName,
                              Within(fmt::format("(size_t)({}) * sizeof({}[0])",
                                                 Len, Row)))});
  if (MayBeZero)
    Translations.push_back(
        {fmt::format("if ({} == 0) // a zero-length section: after every map\n"
                     "    {} = {}",
                     Len, DevName, Within("0"))});
}
} // namespace

std::string tripCountExpr(const LoopLevel &L, const std::string &T) {
  std::string Lo = operand(L.Lower), Up = operand(L.Upper), St = L.Step;
  bool Inc = L.Cmp == LoopCmp::LT || L.Cmp == LoopCmp::LE;
  bool Incl = L.Cmp == LoopCmp::LE || L.Cmp == LoopCmp::GE;
  const std::string &From = Inc ? Lo : Up, &To = Inc ? Up : Lo;
  // Differences are taken in the unsigned trip type: modular arithmetic
  // gives the exact distance for any signed bounds whose distance fits.
  std::string Dist = From == "0"
                         ? fmt::format("({}){}", T, To)
                         : fmt::format("({0}){1} - ({0}){2}", T, To, From);
  if (Incl)
    return fmt::format("({0} >= {1} ? {2}{3} + 1 : 0)", To, From,
                       L.UnitStep ? Dist : "(" + Dist + ")",
                       L.UnitStep ? "" : " / " + St);
  if (L.UnitStep)
    return fmt::format("({0} > {1} ? {2} : 0)", To, From, Dist);
  return fmt::format("({0} > {1} ? ({2} + {3} - 1) / {3} : 0)", To, From,
                     Dist, St);
}

std::string strideStart(const LoopLevel &L, const std::string &Offset) {
  if (L.Lower == "0")
    return Offset;
  if (Offset == "0")
    return L.Lower;
  return fmt::format("o2c_dev::strideStart<{}>({}, {}, {})", L.VarType,
                     L.Lower, Offset, L.Upper);
}

std::string strideStep(const std::string &Var, const std::string &Bound,
                       const std::string &Stride) {
  return fmt::format("{0} = o2c_dev::strideNext({0}, {1}, {2})", Var, Bound,
                     Stride);
}

std::string blockLoopOpen(const std::string &T, const std::string &Iv,
                          const std::string &Trip, const std::string &Id,
                          const std::vector<BlockLevel> &Levels,
                          const BlockLevel &Cyclic, const std::string &From) {
  std::string Out, Lo = From, End = Trip;
  for (size_t I = 0; I < Levels.size(); ++I) {
    std::string Name = I + 1 == Levels.size()
                           ? fmt::format("o2c_blk{}", Id)
                           : fmt::format("o2c_blk{}_{}", Id, I);
    Out += fmt::format(
        "const o2c_dev::Block<{0}> {1} = o2c_dev::staticBlock<{0}>({2}, {3}, "
        "{4}, {5});\n",
        T, Name, Lo, End, Levels[I].Who, Levels[I].Of);
    Lo = Name + ".Lo";
    End = Name + ".End";
  }
  if (Cyclic.Of.empty())
    return Out + fmt::format("for ({0} {1} = {2}; {1} < {3}; ++{1}) {{\n", T,
                             Iv, Lo, End);
  if (Cyclic.Chunk.empty())
    return Out +
           fmt::format("for ({0} {1} = o2c_dev::strideStart<{0}>({2}, {3}, "
                       "{4}); {1} < {4}; {5}) {{\n",
                       T, Iv, Lo, Cyclic.Who, End,
                       strideStep(Iv, End, Cyclic.Of));
  // Chunks of Chunk in turn: a chunk's start and the step over the threads
  // are products taken in 64 bits, and the steps stop at End (loops.h).
  std::string Base = "o2c_cbase" + Id;
  return Out +
         fmt::format(
             "for ({0} {1} = o2c_dev::strideStart<{0}>({2}, (unsigned long "
             "long)({3}) * ({4}), {5}); {1} < {5}; {6})\n",
             T, Base, Lo, Cyclic.Who, Cyclic.Chunk, End,
             strideStep(Base, End,
                        fmt::format("(unsigned long long)({}) * ({})",
                                    Cyclic.Of, Cyclic.Chunk))) +
         fmt::format("for ({0} {1} = {2}, o2c_cend{3} = "
                     "o2c_dev::strideNext({2}, {4}, {5}); {1} < o2c_cend{3}; "
                     "++{1}) {{\n",
                     T, Iv, Base, Id, End, Cyclic.Chunk);
}

KernelModel lowerRegion(const Region &R, const Options &O) {
  KernelModel K;
  K.Shape = R.Class == RegionClass::Combined ? KernelShape::GridStride
                                             : KernelShape::Sequential;
  K.Name = R.KernelBase;
  K.StubName = R.KernelBase + "_launch";
  K.Loc = R.Loc;
  K.Comment = fmt::format("'{}' at {}:{}", R.Pragma, R.Loc.File, R.Loc.Line);
  K.Directive = R.Directive;
  K.TemplateHeader = R.TemplateHeader;
  K.TemplateArgs = R.TemplateArgs;
  K.ClassAhead = R.ClassAhead;
  K.ClassAheadTemplate = R.ClassAheadTemplate;
  K.Body = R.Body;
  K.BodyPos = R.BodyPos;
  K.BodyIndent = R.BodyIndent;
  K.LineDirectives = O.LineDirectives && !R.BodyFromMacro;
  K.NumTeams = R.NumTeams;
  K.ThreadLimit = R.ThreadLimit;
  K.IfCond = R.IfCond;
  K.Device = R.Device;
  K.NoWait = R.NoWait;
  K.Depend = R.Depend;
  K.SingleTeam = R.SingleTeam;
  K.Loops = R.Loops;
  K.SimdChunks = R.SimdChunks;
  K.DeviceApiUsings = R.DeviceApiUsings;
  // First among the kernel's declarations, which may name them.
  K.PrivateDecls = R.TypeAliases;
  K.TripOnDevice = R.TripOnDevice;
  if (!R.ScheduleChunk.empty() && R.ScheduleChunk != "1")
    K.Chunk = R.ScheduleChunk;
  K.TeamChunk = R.TeamChunk;
  K.ChunkResets = R.ChunkResets;

  auto DevName = [&](const std::string &N) {
    std::string D = N + "_d";
    for (bool Clash = true; Clash;) {
      Clash = false;
      for (const Capture &C : R.Captures)
        if (C.Name == D) {
          D += "_";
          Clash = true;
        }
    }
    return D;
  };

  std::vector<StubMap> Translations;
  // Members only read, by the device copy's value (CapturePassing.cpp):
  // each member's name and its start value's.
  std::vector<std::pair<std::string, std::string>> StartNames;
  thisObject(R, K);
  for (const Capture &C : R.Captures) {
    if (C.How == Passing::Private) {
      if (C.InBody)
        K.PrivateDecls.push_back(C.KernelParam);
      continue;
    }
    K.StubParams.push_back(C.StubParam);
    // A deferred target task binds its firstprivate values at the
    // encounter: an array as a copy, not the reference the stub takes.
    if (C.BoxedArray && C.How == Passing::Value) {
      std::string Held = "o2c_held_" + C.Name;
      K.DeferredParams.push_back("decltype(o2c::box(" + C.Name + ")) " + Held);
      K.DeferredArgs.push_back("o2c::box(" + C.Name + ")");
      // The launch takes the box itself; a clause may still name the array.
      K.DeferredPrologue.push_back("[[maybe_unused]] auto &" + C.Name + " = " +
                                   Held + ".v;");
    } else {
      K.DeferredParams.push_back(C.StubParam);
      K.DeferredArgs.push_back(C.Name);
      if (C.IsVLA) // the stub takes a VLA's size after it
        K.DeferredArgs.push_back("o2c_bytes_" + C.Name);
      if (C.MemberStart && C.How == Passing::Value) // and a member's address
        K.DeferredArgs.push_back("o2c_at_" + C.Name);
    }
    K.CallArgs.push_back(C.CallArg);
    std::string Arg = C.Name;
    switch (C.How) {
    case Passing::Value:
      if (C.MemberStart && C.InBody) {
        // The stub has the member's value and address (CapturePassing.cpp);
        // the kernel gets the device copy's value, read below.
        Arg = "o2c_start_" + C.Name;
        StartNames.emplace_back(C.Name, Arg);
      } else if (C.CallArg.size() > 3 &&
          C.CallArg.compare(C.CallArg.size() - 3, 3, "...") == 0) {
        // A function parameter pack (CapturePacks.cpp): each element as
        // OpenMP passes a variable of its type, a pointer as a
        // zero-length section.
        K.Maps.push_back({"auto o2c_pack = [&](auto v) {\n"
                          "    if constexpr (std::is_pointer_v<decltype(v)>)\n"
                          "      return o2c_region.translate(v);\n"
                          "    else\n"
                          "      return v;\n"
                          "  };"});
        Arg = "o2c_pack(" + C.Name + ")...";
      } else if (C.BoxedArray) {
        Arg = DevName(C.Name);
        // A deferred task holds the box it bound at the encounter: the
        // launch takes that one, not a second copy.
        K.Maps.push_back(
            {K.NoWait ? fmt::format("auto &{} = o2c_held_{};", Arg, C.Name)
                      : fmt::format("auto {} = o2c::box({});", Arg, C.Name)});
        if (C.InBody)
          K.PrivateDecls.push_back(C.PrivateDecl);
      } else if (C.InBody && C.Written) {
        // A firstprivate the region assigns may never be read (LULESH's
        // vol_error): nvcc then warns that the parameter "was set but never
        // used" (#550), which neither a (void) cast nor [[maybe_unused]]
        // silences. Taking its address does, and costs no register.
        K.PrivateDecls.push_back("(void)&" + C.Name + ";");
      }
      break;
    case Passing::DevicePointer:
      Arg = DevName(C.Name);
      if (std::vector<const PointerMap *> Ms = spanMembers(R, C); !Ms.empty())
        for (StubMap &M : memberSpanMaps(C.Name, Ms, Arg))
          K.Maps.push_back(std::move(M));
      else if (C.Map && C.Map->Section && C.Map->Length != "0")
        mapSectionOf(C, Arg, K.Maps, Translations);
      else if (C.Map && C.Map->Section) // p[lo:0] looks up, as p alone does
        Translations.push_back(
            {fmt::format("auto *{} = o2c_region.mapSection({}, {}, 0, {});",
                         Arg, C.Name, C.Map->Lower, mapFlags(*C.Map))});
      else // after every map: what else the construct maps is present
        Translations.push_back(
            {fmt::format("auto *{} = o2c_region.translate({});", Arg, C.Name)});
      break;
    case Passing::MappedObject:
      Arg = DevName(C.Name);
      if (C.DeviceAddress)
        K.Maps.push_back({fmt::format(C.IsArray ? "auto *{} = &({})[0];"
                                                : "auto *{} = &({});",
                                      Arg, C.Name)});
      else if (C.PointerObject)
        // After every map of the construct: the pointee may lie in what a
        // later item maps (`map(q[0:n]) map(to: p)`, p == q + 2), and its
        // exit, first of all, must still find that item's storage to give
        // the host the host counterpart of a pointer the kernel moved.
        Translations.push_back(
            {fmt::format("auto *{} = o2c_region.mapPointer({}, {});", Arg,
                         C.Name, mapFlags(*C.Map))});
      else if (std::vector<const PointerMap *> Ms = spanMembers(R, C);
               !Ms.empty())
        for (StubMap &M : memberSpanMaps("&(" + C.Name + ")", Ms, Arg))
          K.Maps.push_back(std::move(M));
      else if (C.IsArray && C.Map && !C.Map->Rows.empty())
        mapRowOf(C, Arg, K.Maps, Translations);
      else if (C.IsArray && C.Map && C.Map->Section)
        mapSectionOf(C, Arg, K.Maps, Translations);
      else if (C.IsVLA)
        K.Maps.push_back({fmt::format("auto *{} = static_cast<decltype({})>("
                                      "o2c_region.map({}, o2c_bytes_{}, {}));",
                                      Arg, C.Name, C.Name, C.Name, mapFlags(*C.Map))});
      else if (C.IsArray)
        K.Maps.push_back({fmt::format("auto *{} = o2c_region.mapArray({}, {});", Arg,
                                      C.Name, mapFlags(*C.Map))});
      else
        K.Maps.push_back({fmt::format("auto *{} = o2c_region.mapObject({}, {});", Arg,
                                      C.Name, mapFlags(*C.Map))});
      if (!C.PrivateDecl.empty() && C.InBody)
        K.PrivateDecls.push_back(C.PrivateDecl);
      break;
    case Passing::Reduction:
      Arg = DevName(C.Name);
      K.Maps.push_back({fmt::format("auto *{} = o2c_region.mapObject({}, {});", Arg,
                                    C.Name, mapFlags(*C.Map))});
      K.Reductions.push_back({C.Name, C.ValueType, C.ReductionOp, "o2c_red_" + C.Name});
      break;
    case Passing::Private:
      break;
    case Passing::LastPrivate:
      Arg = DevName(C.Name);
      if (!C.LinearStep.empty())
        lowerLinear(C, K);
      K.Maps.push_back({fmt::format("auto *{} = o2c_region.mapObject({}, {});", Arg,
                                    C.Name, mapFlags(*C.Map))});
      if (!C.PrivateDecl.empty())
        K.PrivateDecls.push_back(C.PrivateDecl);
      K.LastPrivates.push_back({C.Name, "o2c_last_" + C.Name, C.Name,
                                linearStart(C), C.CondLast, C.IsArray});
      if (C.CondLast) {
        // A fresh slot for the blocks to combine in, zeroed by its map.
        K.Maps.push_back({fmt::format("o2c_dev::CondSlot o2c_cs_{0}{{}};\n  auto "
                                      "*o2c_cs_{0}_d = o2c_region.mapObject("
                                      "o2c_cs_{0}, o2c::MapTo);",
                                      C.Name)});
        K.Params.push_back({"o2c_dev::CondSlot *o2c_cs_" + C.Name,
                            "o2c_cs_" + C.Name + "_d"});
        K.PrivateDecls.push_back("unsigned int o2c_w_" + C.Name + " = 0;");
      }
      if (C.LoopVariable)
        for (size_t I = 0; I < R.Loops.size(); ++I)
          if (R.Loops[I].Var == C.Name) {
            // The value after the sequential loop: lower bound plus the
            // trip count times the step.
            const LoopLevel &L = R.Loops[I];
            std::string Trip = R.Loops.size() == 1 ? "o2c_trip"
                                                   : fmt::format("o2c_trip{}", I);
            bool Inc = L.Cmp == LoopCmp::LT || L.Cmp == LoopCmp::LE;
            K.LastPrivates.back().Value =
                fmt::format("({0})(({1}) {2} ({0}){3} * ({4}))", L.VarType, L.Lower,
                            Inc ? "+" : "-", Trip, L.Step);
          }
      break;
    }
    // Only what the kernel's text uses becomes a kernel parameter; the
    // stub still takes clause-only variables (section bounds, if, device).
    if (C.InBody || C.How == Passing::Reduction || C.How == Passing::LastPrivate)
      K.Params.push_back({C.KernelParam, Arg});
  }

  // Each distribute chunk's threads start from the values on entry.
  for (const std::string &N : K.ChunkResets)
    K.PrivateDecls.push_back(fmt::format("const auto o2c_first_{0} = {0};", N));

  // The items a user-defined mapper or an iterator adds (Mappers.cpp,
  // MapIterators.cpp), after the captures whose storage they lie in or that
  // point to them. An iterator item on a pointer variable the kernel takes
  // (`p[it]`) is never among them: it is the variable's own section, and
  // other pieces of p keep the region on the host.
  for (const PointerMap &PM : R.PointerMaps)
    if (!PM.ThisObject && PM.Parent.empty()) // members: spanMembers
      K.Maps.push_back({mapSteps(PM), PM.Loops});
  // A pointer no clause names is a zero-length section (OpenMP's implicit
  // mapping), which finds what the construct's own maps put on the device
  // (`map(q[0:n])` with p == q): translated last, as clang orders its
  // implicit maps after the explicit ones. So are `p[lo:0]`, a firstprivate
  // pointer and a mapped pointer variable's attachment (issue 8).
  K.Maps.insert(K.Maps.end(), Translations.begin(), Translations.end());

  // A chunk size other than a literal is evaluated by the stub, where the
  // variables it names are (analysis allows only constants and the local
  // scalars the region takes by value), and reaches the kernel as a
  // parameter.
  if (!K.Chunk.empty() &&
      !std::all_of(K.Chunk.begin(), K.Chunk.end(),
                   [](char Ch) { return Ch >= '0' && Ch <= '9'; })) {
    K.Params.push_back({"long long o2c_chunk", stubChunk(K.Chunk)});
    K.Chunk = "o2c_chunk";
  }
  if (!K.TeamChunk.empty() &&
      !std::all_of(K.TeamChunk.begin(), K.TeamChunk.end(),
                   [](char Ch) { return Ch >= '0' && Ch <= '9'; })) {
    K.Params.push_back({"long long o2c_dchunk", stubChunk(K.TeamChunk)});
    K.TeamChunk = "o2c_dchunk";
  }

  if (K.Shape == KernelShape::GridStride) {
    bool Wide = R.Loops.size() > 1;
    for (const LoopLevel &L : R.Loops)
      Wide = Wide || L.Is64Bit;
    K.TripType = Wide ? "unsigned long long" : "unsigned int";
    const LoopLevel &L0 = R.Loops.front();
    // The one-pass instantiation is the same loop with a `break` after the
    // first pass; chunked and simd loops keep their single form (a chunk or
    // a warp's worth of iterations per thread), and so does a trip count
    // only the kernel knows.
    // A team's chunks of dist_schedule(static, C) may be several even
    // where the grid has a thread per iteration.
    K.OnePassVariant = !K.SimdChunks && K.Chunk.empty() && !K.TripOnDevice &&
                       K.TeamChunk.empty();
    // A 64-bit count the stub can narrow: the normalised counter, of the
    // width the stub picks.
    // A chunked collapsed nest's too, when the chunk is a literal the stub
    // can multiply the grid by (o2c::countsIn32Bits): its divisions and
    // remainders are what 64 bits make dear (imperfect_collapse.c:36, 20
    // registers against 16). A single 64-bit loop's chunk gains nothing
    // (clauses.c:24, 26 against 28).
    bool LiteralChunk =
        R.Loops.size() > 1 && !K.Chunk.empty() && !K.SimdChunks &&
        !K.TripOnDevice &&
        std::all_of(K.Chunk.begin(), K.Chunk.end(),
                    [](char Ch) { return Ch >= '0' && Ch <= '9'; });
    K.CounterVariant = Wide && (K.OnePassVariant || LiteralChunk);
    K.BoundedThreads = K.OnePassVariant && !K.ThreadLimit.empty();
    K.FullGrid = O.FullGrid && K.OnePassVariant && !K.NumTeams.empty() &&
                 !K.SingleTeam && R.GridObserver.empty();
    K.TeamBlocks = R.TeamBlocks;
    K.ThreadBlocks = R.ThreadBlocks;
    // lastprivate needs the linear iteration number to spot the last one;
    // blocks are counted in it.
    K.SimpleLoop = !K.SimdChunks && K.LastPrivates.empty() && !K.TeamBlocks &&
                   !K.ThreadBlocks && K.TeamChunk.empty() &&
                   !K.CounterVariant && R.Loops.size() == 1 &&
                   K.Chunk.empty() && L0.UnitStep && L0.Increasing &&
                   !L0.Narrow && !L0.OtherCmpType && L0.Cmp == LoopCmp::LT;
    std::string Trip;
    for (const LoopLevel &L : R.Loops)
      Trip += (Trip.empty() ? "" : " * ") + tripCountExpr(L, K.TripType);
    K.TripExpr = Trip;
  }
  if (R.Class == RegionClass::Spmd)
    lowerSpmd(R, K);
  // Start values are read after the region's own maps: `map(always, to:
  // this[:1])` first refreshes the device copy.
  for (const auto &[Name, Start] : StartNames)
    K.Maps.push_back({fmt::format(
        "const auto {} = o2c_region.startValue(*o2c_at_{});", Start, Name)});
  // The loop bounds the kernel reads from a member only read are the
  // device copy's values: the stub counts the trip where each member's
  // name is its start value, whatever the bound's spelling (a macro).
  if (!StartNames.empty() && !K.TripExpr.empty()) {
    std::string Shadows;
    for (const auto &[Name, Start] : StartNames)
      Shadows += fmt::format("const auto {0} = {1}; (void){0}; ", Name, Start);
    K.TripExpr = "[&] { " + Shadows + "return " + K.TripExpr + "; }()";
  }
  // A parameter pack goes last: nvcc cannot take the address of a kernel
  // whose pack is followed by other parameters (an empty pack, `k<>`).
  std::stable_partition(
      K.Params.begin(), K.Params.end(), [](const KernelParam &P) {
        return P.StubArg.size() < 3 ||
               P.StubArg.compare(P.StubArg.size() - 3, 3, "...") != 0;
      });
  return K;
}

} // namespace omp2cuda
