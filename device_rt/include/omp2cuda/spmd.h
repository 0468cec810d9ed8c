// Helpers of SPMD kernels (issue 9 point 6): regions with nested parallel
// constructs where every thread runs the team-master code itself. The
// launch picks the number of teams; a reduction of a worksharing loop or
// parallel region gives every thread of the team the combined value, since
// each thread holds its own copy of the team's variable.
#ifndef OMP2CUDA_SPMD_H
#define OMP2CUDA_SPMD_H

#include "omp2cuda/launch.h"
#include "omp2cuda/reduction.h"

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

} // namespace o2c

namespace o2c_dev {

/// Combines every thread's Partial with Op and returns the result to every
/// thread of the block, folded in one order so that all get the same value.
/// Every thread must call it (it synchronises); Scratch (32 eight-byte words
/// of shared memory) is free again when it returns.
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
    for (unsigned W = 1; W < (N >> 5); ++W)
      R = O(R, S[W]);
  }
  __syncthreads();
  return R;
}

} // namespace o2c_dev

#endif // OMP2CUDA_SPMD_H
