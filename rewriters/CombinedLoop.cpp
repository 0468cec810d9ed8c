// Combined constructs as grid-stride loops (seed 000 §4.1, Fig. 5; seed 004
// §3.4): every thread of every block walks the iteration space with stride
// blockDim.x * gridDim.x; no runtime calls, no shared state except the
// reduction step.
#include "Registry.h"
#include "emit/Emit.h"
#include "lowering/Lower.h"

#include <fmt/format.h>

namespace omp2cuda {

namespace {

std::string launchArg(const std::string &Clause) {
  return Clause.empty() ? "0" : "(long long)(" + Clause + ")";
}

/// The end of a pass of the grid-stride loop in the two-instantiation form:
/// the one-pass kernel has a thread for every iteration, so the loop's back
/// edge is dead code there and the compiler keeps no stride state.
const char *const OnePassBreak =
    "    if (O2cOnePass)\n      break; // one thread per iteration\n";

/// "kernel<true>", "kernel<false, unsigned int, T>": an instantiation of a
/// kernel whose template header starts with `bool O2cOnePass` (and `class
/// O2cIdx`, given as Idx, for a CounterVariant); a chunked loop's header has
/// `class O2cIdx` alone ("kernel<unsigned int>").
std::string variant(const KernelModel &K, bool OnePass,
                    const std::string &Idx = "") {
  std::string Args;
  if (K.OnePassVariant)
    Args = OnePass ? "true" : "false";
  if (K.CounterVariant)
    Args += (Args.empty() ? "" : ", ") + (Idx.empty() ? K.TripType : Idx);
  if (K.BoundedThreads)
    Args += ", o2c_max_threads";
  if (!K.TemplateArgs.empty())
    Args += ", " + K.TemplateArgs.substr(1, K.TemplateArgs.size() - 2);
  return K.Name + "<" + Args + ">";
}

/// The type a level's own trip count and variable are computed in when the
/// counter's width is the stub's choice: 64 bits for a 64-bit variable, and
/// for an inclusive bound, whose count may be 2^32 even for an `int`.
std::string levelType(const LoopLevel &L) {
  bool Incl = L.Cmp == LoopCmp::LE || L.Cmp == LoopCmp::GE;
  return L.Is64Bit || Incl ? "unsigned long long" : "unsigned int";
}

/// Whether the normalised counter is 32 bits of the kernel's own choosing,
/// not the stub's (o2c::countsIn32Bits): a count within one stride of 2^32
/// would wrap its steps.
bool narrowCounter(const KernelModel &K) {
  return !K.CounterVariant && K.TripType == "unsigned int";
}

/// The step of a normalised counter over the grid: `+=` where the counter
/// is wide enough, else a step that stops at the trip count.
std::string counterStep(const KernelModel &K, const std::string &Iv,
                        const std::string &Stride) {
  if (!narrowCounter(K))
    return fmt::format("{} += {}", Iv, Stride);
  return strideStep(Iv, "o2c_trip", Stride);
}

} // namespace

void emitGridStrideBody(const KernelModel &K, std::string &Out) {
  for (const ReductionModel &Red : K.Reductions)
    Out += fmt::format("  {} {} = {}::identity<{}>();\n", Red.Type, Red.Var,
                       Red.Op, Red.Type);
  const std::string Gtid = "blockIdx.x * blockDim.x + threadIdx.x";
  if (K.SimpleLoop) {
    // The loop variable itself strides over the grid, as in hand-written CUDA.
    // Its steps go through o2c_dev::strideStart/strideNext (loops.h), which
    // stop at the bound instead of overflowing past it: a bound within one
    // stride of the type's maximum would wrap `i += stride` back into the
    // range.
    const LoopLevel &L = K.Loops.front();
    std::string Stride = L.Is64Bit
                             ? fmt::format("({})blockDim.x * gridDim.x", L.VarType)
                             : "blockDim.x * gridDim.x";
    Out += fmt::format("  for ({} {} = {}; {} < {}; {}){}\n", L.VarType, L.Var,
                       strideStart(L, Gtid), L.Var, L.Upper,
                       strideStep(L.Var, L.Upper, Stride),
                       K.OnePassVariant ? " {" : "");
    if (K.OnePassVariant) {
      // The body's own `continue` ends its pass at the `while`, as in the
      // loop it came from, and never skips the one-pass `break`.
      Out += "    do {\n" + placedBody(K) + "    } while (0);\n";
      Out += std::string(OnePassBreak) + "  }\n";
    } else {
      Out += placedBody(K);
    }
  } else {
    // The counter's type: the template parameter the stub picks, or fixed.
    const std::string T = K.CounterVariant ? "O2cIdx" : K.TripType;
    const bool Blocks = K.TeamBlocks || K.ThreadBlocks || !K.TeamChunk.empty();
    // Trip counts of the levels, then the iteration space linearised.
    std::vector<std::string> Trips;
    for (size_t I = 0; I < K.Loops.size(); ++I) {
      std::string Name =
          K.Loops.size() == 1 ? "o2c_trip" : fmt::format("o2c_trip{}", I);
      if (K.CounterVariant)
        // Counted at the level's own width (a distance the counter's type
        // cannot hold may still give a trip count it can), then narrowed:
        // the stub chose O2cIdx wide enough for the product.
        Out += fmt::format("  const {} {} = ({})({});\n", T, Name, T,
                           tripCountExpr(K.Loops[I], levelType(K.Loops[I])));
      else
        Out += fmt::format("  const {} {} = {};\n", T, Name,
                           tripCountExpr(K.Loops[I], T));
      Trips.push_back(Name);
    }
    if (K.Loops.size() > 1) {
      std::string Prod;
      for (const std::string &N : Trips)
        Prod += (Prod.empty() ? "" : " * ") + N;
      Out += fmt::format("  const {} o2c_trip = {};\n", T, Prod);
    }
    if (K.SimdChunks) {
      // SIMD semantics (target simd): chunks of consecutive iterations run
      // concurrently, one chunk after the other. One warp; every lane
      // reaches the __syncwarp that ends a chunk (do-while keeps `continue`
      // inside the chunk).
      Out += fmt::format("  for ({0} o2c_base = 0; o2c_base < o2c_trip; o2c_base "
                         "+= blockDim.x) {{\n",
                         T);
      Out += fmt::format("    const {} o2c_iv = o2c_base + threadIdx.x;\n", T);
      Out += "    if (o2c_iv < o2c_trip) do {\n";
    } else if (Blocks) {
      // Written static schedules the region can observe: the team's block,
      // or its chunks of dist_schedule(static, C) one after the other, then
      // the thread's of each (or the thread's chunks of it in turn). One
      // thread per team (thread_limit(1)) takes its team's share.
      std::vector<BlockLevel> Levels;
      BlockLevel Cyclic;
      std::string Lo = "0", End = "o2c_trip";
      if (K.TeamBlocks)
        Levels.push_back({"blockIdx.x", "gridDim.x"});
      if (!K.TeamChunk.empty()) {
        Out += fmt::format(
            "  for ({0} o2c_dc = o2c_dev::strideStart<{0}>(0, (unsigned long "
            "long)blockIdx.x * ({1}), o2c_trip); o2c_dc < o2c_trip; {2}) {{\n"
            "  const {0} o2c_dce = o2c_dev::strideNext(o2c_dc, o2c_trip, "
            "{1});\n",
            T, K.TeamChunk,
            strideStep("o2c_dc", "o2c_trip",
                       "(unsigned long long)gridDim.x * (" + K.TeamChunk +
                           ")"));
        for (const std::string &N : K.ChunkResets)
          Out += fmt::format("  {0} = o2c_first_{0};\n", N);
        Lo = "o2c_dc";
        End = "o2c_dce";
      }
      if (K.ThreadLimit != "1") {
        BlockLevel Thread{"threadIdx.x", "blockDim.x", K.Chunk};
        if (K.ThreadBlocks)
          Levels.push_back(Thread);
        else
          Cyclic = Thread;
      }
      Out += "  " + blockLoopOpen(T, "o2c_iv", End, "", Levels, Cyclic, Lo);
      if (!K.LastPrivates.empty())
        Out += "    do {\n";
    } else if (K.Chunk.empty()) {
      Out += fmt::format("  for ({0} o2c_iv = {1}; o2c_iv < o2c_trip; {2}) {{\n",
                         T, Gtid,
                         counterStep(K, "o2c_iv",
                                     "(" + T + ")blockDim.x * gridDim.x"));
      if (!K.LastPrivates.empty())
        Out += "    do {\n";
    } else if (!narrowCounter(K)) {
      // schedule(static, C): chunks of C consecutive iterations, dealt
      // round-robin over all threads of the grid (in a counter in which
      // the steps cannot wrap: 64 bits, or the stub's choice).
      Out += fmt::format("  for ({0} o2c_base = ({0})({1}) * ({2}); o2c_base < "
                         "o2c_trip; o2c_base += ({0})blockDim.x * gridDim.x * "
                         "({2}))\n",
                         T, Gtid, K.Chunk);
      // A collapsed nest's chunk, unrolled by ptxas, recovers every
      // iteration's indices at once: 32 registers against 20
      // (imperfect_collapse.c:36). Host compilers may not know the pragma.
      if (K.Loops.size() > 1)
        Out += "#if defined(__CUDA_ARCH__)\n#pragma unroll 1\n#endif\n";
      Out += fmt::format("  for ({0} o2c_iv = o2c_base; o2c_iv < o2c_base + "
                         "({1}) && o2c_iv < o2c_trip; ++o2c_iv) {{\n",
                         T, K.Chunk);
    } else {
      // The same with a fixed counter: a chunk's first iteration and the
      // step over the grid are products that may pass its width, so they
      // are taken in 64 bits and the steps stop at the trip count.
      Out += fmt::format(
          "  for ({0} o2c_base = o2c_dev::strideStart<{0}>(0, "
          "(unsigned long long)({1}) * ({2}), o2c_trip); o2c_base < "
          "o2c_trip; {3})\n",
          T, Gtid, K.Chunk,
          counterStep(K, "o2c_base",
                      "(unsigned long long)blockDim.x * gridDim.x * (" +
                          K.Chunk + ")"));
      Out += fmt::format("  for ({0} o2c_iv = o2c_base; o2c_iv - o2c_base < "
                         "({1}) && o2c_iv < o2c_trip; ++o2c_iv) {{\n",
                         T, K.Chunk);
    }
    // Recover each loop variable from the linear index (row-major).
    for (size_t I = 0; I < K.Loops.size(); ++I) {
      const LoopLevel &L = K.Loops[I];
      std::string Idx = "o2c_iv";
      std::string Inner;
      for (size_t J = I + 1; J < K.Loops.size(); ++J)
        Inner += (Inner.empty() ? "" : " * ") + Trips[J];
      if (!Inner.empty())
        Idx = fmt::format("o2c_iv / ({})", Inner);
      if (I > 0)
        Idx = fmt::format("({}) % {}", Idx, Trips[I]);
      bool Inc = L.Cmp == LoopCmp::LT || L.Cmp == LoopCmp::LE;
      // The variable is computed at its own width: a 32-bit counter must
      // not truncate a 64-bit bound or product.
      std::string AT = T;
      if (K.CounterVariant) {
        AT = L.Is64Bit ? "unsigned long long" : "unsigned int";
        Idx = fmt::format("({})({})", AT, Idx);
      }
      std::string Scaled = L.UnitStep ? "(" + Idx + ")"
                                      : fmt::format("({}) * {}", Idx, L.Step);
      if (L.Lower == "0" && Inc)
        Out += fmt::format("    {0} {1} = ({0})({2});\n", L.VarType, L.Var,
                           L.UnitStep ? Idx : fmt::format("({}) * {}", Idx, L.Step));
      else
        Out += fmt::format("    {0} {1} = ({0})(({2})({3}) {4} {5});\n", L.VarType,
                           L.Var, AT, L.Lower, Inc ? "+" : "-", Scaled);
    }
    // Linear items: their values in this logical iteration. A body that
    // uses only them need not name the loop's own variables.
    bool Linear = false;
    for (const LastPrivateModel &L : K.LastPrivates)
      if (!L.Start.empty()) {
        Out += "    " + L.Start + "\n";
        Linear = true;
      }
    if (Linear)
      for (const LoopLevel &L : K.Loops)
        Out += "    (void)" + L.Var + ";\n";
    // The lastprivate forms have a do-while of their own (`continue` must
    // not skip the write-back); the one-pass form needs one for its break.
    bool Wrap = K.OnePassVariant && K.LastPrivates.empty();
    if ((!K.LastPrivates.empty() && !K.Chunk.empty() && !Blocks) || Wrap)
      Out += "    do {\n";
    Out += placedBody(K);
    if (Wrap)
      Out += "    } while (0);\n";
    if (K.SimdChunks)
      Out += "    } while (0);\n    __syncwarp();\n";
    if (!K.LastPrivates.empty()) {
      // `continue` in the body must not skip the write-back (the simd form
      // closed its do-while above).
      if (!K.SimdChunks)
        Out += "    } while (0);\n";
      std::string Last;
      for (const LastPrivateModel &L : K.LastPrivates)
        if (L.Array) // byte by byte: no header needed on either side
          Last += fmt::format(
              "      for (unsigned long o2c_k = 0; o2c_k < sizeof({1}); ++o2c_k)\n"
              "        ((unsigned char *)*{0})[o2c_k] = ((const unsigned char "
              "*){1})[o2c_k];\n",
              L.Slot, L.Var);
        else if (!L.Conditional)
          Last += fmt::format("      *{} = {};\n", L.Slot, L.Value);
      if (!Last.empty())
        Out += "    if (o2c_iv == o2c_trip - 1) {\n" + Last + "    }\n";
    }
    if (K.OnePassVariant)
      Out += OnePassBreak;
    Out += "  }\n";
    if (!K.TeamChunk.empty())
      Out += "  }\n";
  }
  // lastprivate(conditional:): every thread takes part (it synchronises).
  for (const LastPrivateModel &L : K.LastPrivates)
    if (L.Conditional)
      Out += fmt::format("  o2c_dev::lastConditional(o2c_w_{0}, {0}, o2c_cs_{0}, {1});\n",
                         L.Var, L.Slot);
  if (!K.Reductions.empty()) {
    std::string Types;
    for (const ReductionModel &Red : K.Reductions)
      Types += (Types.empty() ? "" : ", ") + Red.Type;
    Out += fmt::format("  __shared__ unsigned long long "
                       "o2c_scratch[o2c_dev::ScratchWords<{}>::value];\n",
                       Types);
    for (const ReductionModel &Red : K.Reductions)
      Out += fmt::format("  o2c_dev::reduceToGlobal<{}>({}, {}, o2c_scratch);\n",
                         Red.Op, Red.Var, Red.Slot);
  }
}

void emitGridStrideLaunch(const KernelModel &K, std::string &Out) {
  std::string Kernel = launchKernel(K), Args = launchArgs(K);
  if (K.TripOnDevice)
    // The bounds call the device's OpenMP API: the kernel counts the trip
    // and the grid is as large as the device keeps resident.
    Out += fmt::format("  const {0} o2c_trip = ~({0})0; // counted by the kernel\n",
                       K.TripType);
  else
    Out += fmt::format("  const {} o2c_trip = {};\n", K.TripType, K.TripExpr);
  Out += "  if (o2c_trip > 0) {\n";
  if (K.BoundedThreads)
    Out += fmt::format("    // The kernel's __launch_bounds__: the clause, if "
                       "constant.\n    constexpr int o2c_max_threads = "
                       "O2C_MAX_THREADS({});\n",
                       K.ThreadLimit);
  // Without num_teams, a kernel with a one-pass instantiation gets a thread
  // for every iteration; the grid-stride instantiation's occupancy sizes
  // the grid otherwise.
  std::string Teams = launchArg(K.NumTeams);
  if (K.FullGrid) {
    Out += "    // --full-grid: the region cannot tell how many teams run it, so\n"
           "    // num_teams does not cap the grid (evaluated, not used).\n";
    Teams = "o2c::uncappedTeams(" + Teams + ")";
  }
  Out += fmt::format("    o2c::LaunchShape o2c_shape = o2c::gridStrideShape({}, "
                     "o2c_region, o2c_trip, {}, {}, {}{});\n",
                     K.OnePassVariant || K.CounterVariant ? variant(K, false)
                                                          : Kernel,
                     Teams,
                     launchArg(K.ThreadLimit),
                     K.SingleTeam ? "true" : "false",
                     K.OnePassVariant ? ", true" : "");
  if (K.CounterVariant && !K.OnePassVariant) {
    // A chunked loop: its counter steps by the grid's threads times the
    // chunk.
    Out += "    // A 32-bit counter when the count allows.\n";
    Out += fmt::format(
        "    auto *o2c_kernel = o2c::countsIn32Bits(o2c_shape, o2c_trip, {})\n"
        "        ? {} : {};\n",
        K.Chunk, variant(K, false, "unsigned int"), variant(K, false));
    Kernel = "o2c_kernel";
  } else if (K.CounterVariant) {
    Out += "    // A thread for every iteration: the instantiation without a "
           "stride loop;\n    // a 32-bit counter when the count allows.\n";
    Out += "    const bool o2c_one = o2c::coversTrip(o2c_shape, o2c_trip);\n";
    Out += fmt::format(
        "    auto *o2c_kernel = o2c::countsIn32Bits(o2c_shape, o2c_trip)\n"
        "        ? (o2c_one ? {} : {})\n        : (o2c_one ? {} : {});\n",
        variant(K, true, "unsigned int"), variant(K, false, "unsigned int"),
        variant(K, true), variant(K, false));
    Kernel = "o2c_kernel";
  } else if (K.OnePassVariant) {
    Out += "    // A thread for every iteration: the instantiation without a "
           "stride loop.\n";
    Out += fmt::format("    auto *o2c_kernel = o2c::coversTrip(o2c_shape, o2c_trip)"
                       " ? {} : {};\n",
                       variant(K, true), variant(K, false));
    Kernel = "o2c_kernel";
  }
  Out += fmt::format("    O2C_LAUNCH(o2c_shape, 0, o2c_region.stream(), {})({});\n",
                     Kernel, Args);
  Out += "    o2c_region.launched();\n  }\n";
}

} // namespace omp2cuda
