// The printer of SPMD trees (Region::Spmd), shared by the SPMD form
// (SpmdTeams.cpp) and the control loop (ControlLoop.cpp), which prints its
// parallel states with it.
#ifndef OMP2CUDA_REWRITERS_SPMDPRINTER_H
#define OMP2CUDA_REWRITERS_SPMDPRINTER_H

#include "emit/Emit.h"
#include "lowering/Lower.h"
#include "omp2cuda/KernelModel.h"

#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

#include <string>

namespace omp2cuda {

/// The shares of static schedules without a chunk (spmdLoopOpen's Chunk):
/// staticBlocks(), Start's one contiguous block of Stride blocks (a team's
/// of dist_schedule(static), a thread's of schedule(static)); gridBlocks(),
/// the team's block, then the thread's block of it (distribute parallel
/// for). Blocks in order, of sizes that differ by at most one (the first
/// trip % count take one more), as gcc and clang divide them
/// (o2c_dev::staticBlock).
inline const std::string &staticBlocks() {
  static const std::string Blocks = "<blocks>";
  return Blocks;
}
inline const std::string &gridBlocks() {
  static const std::string Blocks = "<grid blocks>";
  return Blocks;
}

/// A loop whose iterations start at Start and stride by Stride (the
/// thread's, block's or, in a called function, team's share), appended to
/// Out; Id names its counters. Chunk: the share is chunks of that many
/// iterations (Start and Stride count chunks; the text may name the trip
/// count, o2c_trip<Id>), or blocks (staticBlocks(), gridBlocks()). Returns
/// the text that closes it.
inline std::string spmdLoopOpen(std::string &Out,
                                const std::vector<LoopLevel> &Loops,
                                unsigned Id, const std::string &Start,
                                const std::string &Stride,
                                const std::string &Chunk = "") {
  const LoopLevel &L0 = Loops.front();
  // An inclusive bound may be the type's maximum, which no stride can
  // pass: such loops count their iterations.
  bool Simple = Chunk.empty() && Loops.size() == 1 && L0.UnitStep &&
                L0.Increasing && !L0.Narrow && !L0.OtherCmpType &&
                L0.Cmp == LoopCmp::LT;
  if (Simple) {
    // The steps stop at the bound instead of overflowing past it
    // (omp2cuda/loops.h).
    // (A step of one stops at the bound by itself: a thread that runs
    // every iteration.)
    std::string By =
        L0.Is64Bit ? fmt::format("({})({})", L0.VarType, Stride) : Stride;
    std::string Step =
        Stride == "1" ? L0.Var + " += 1"
                      : strideStep(L0.Var, L0.Upper, By);
    Out += fmt::format("for ({} {} = {}; {} < {}; {}) {{\n", L0.VarType,
                       L0.Var, strideStart(L0, Start), L0.Var, L0.Upper, Step);
    return "}\n";
  }
  bool Wide = Loops.size() > 1;
  for (const LoopLevel &L : Loops)
    Wide = Wide || L.Is64Bit;
  std::string T = Wide ? "unsigned long long" : "unsigned int";
  std::string Trip = fmt::format("o2c_trip{}", Id),
              Iv = fmt::format("o2c_iv{}", Id);
  std::vector<std::string> Trips;
  Out += "{\n";
  for (size_t I = 0; I < Loops.size(); ++I) {
    Trips.push_back(Loops.size() == 1 ? Trip : fmt::format("{}_{}", Trip, I));
    Out += fmt::format("const {} {} = {};\n", T, Trips.back(),
                       tripCountExpr(Loops[I], T));
  }
  if (Loops.size() > 1) {
    std::string Prod;
    for (const std::string &N : Trips)
      Prod += (Prod.empty() ? "" : " * ") + N;
    Out += fmt::format("const {} {} = {};\n", T, Trip, Prod);
  }
  std::string Close = "}\n}\n";
  if (Chunk == staticBlocks() || Chunk == gridBlocks()) {
    std::vector<BlockLevel> Levels{{Start, Stride}};
    if (Chunk == gridBlocks())
      Levels = {{"blockIdx.x", "gridDim.x"}, {"threadIdx.x", "blockDim.x"}};
    Out += blockLoopOpen(T, Iv, Trip, std::to_string(Id), Levels);
  } else if (!Chunk.empty()) {
    std::string Ck = fmt::format("o2c_chunk{}", Id), At = Iv + "_c";
    // A constant above 0 (chunkText folds them) as it is, where it fits the
    // counter; else, as a chunk under 1 would never end, below 1 is 1 (as
    // libomp takes it).
    unsigned long long Value = 0;
    if (Chunk[0] != '0' && !llvm::StringRef(Chunk).getAsInteger(10, Value) &&
        (Wide || Value <= 0xffffffffull))
      Out += fmt::format("const {0} {1} = {2};\n", T, Ck, Chunk);
    else
      Out += fmt::format("const long long {0}_ = {1};\n"
                         "const {2} {0} = {0}_ > 0 ? ({2}){0}_ : 1;\n",
                         Ck, Chunk, T);
    if (Wide)
      Out += fmt::format("for ({0} {1} = ({0})({2}) * {3}; {1} < {4}; {1} += "
                         "({0})({5}) * {3}) {{\n",
                         T, At, Start, Ck, Trip, Stride);
    else // products that may pass 32 bits: taken in 64, the steps stop at
         // the trip count (omp2cuda/loops.h)
      Out += fmt::format(
          "for ({0} {1} = o2c_dev::strideStart<{0}>(0, (unsigned long "
          "long)({2}) * {3}, {4}); {1} < {4}; {5}) {{\n",
          T, At, Start, Ck, Trip,
          strideStep(At, Trip,
                     fmt::format("(unsigned long long)({}) * {}", Stride, Ck)));
    Out += fmt::format("for ({0} {1} = {2}; {1} < {3} && {1} - {2} < {4}; "
                       "++{1}) {{\n",
                       T, Iv, At, Trip, Ck);
    Close += "}\n";
  } else if (Wide) {
    Out += fmt::format("for ({0} {1} = {2}; {1} < {3}; {1} += ({0})({4})) {{\n",
                       T, Iv, Start, Trip, Stride);
  } else { // a count within one stride of 2^32 would wrap `+=`
    Out += fmt::format("for ({0} {1} = {2}; {1} < {3}; {4}) {{\n", T, Iv,
                       Start, Trip, strideStep(Iv, Trip, Stride));
  }
  for (size_t I = 0; I < Loops.size(); ++I) {
    const LoopLevel &L = Loops[I];
    std::string Idx = Iv, Inner;
    for (size_t J = I + 1; J < Loops.size(); ++J)
      Inner += (Inner.empty() ? "" : " * ") + Trips[J];
    if (!Inner.empty())
      Idx = fmt::format("{} / ({})", Iv, Inner);
    if (I > 0)
      Idx = fmt::format("({}) % {}", Idx, Trips[I]);
    bool Inc = L.Cmp == LoopCmp::LT || L.Cmp == LoopCmp::LE;
    std::string Scaled =
        L.UnitStep ? "(" + Idx + ")" : fmt::format("({}) * {}", Idx, L.Step);
    Out += fmt::format("{0} {1} = ({0})(({2})({3}) {4} {5});\n", L.VarType,
                       L.Var, T, L.Lower, Inc ? "+" : "-", Scaled);
  }
  return Close;
}

/// Fresh copies for private/firstprivate items and reduction partials
/// around a construct; returns what closes them.
inline std::string spmdDataOpen(std::string &Out, const SpmdNode &N) {
  if (N.Privates.empty() && N.Reductions.empty())
    return "";
  std::string Close;
  Out += "{\n";
  for (const auto &[Decl, Init] : N.Privates)
    if (!Init.empty())
      Out += fmt::format("const auto o2c_fp_{0} = {0};\n", Init);
  // A variable the team shares gets a partial of each thread's own, which
  // the construct reaches by the variable's name (or through a pointer of
  // that name); the team's result goes into the variable atomically (other
  // teams may share it too), and a barrier makes that visible to the team.
  for (const SpmdReduction &Red : N.Reductions)
    Out += !Red.Shared ? fmt::format("const {0} o2c_red_{1} = {1};\n{1} = "
                                     "{2}::identity<{0}>();\n",
                                     Red.Type, Red.Var, Red.Op)
                       : fmt::format("{0} *const o2c_red_{1} = {3}{1};\n"
                                     "{0} o2c_part_{1} = "
                                     "{2}::identity<{0}>();\n",
                                     Red.Type, Red.Var, Red.Op,
                                     Red.ViaPointer ? "" : "&");
  Out += "{\n";
  for (const SpmdReduction &Red : N.Reductions)
    if (Red.Shared)
      Out += Red.ViaPointer
                 ? fmt::format("{0} *{1} = &o2c_part_{1};\n", Red.Type, Red.Var)
                 : fmt::format("{0} &{1} = o2c_part_{1};\n", Red.Type, Red.Var);
  for (const auto &[Decl, Init] : N.Privates)
    Out += Init.empty() ? Decl + ";\n"
                        : fmt::format("{} = o2c_fp_{};\n", Decl, Init);
  Close = "}\n";
  for (const SpmdReduction &Red : N.Reductions)
    Close +=
        Red.AnyOrder ? fmt::format("o2c_dev::warpsCombine<{1}>(o2c_red_{0}, "
                                   "o2c_part_{0});\n__syncthreads();\n",
                                   Red.Var, Red.Op)
        : Red.Shared
            ? fmt::format(
                  "{{\nconst {0} o2c_team_{1} = "
                  "o2c_dev::teamReduce<{2}>(o2c_part_{1}, o2c_scratch);\n"
                  "if (threadIdx.x == 0)\n  o2c_dev::atomicCombine<{2}>("
                  "o2c_red_{1}, o2c_team_{1});\n__syncthreads();\n}}\n",
                  Red.Type, Red.Var, Red.Op)
            : fmt::format("{0} = {1}()(o2c_red_{0}, o2c_dev::teamReduce<{1}>("
                          "{0}, o2c_scratch));\n",
                          Red.Var, Red.Op);
  return Close + "}\n";
}

struct SpmdPrinter {
  const KernelModel &K;
  std::string &Out;
  size_t SyncedAt = std::string::npos; // Out's size after the last barrier
  /// Inside a parallel region of fewer threads than the block (whole warps,
  /// DirectiveTree.cpp): its barriers wait for its threads alone.
  bool InTeam = false;

