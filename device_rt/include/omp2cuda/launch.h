// Kernel launch for generated host stubs. O2C_LAUNCH spells a launch the
// same way for both backends, because a C++ compiler cannot parse <<<...>>>:
//
//   O2C_LAUNCH(Shape, SharedBytes, Stream, kernel)(args...);
//
// The kernel comes last so that a template specialisation with commas in its
// argument list needs no extra parentheses.
#ifndef OMP2CUDA_LAUNCH_H
#define OMP2CUDA_LAUNCH_H

#include "omp2cuda/host_rt.h"

#include <cstring>

//
// Each launch first tells the runtime its shape (O2C_INFO=1 prints it with
// the region's line; a no-op otherwise). Shape, Smem and Stream are plain
// names or getters in generated code, so naming them twice is harmless.
#if defined(__CUDACC__)
#define O2C_LAUNCH(Shape, Smem, Stream, ...)                                   \
  ::o2c::noteLaunch((Shape), (Smem), (Stream), __VA_ARGS__),                   \
      __VA_ARGS__<<<(Shape).Grid, (Shape).Block, (Smem),                       \
                    static_cast<cudaStream_t>(Stream)>>>
#else
#define O2C_LAUNCH(Shape, Smem, Stream, ...)                                   \
  ::o2c::noteLaunch((Shape), (Smem), (Stream), __VA_ARGS__),                   \
      ::o2c::emu::launchOf(__VA_ARGS__, (Shape).Grid, (Shape).Block, (Smem))
#endif

/// The `__launch_bounds__` of a kernel whose thread_limit / num_threads
/// clause is E: E's value, at most 1024 (the stub launches no more threads
/// than the clause and the device allow), when E is a constant expression;
/// else 0, which puts no bound. E is not evaluated unless it is a constant:
/// the untaken operand of ?: is no part of the constant expression, and
/// __builtin_constant_p never evaluates its argument (GCC, Clang and nvcc
/// take the idiom in template arguments).
#define O2C_MAX_THREADS(E)                                                     \
  (__builtin_constant_p(E) && (E) > 0 ? ((E) < 1024 ? (int)(E) : 1024) : 0)

namespace o2c {

/// A firstprivate array passed to a kernel by value (C++ passes no array by
/// value, a struct holding one it does). A is the array type: Box<double[4]>.
template <class A> struct Box {
  A v;
};
/// The box of a host array, filled with its values.
template <class T, std::size_t N> Box<T[N]> box(const T (&A)[N]) {
  Box<T[N]> B;
  std::memcpy(&B.v, &A, sizeof(A));
  return B;
}

struct LaunchShape {
  dim3 Grid;
  dim3 Block;
};

/// Default threads per block when no thread_limit is given: 256 keeps eight
/// warps per block, enough for latency hiding and a cheap block reduction.
constexpr unsigned DefaultThreadsPerBlock = 256;

/// The most threads a grid gets: the kernels compute `blockIdx.x *
/// blockDim.x + threadIdx.x` and the grid's stride in 32 bits and give them
/// to the loop's variable, which may be an `int`.
constexpr unsigned long long MaxOnePassThreads = 1ULL << 31;

/// The shape of Blocks blocks of Threads threads that the kernels can
/// count: at most CUDA's 2^31 - 1 blocks, and fewer threads per block where
/// the grid would pass MaxOnePassThreads. The teams stay (OpenMP 5.1's
/// num_teams(n) asks for exactly n); thread_limit is only a bound.
inline LaunchShape cappedShape(unsigned long long Blocks,
                               unsigned long long Threads) {
  if (Blocks < 1)
    Blocks = 1;
  if (Blocks > 0x7fffffffULL)
    Blocks = 0x7fffffffULL;
  if (Threads > MaxOnePassThreads / Blocks)
    Threads = MaxOnePassThreads / Blocks;
  if (Threads < 1)
    Threads = 1;
  return {dim3(static_cast<unsigned>(Blocks)),
          dim3(static_cast<unsigned>(Threads))};
}

/// For O2C_INFO: records a launch's shape for the region's info line. The
/// static shared memory of a kernel is known to CUDA only; the emulation
/// reports the dynamic bytes alone (-1 for the static ones).
template <class Kernel>
inline void noteLaunch(const LaunchShape &S, std::size_t DynamicShared,
                       void *Stream, Kernel K) {
  if (!infoEnabled())
    return;
  long long Static = -1;
#if defined(__CUDACC__)
  cudaFuncAttributes A;
  if (cudaFuncGetAttributes(&A, K) == cudaSuccess)
    Static = static_cast<long long>(A.sharedSizeBytes);
  else
    (void)cudaGetLastError(); // an info query must not leave an error behind
#else
  (void)K;
#endif
  const unsigned G[3] = {S.Grid.x, S.Grid.y, S.Grid.z};
  const unsigned B[3] = {S.Block.x, S.Block.y, S.Block.z};
  recordLaunch(G, B, DynamicShared, Static, Stream);
}

/// Shape of a grid-stride kernel over Trip iterations. NumTeams and
/// ThreadLimit are the clause values (<= 0 when absent); SingleTeam is set
/// for `target parallel ...` and `target simd`.
///
/// Without num_teams, the number of teams is the implementation's choice
/// (OpenMP 5.1/5.2, teams construct: at least one; this runtime does not
/// read nteams-var, OMP_NUM_TEAMS). With num_teams(n) it is not: n is an
/// upper bound before 5.1, and since 5.1 num_teams(n) means num_teams(n:n),
/// exactly n teams. So only without the clause, and when the kernel has a
/// one-pass instantiation (OnePass), the grid gets a thread for every
/// iteration, up to MaxOnePassThreads, and the stub launches that
/// instantiation. Otherwise, and for larger trips, the grid is as large as
/// the loop needs but no larger than what the device keeps resident at
/// once: a grid-stride loop gains nothing from more blocks.
template <class Kernel>
inline LaunchShape gridStrideShape(Kernel K, const TargetRegion &R,
                                   unsigned long long Trip, long long NumTeams,
                                   long long ThreadLimit, bool SingleTeam,
                                   bool OnePass = false,
                                   unsigned SharedBytes = 0) {
  DeviceProps P = deviceProps(R.device());
  unsigned long long Threads = DefaultThreadsPerBlock;
  if (ThreadLimit > 0)
    Threads = static_cast<unsigned long long>(ThreadLimit);
  if (Threads > static_cast<unsigned long long>(P.MaxThreadsPerBlock))
    Threads = static_cast<unsigned long long>(P.MaxThreadsPerBlock);
  unsigned long long Blocks = 1;
  if (NumTeams > 0) {
    Blocks = static_cast<unsigned long long>(NumTeams);
  } else if (!SingleTeam) {
    Blocks = Trip / Threads + (Trip % Threads != 0); // no overflow at ~0
    if (OnePass && Blocks * Threads <= MaxOnePassThreads)
      return cappedShape(Blocks, Threads);
    int PerSM = 1;
#if defined(__CUDACC__)
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &PerSM, K, static_cast<int>(Threads), SharedBytes) != cudaSuccess ||
        PerSM < 1)
      PerSM = 1;
#else
    (void)K;
    // As many resident blocks as sm_90 keeps of small blocks (up to 32),
    // without more emulated threads than 4 blocks of 256.
    PerSM = Threads >= 256 ? 4 : static_cast<int>(1024 / Threads);
    if (PerSM > 32)
      PerSM = 32;
#endif
    unsigned long long Resident =
        static_cast<unsigned long long>(P.MultiProcessors) * PerSM;
    if (Blocks > Resident)
      Blocks = Resident;
    if (Blocks < 1)
      Blocks = 1;
  }
  return cappedShape(Blocks, Threads);
}

