// The steps of a kernel loop whose variable itself strides over the threads
// (`for (int i = lo + tid; i < hi; ...)`, as hand-written CUDA writes it).
// Written as `i += stride`, such a loop overflows the variable's type when
// hi lies within one stride of the type's maximum, and the wrapped value
// passes `i < hi`: iterations outside the range run (a crash, or memory
// written that the host build leaves alone). These helpers step in the
// variable's unsigned type, where the distance to hi is exact, and stop at
// hi instead of passing it. Host and device: an orphaned distribute's
// device copy is in a __host__ __device__ function. C++11: generated code
// is compiled at the program's language level.
#ifndef OMP2CUDA_LOOPS_H
#define OMP2CUDA_LOOPS_H

#include <type_traits>

namespace o2c_dev {

/// The unsigned type in which a distance of type U and an offset or stride
/// of type S compare: the wider, so a 64-bit stride is not truncated.
template <class U, class S>
using StrideCmp = typename std::common_type<
    U, typename std::make_unsigned<S>::type>::type;

/// The variable's value Offset iterations past Lower in a loop `i < End`,
/// or End when the loop has fewer iterations (Lower + Offset may not fit
/// T then). Lower when the loop runs no iteration at all.
template <class T, class E, class O>
__host__ __device__ __forceinline__ T strideStart(T Lower, O Offset, E End) {
  using U = typename std::make_unsigned<T>::type;
  using C = StrideCmp<U, O>;
  if (!(Lower < End))
    return Lower;
  const U Room = static_cast<U>(static_cast<U>(static_cast<T>(End)) -
                                static_cast<U>(Lower));
  return static_cast<C>(Offset) < static_cast<C>(Room)
             ? static_cast<T>(static_cast<U>(Lower) + static_cast<U>(Offset))
             : static_cast<T>(End);
}

/// The next value of I (< End) in a loop `i < End` that steps by Stride: I
/// + Stride, or End when that would reach or pass End.
template <class T, class E, class S>
__host__ __device__ __forceinline__ T strideNext(T I, E End, S Stride) {
  using U = typename std::make_unsigned<T>::type;
  using C = StrideCmp<U, S>;
  const U Room = static_cast<U>(static_cast<U>(static_cast<T>(End)) -
                                static_cast<U>(I));
  return static_cast<C>(Room) > static_cast<C>(Stride)
             ? static_cast<T>(static_cast<U>(I) + static_cast<U>(Stride))
             : static_cast<T>(End);
}

/// The iterations [Lo, End) of a thread's (or team's) block.
template <class T> struct Block {
  T Lo, End;
};

/// Who's block of the iterations [Lo, End) under a static schedule without
/// a chunk over Of threads (or teams): one contiguous block each, in their
/// order, the first (End - Lo) % Of one iteration longer (as gcc, libomp
/// and clang's device runtime divide them). T is the loop's unsigned
/// counter type; no value computed passes End, so bounds next to the
/// type's maximum do not wrap.
template <class T, class W, class O>
__host__ __device__ __forceinline__ Block<T> staticBlock(T Lo, T End, W Who,
                                                         O Of) {
  const T N = End - Lo, B = static_cast<T>(Of), I = static_cast<T>(Who);
  const T Q = N / B, R = N % B;
  const T Start = Lo + I * Q + (I < R ? I : R);
  return {Start, Start + Q + (I < R ? 1 : 0)};
}

} // namespace o2c_dev

#endif // OMP2CUDA_LOOPS_H