  /// A barrier, unless one was just printed.
  inline void sync(const char *Why) {
    if (SyncedAt == Out.size())
      return;
    Out += InTeam ? "o2c_dev::teamSync(o2c_team.o2c_threads);"
                  : "__syncthreads();";
    Out += Why;
    Out += "\n";
    SyncedAt = Out.size();
  }

  void text(const SpmdPart &P) {
    Out += "// clang-format off\n";
    Out += lineMarker(P.Pos, K.LineDirectives);
    Out += P.Text;
    Out += "\n// clang-format on\n";
  }

  /// How a team or thread loop divides its iterations (spmdLoopOpen's
  /// Chunk): blocks, chunks in turn, or a stride of one.
  static const std::string &share(const SpmdNode &N) {
    return N.Blocks ? staticBlocks() : N.Chunk;
  }

  /// A loop whose iterations start at Start and stride by Stride (the
  /// thread's or block's share); Id names its counters. Returns the text
  /// that closes it.
  std::string loopOpen(const std::vector<LoopLevel> &Loops, unsigned Id,
                       const std::string &Start, const std::string &Stride,
                       const std::string &Chunk = "") {
    return spmdLoopOpen(Out, Loops, Id, Start, Stride, Chunk);
  }

  /// Fresh copies for private/firstprivate items and reduction partials
  /// around a construct; returns what closes them.
  std::string dataOpen(const SpmdNode &N) { return spmdDataOpen(Out, N); }