/// The num_teams argument of gridStrideShape for a region translated with
/// --full-grid that cannot tell how many teams run it: the clause was
/// evaluated (as OpenMP evaluates it), and the grid is not capped by it.
inline long long uncappedTeams(long long) { return 0; }

/// Whether Shape has a thread for each of Trip iterations: the stub of a
/// grid-stride kernel then launches its one-pass instantiation.
inline bool coversTrip(const LaunchShape &Shape, unsigned long long Trip) {
  return static_cast<unsigned long long>(Shape.Grid.x) * Shape.Block.x >= Trip;
}

/// Whether a kernel over Trip iterations on Shape may count them in 32 bits:
/// the normalised counter starts below the grid's thread count and steps by
/// it until it passes Trip, so the last value it takes is below Trip plus
/// the thread count (issue 11 point 2).
inline bool countsIn32Bits(const LaunchShape &Shape, unsigned long long Trip) {
  unsigned long long Threads =
      static_cast<unsigned long long>(Shape.Grid.x) * Shape.Block.x;
  return Trip <= 0xffffffffULL && Trip + Threads <= 0xffffffffULL;
}

/// The same for a loop of schedule(static, Chunk): each thread's counter
/// starts at a chunk's first iteration and steps by the thread count times
/// Chunk, so its last value is below Trip plus that step, and the chunk's
/// end (start plus Chunk) is too.
inline bool countsIn32Bits(const LaunchShape &Shape, unsigned long long Trip,
                           unsigned long long Chunk) {
  unsigned long long Threads =
      static_cast<unsigned long long>(Shape.Grid.x) * Shape.Block.x;
  if (Chunk == 0 || Chunk > 0xffffffffULL || Trip > 0xffffffffULL)
    return false;
  return Threads <= (0xffffffffULL - Trip) / Chunk;
}

/// Shape of a region whose body every thread runs (SPMD): Teams blocks of
/// Threads threads (<= 0: the default block size).
inline LaunchShape spmdShape(const TargetRegion &R, long long Teams,
                             long long Threads) {
  DeviceProps P = deviceProps(R.device());
  if (Teams < 1)
    Teams = 1;
  if (Threads <= 0)
    Threads = DefaultThreadsPerBlock;
  if (Threads > P.MaxThreadsPerBlock)
    Threads = P.MaxThreadsPerBlock;
  return cappedShape(static_cast<unsigned long long>(Teams),
                     static_cast<unsigned long long>(Threads));
}

/// A target task with `depend` runs where it is encountered (synchronously),
/// so waiting for the encountering task's children first satisfies all its
/// dependences on sibling tasks. Compiled in the user's translation unit,
/// where host OpenMP is enabled.
inline void waitForSiblingTasks() {
#if defined(_OPENMP)
#pragma omp taskwait
#endif
}

/// The value of a `device` clause for TargetRegion, whose -1 means "no
/// clause": OpenMP 5.2's omp_initial_device (-1) names the host.
inline int deviceClause(long long Dev) {
  return Dev == -1 ? numDevices() : static_cast<int>(Dev);
}

/// The smaller of two clause limits (thread_limit and num_threads together);
/// constexpr, so that two constant clauses give O2C_MAX_THREADS a constant.
constexpr long long minLimit(long long A, long long B) { return A < B ? A : B; }

} // namespace o2c

#endif // OMP2CUDA_LAUNCH_H
