// Helpers of SPMD kernels (issue 9 point 6): regions with nested parallel
// constructs where every thread runs the team-master code itself. The
// launch picks the number of teams; a reduction of a worksharing loop or
// parallel region gives every thread of the team the combined value, since
// each thread holds its own copy of the team's variable.
#ifndef OMP2CUDA_SPMD_H
#define OMP2CUDA_SPMD_H

#include "omp2cuda/launch.h"
#include "omp2cuda/reduction.h"

#include <cstdio>

namespace o2c {

/// Teams of an SPMD kernel: the num_teams value when positive; else, when
/// the region distributes a loop, one team per iteration (Trip, 0 when only
/// the device can count) up to what the device keeps resident; else one.
inline long long spmdTeams(const TargetRegion &R, long long NumTeams,
                           unsigned long long Trip, bool Distributes) {
  if (NumTeams > 0)
    return NumTeams;
  if (!Distributes)
    return 1;
  DeviceProps P = deviceProps(R.device());
  unsigned long long Resident =
      static_cast<unsigned long long>(P.MultiProcessors > 0 ? P.MultiProcessors
                                                            : 1) *
      8;
  return static_cast<long long>(Trip > 0 && Trip < Resident ? Trip : Resident);
}


/// Where a kernel's data-sharing slots go (issue 9 point 3, --data-sharing):
/// Auto: dynamic shared memory when the device offers enough, else global
/// memory; Shared: dynamic shared memory only; Global: global memory only.
enum class SlotsIn { Auto, Shared, Global };

/// The placement the stub chose: Dynamic bytes of dynamic shared memory for
/// the launch, or Global, a block of Bytes per team (null: none).
struct TeamSlots {
  std::size_t Dynamic;
  char *Global;
};

/// Places the Bytes of data-sharing slots each team of kernel K needs on
/// launch Shape. Dynamic shared memory beyond the 48 KiB every block may
/// have needs the kernel's opt-in; static and dynamic shared memory together
/// stay within the device's opt-in limit. Under SlotsIn::Shared a layout the
/// device cannot hold is an error, not a wrong answer.
template <class Kernel>
inline TeamSlots teamSlots(Kernel K, TargetRegion &R, const LaunchShape &Shape,
                           std::size_t Bytes, SlotsIn Where) {
  if (Where != SlotsIn::Global) {
    long long Limit = deviceProps(R.device()).SharedPerBlockOptin;
#if defined(__CUDACC__)
    cudaFuncAttributes A;
    if (cudaFuncGetAttributes(&A, K) == cudaSuccess)
      Limit -= static_cast<long long>(A.sharedSizeBytes);
    else
      Limit = 0; // unknown: global memory
    (void)cudaGetLastError();
    if (static_cast<long long>(Bytes) <= Limit &&
        cudaFuncSetAttribute(K, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             static_cast<int>(Bytes)) != cudaSuccess) {
      (void)cudaGetLastError();
      Limit = 0;
    }
#else
    (void)K;
    Limit -= 1024; // the emulation cannot see the static bytes: a margin
#endif
    if (static_cast<long long>(Bytes) <= Limit)
      return {Bytes, nullptr};
    if (Where == SlotsIn::Shared) {
      char M[200];
      std::snprintf(M, sizeof M,
                    "the region's data-sharing slots need %llu bytes of "
                    "shared memory per team, more than the device offers "
                    "(--data-sharing=shared; auto would use global memory)",
                    static_cast<unsigned long long>(Bytes));
      fatal(R.loc(), M);
    }
  }
  return {0, static_cast<char *>(R.teamMemory(Bytes * Shape.Grid.x))};
}

} // namespace o2c

namespace o2c_dev {

/// The team's block of data-sharing slots: its part of Global (Bytes per
/// team), or the block's dynamic shared memory when Global is null.
__device__ inline char *teamSlots(char *Global, unsigned long long Bytes) {
  if (Global)
    return Global + static_cast<unsigned long long>(blockIdx.x) * Bytes;
#if defined(__CUDACC__)
  // 16-byte aligned, as the slots' offsets assume (static shared memory
  // comes first in the block's window).
  extern __shared__ __align__(16) unsigned char o2c_dynamic_shared[];
  return reinterpret_cast<char *>(o2c_dynamic_shared);
#else
  return static_cast<char *>(o2c::emu::dynamicShared());
#endif
}

/// The slot of type T at byte Offset of the team's block Base.
template <class T>
__device__ inline T &slot(char *Base, unsigned long long Offset) {
  return *reinterpret_cast<T *>(Base + Offset);
}

/// Combines every thread's Partial with Op and returns the result to every
/// thread of the block, folded in one order so that all get the same value.
/// Every thread must call it (it synchronises); Scratch (shared memory for
/// 32 values of T, ScratchWords) is free again when it returns.
template <class Op, class T>
__device__ T teamReduce(T Partial, unsigned long long *Scratch) {
  const unsigned N = blockDim.x, Tid = threadIdx.x;
  T *S = reinterpret_cast<T *>(Scratch);
  Op O;
  T R;
  if (N % 32 != 0) {
    // A partial warp cannot shuffle with a full mask: fold atomically.
    if (Tid == 0)
      S[0] = Op::template identity<T>();
    __syncthreads();
    atomicCombine<Op>(S, Partial);
    __syncthreads();
    R = S[0];
  } else {
    for (int Off = 16; Off > 0; Off >>= 1)
      Partial = O(Partial, shuffleDown(Partial, Off));
    if ((Tid & 31u) == 0)
      S[Tid >> 5] = Partial;
    __syncthreads();
    R = S[0];
    // Unrolled, ptxas keeps several warps' loads in flight: 10 registers
    // more for the whole kernel (atomic_compare.c:80, 30 against 20),
    // for a loop of at most 31 shared-memory reads.
#if defined(__CUDA_ARCH__)
#pragma unroll 1
#endif
    for (unsigned W = 1; W < (N >> 5); ++W)
      R = O(R, S[W]);
  }
  __syncthreads();
  return R;
}

} // namespace o2c_dev

#endif // OMP2CUDA_SPMD_H