  /// A parallel region of fewer threads than the block: its size, as the
  /// OpenMP routines in its body answer it (o2c_team), and the threads that
  /// run it. Its body has no barrier, or it is whole warps and its barriers
  /// are named ones (DirectiveTree.cpp).
  void teamOpen(const SpmdNode &N) {
    std::string Size = N.NumThreads.empty()
                           ? "blockDim.x"
                           : fmt::format("o2c_dev::teamSize({}, blockDim.x)",
                                         N.NumThreads);
    if (!N.IfCond.empty())
      Size = fmt::format("({}) ? {} : 1", N.IfCond, Size);
    Out += fmt::format("{{\nconst o2c_dev::Team o2c_team{{static_cast<int>({})}};\n",
                       Size);
    Out += N.MasterOnly
               ? "if (threadIdx.x == 0) { // the master thread of the team\n"
               : "if (threadIdx.x < o2c_team.o2c_threads) { // the team's threads\n";
  }

  /// The rank type of an ordered loop: as wide as its iteration count.
  static const char *orderedType(const SpmdNode &N) {
    bool Wide = N.Loops.size() > 1;
    for (const LoopLevel &L : N.Loops)
      Wide = Wide || L.Is64Bit;
    return Wide ? "unsigned long long" : "unsigned";
  }

  /// A loop with the ordered clause: the team's counter of the rank whose
  /// ordered region may run starts at 0 (the barrier after the loop's last
  /// run lets nobody read it still), and each thread counts the ranks of
  /// its iterations (threadIdx.x, then by blockDim.x, as the loop takes
  /// them; in blocks, a rank is the iteration's number). Returns what
  /// closes the block.
  std::string orderedOpen(const SpmdNode &N, unsigned I) {
    Out += fmt::format(
        "__shared__ {0} o2c_ord_next{1}; // ordered: the rank whose turn it is\n"
        "if (threadIdx.x == 0)\n  o2c_ord_next{1} = 0;\n",
        orderedType(N), I);
    SyncedAt = std::string::npos;
    sync(" // the first iteration's turn is set");
    if (N.Blocks)
      return "";
    Out += fmt::format("{{\n{} o2c_ord_rank{} = threadIdx.x;\n",
                       orderedType(N), I);
    return "}\n";
  }

  /// sections: the block's threads take them in turn, each runs its own.
  /// (The text between the sections is their braces and pragmas.)
  void sections(const SpmdNode &N, unsigned I) {
    unsigned Count = 0;
    for (const SpmdPart &P : N.Parts)
      Count += P.Child >= 0;
    Out += fmt::format("for (unsigned o2c_sec{0} = threadIdx.x; o2c_sec{0} < "
                       "{1}u; o2c_sec{0} += blockDim.x) {{ // sections\n"
                       "switch (o2c_sec{0}) {{\n",
                       I, Count);
    unsigned Case = 0;
    for (const SpmdPart &P : N.Parts)
      if (P.Child >= 0) {
        Out += fmt::format("case {}: {{ // section\n", Case++);
        node(static_cast<unsigned>(P.Child));
        Out += "break;\n}\n";
      }
    Out += "}\n}\n";
  }

  void parts(const SpmdNode &N) {
    for (const SpmdPart &P : N.Parts)
      if (P.Child < 0)
        text(P);
      else
        node(static_cast<unsigned>(P.Child));
  }

  void node(unsigned I) {
    const SpmdNode &N = K.Spmd.Nodes[I];
    if (K.SyncBefore[I])
      sync(" // what the team read before is not overwritten");
    std::string Close = dataOpen(N);
    switch (N.Kind) {
    case SpmdKind::Parallel:
      if (N.restricted()) {
        teamOpen(N);
        Close = "}\n}\n" + Close;
      }
      InTeam = N.restricted();
      parts(N);
      InTeam = false;
      break;
    case SpmdKind::Team:
    case SpmdKind::Section:
      parts(N);
      break;
    case SpmdKind::TeamLoop:
      Close = loopOpen(N.Loops, I, "blockIdx.x", "gridDim.x", share(N)) +
              Close;
      parts(N);
      break;
    case SpmdKind::GridLoop:
      Close = loopOpen(N.Loops, I, "blockIdx.x * blockDim.x + threadIdx.x",
                       "blockDim.x * gridDim.x", N.Blocks ? gridBlocks() : "") +
              Close;
      parts(N);
      break;
    case SpmdKind::ThreadLoop:
      if (N.Ordered)
        Close = orderedOpen(N, I) + Close;
      Close = loopOpen(N.Loops, I, "threadIdx.x",
                       InTeam ? "o2c_team.o2c_threads" : "blockDim.x",
                       share(N)) +
              Close;
      // A block's iterations count their ranks themselves.
      if (N.Ordered && N.Blocks)
        Out += fmt::format("o2c_dev::OrderedTurn<{0}> o2c_ord(o2c_ord_next{1}, "
                           "o2c_iv{1}); // this iteration's turn\n",
                           orderedType(N), I);
      else if (N.Ordered)
        Out += fmt::format("o2c_dev::OrderedTurn<{0}> o2c_ord(o2c_ord_next{1}, "
                           "o2c_ord_rank{1}); // this iteration's turn\n"
                           "o2c_ord_rank{1} += blockDim.x;\n",
                           orderedType(N), I);
      parts(N);
      break;
    case SpmdKind::Guard:
      Out += N.Prelude;
      Out += "if (threadIdx.x == 0) { // team master only: side effects\n";
      parts(N);
      Close = "}\n" + Close;
      break;
    case SpmdKind::Barrier:
      sync(" // #pragma omp barrier");
      break;
    case SpmdKind::Sections:
      sections(N, I);
      break;
    }
    Out += Close;
    if (K.SyncAfter[I])
      sync("");
  }
};

/// reduction on teams: the team's private copy lives in shared memory; its
/// team-master code and parallel regions update it like any team variable
/// there. Opens the block in which the variable's name refers to it.
void teamCopiesOpen(const KernelModel &K, std::string &Out);
/// The team's one copy of each firstprivate scalar its threads share,
/// initialised by thread 0 (Sync: then a barrier); opens the block in which
/// the name refers to it, and returns whether it did.
bool teamFirstprivatesOpen(const KernelModel &K, std::string &Out, bool Sync);
/// The base of the team's data-sharing slots outside static shared memory
/// (SpmdTree::SlotBytes), o2c_ds, which the slots' references use.
void teamSlotsOpen(const KernelModel &K, std::string &Out);
/// The team reductions' shared scratch, o2c_scratch, sized by the widest
/// type they reduce (SpmdTree::ScratchBytes); nothing without reductions.
void spmdScratch(const KernelModel &K, std::string &Out);
/// Thread 0 combines the team's copies into the results.
void teamCopiesClose(const KernelModel &K, SpmdPrinter &P);

} // namespace omp2cuda

#endif
