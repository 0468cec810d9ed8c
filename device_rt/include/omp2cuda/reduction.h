// Reductions in grid-stride kernels (ARCHITECTURE.md §4): every thread keeps
// a private partial, a block combines its partials with warp shuffles and one
// shared-memory step, and one thread per block folds the block's value into
// the mapped result with a single atomic.
#ifndef OMP2CUDA_REDUCTION_H
#define OMP2CUDA_REDUCTION_H

#include <cfloat>
#include <climits>
#include <cstring>
#include <type_traits>

namespace o2c_dev {

// Identity values of min and max are the extremes of the type (OpenMP 5.2
// Table 5.2). Overloads rather than std::numeric_limits because host
// constexpr functions are not callable from device code without
// --expt-relaxed-constexpr. Also host functions: the device's copy of an
// orphaned loop's reduction, in a function compiled for both sides, names
// them.
__host__ __device__ inline bool highest(bool) { return true; }
__host__ __device__ inline char highest(char) { return CHAR_MAX; }
__host__ __device__ inline signed char highest(signed char) { return SCHAR_MAX; }
__host__ __device__ inline unsigned char highest(unsigned char) { return UCHAR_MAX; }
__host__ __device__ inline short highest(short) { return SHRT_MAX; }
__host__ __device__ inline unsigned short highest(unsigned short) { return USHRT_MAX; }
__host__ __device__ inline int highest(int) { return INT_MAX; }
__host__ __device__ inline unsigned highest(unsigned) { return UINT_MAX; }
__host__ __device__ inline long highest(long) { return LONG_MAX; }
__host__ __device__ inline unsigned long highest(unsigned long) { return ULONG_MAX; }
__host__ __device__ inline long long highest(long long) { return LLONG_MAX; }
__host__ __device__ inline unsigned long long highest(unsigned long long) { return ULLONG_MAX; }
__host__ __device__ inline float highest(float) { return FLT_MAX; }
__host__ __device__ inline double highest(double) { return DBL_MAX; }
__host__ __device__ inline bool lowest(bool) { return false; }
__host__ __device__ inline char lowest(char) { return CHAR_MIN; }
__host__ __device__ inline signed char lowest(signed char) { return SCHAR_MIN; }
__host__ __device__ inline unsigned char lowest(unsigned char) { return 0; }
__host__ __device__ inline short lowest(short) { return SHRT_MIN; }
__host__ __device__ inline unsigned short lowest(unsigned short) { return 0; }
__host__ __device__ inline int lowest(int) { return INT_MIN; }
__host__ __device__ inline unsigned lowest(unsigned) { return 0; }
__host__ __device__ inline long lowest(long) { return LONG_MIN; }
__host__ __device__ inline unsigned long lowest(unsigned long) { return 0; }
__host__ __device__ inline long long lowest(long long) { return LLONG_MIN; }
__host__ __device__ inline unsigned long long lowest(unsigned long long) { return 0; }
__host__ __device__ inline float lowest(float) { return -FLT_MAX; }
__host__ __device__ inline double lowest(double) { return -DBL_MAX; }

struct RedPlus {
  template <class T> __host__ __device__ static T identity() { return T(0); }
  template <class T> __host__ __device__ T operator()(T A, T B) const { return A + B; }
};
struct RedTimes {
  template <class T> __host__ __device__ static T identity() { return T(1); }
  template <class T> __host__ __device__ T operator()(T A, T B) const { return A * B; }
};
struct RedMin {
  template <class T> __host__ __device__ static T identity() { return highest(T()); }
  template <class T> __host__ __device__ T operator()(T A, T B) const { return B < A ? B : A; }
};
struct RedMax {
  template <class T> __host__ __device__ static T identity() { return lowest(T()); }
  template <class T> __host__ __device__ T operator()(T A, T B) const { return A < B ? B : A; }
};
struct RedBitAnd {
  template <class T> __host__ __device__ static T identity() { return static_cast<T>(~T(0)); }
  template <class T> __host__ __device__ T operator()(T A, T B) const { return A & B; }
};
struct RedBitOr {
  template <class T> __host__ __device__ static T identity() { return T(0); }
  template <class T> __host__ __device__ T operator()(T A, T B) const { return A | B; }
};
struct RedBitXor {
  template <class T> __host__ __device__ static T identity() { return T(0); }
  template <class T> __host__ __device__ T operator()(T A, T B) const { return A ^ B; }
};
struct RedLogAnd {
  template <class T> __host__ __device__ static T identity() { return T(1); }
  template <class T> __host__ __device__ T operator()(T A, T B) const { return A && B; }
};
struct RedLogOr {
  template <class T> __host__ __device__ static T identity() { return T(0); }
  template <class T> __host__ __device__ T operator()(T A, T B) const { return A || B; }
};

namespace detail {
// One CAS loop serves every operator on 4- and 8-byte types, and returns the
// value it replaced (atomic capture); 1- and 2-byte
// types (char, short, bool) use the aligned 4-byte word that holds them,
// changing only their own bytes. Device allocations are at least 64-byte
// aligned, so that word lies inside the allocation.
template <class Op, class T> __device__ T casCombine(T *Slot, T V) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 ||
                    sizeof(T) == 8,
                "reductions support 1-, 2-, 4- and 8-byte types");
  if constexpr (sizeof(T) < 4) {
    auto Addr = reinterpret_cast<unsigned long long>(Slot);
    auto *Word = reinterpret_cast<unsigned int *>(Addr & ~3ull);
    const unsigned Shift = static_cast<unsigned>(Addr & 3ull) * 8u;
    const unsigned Mask = (sizeof(T) == 1 ? 0xffu : 0xffffu) << Shift;
    unsigned int Old = *Word, Assumed;
    T Cur;
    do {
      Assumed = Old;
      T Next;
      unsigned int Part = (Assumed & Mask) >> Shift;
      memcpy(&Cur, &Part, sizeof(T));
      Next = Op()(Cur, V);
      if (Next == Cur)
        return Cur;
      unsigned int Bits = 0;
      memcpy(&Bits, &Next, sizeof(T));
      Old = atomicCAS(Word, Assumed, (Assumed & ~Mask) | (Bits << Shift));
    } while (Old != Assumed);
    return Cur;
  } else if constexpr (sizeof(T) == 8) {
    auto *Word = reinterpret_cast<unsigned long long *>(Slot);
    unsigned long long Old = *Word, Assumed;
    T Cur;
    do {
      Assumed = Old;
      T Next;
      memcpy(&Cur, &Assumed, 8);
      Next = Op()(Cur, V);
      // min/max: nothing to do once the slot is already as good.
      if (Next == Cur)
        return Cur;
      unsigned long long Bits;
      memcpy(&Bits, &Next, 8);
      Old = atomicCAS(Word, Assumed, Bits);
    } while (Old != Assumed);
    return Cur;
  } else {
    auto *Word = reinterpret_cast<unsigned int *>(Slot);
    unsigned int Old = *Word, Assumed;
    T Cur;
    do {
      Assumed = Old;
      T Next;
      memcpy(&Cur, &Assumed, 4);
      Next = Op()(Cur, V);
      if (Next == Cur)
        return Cur;
      unsigned int Bits;
      memcpy(&Bits, &Next, 4);
      Old = atomicCAS(Word, Assumed, Bits);
    } while (Old != Assumed);
    return Cur;
  }
}

template <class T> struct HasAtomicAdd {
  static constexpr bool value = false;
};
template <> struct HasAtomicAdd<int> { static constexpr bool value = true; };
template <> struct HasAtomicAdd<unsigned> { static constexpr bool value = true; };
template <> struct HasAtomicAdd<unsigned long long> { static constexpr bool value = true; };
template <> struct HasAtomicAdd<float> { static constexpr bool value = true; };
template <> struct HasAtomicAdd<double> { static constexpr bool value = true; };
template <class T> struct HasAtomicMinMax {
  static constexpr bool value = false;
};
template <> struct HasAtomicMinMax<int> { static constexpr bool value = true; };
template <> struct HasAtomicMinMax<unsigned> { static constexpr bool value = true; };
template <> struct HasAtomicMinMax<long long> { static constexpr bool value = true; };
template <> struct HasAtomicMinMax<unsigned long long> { static constexpr bool value = true; };
} // namespace detail

/// CUDA shuffles words: a char or short goes as an int and comes back.
template <class T> __device__ T shuffleDown(T V, int Off) {
  if constexpr (sizeof(T) < 4)
    return static_cast<T>(__shfl_down_sync(0xffffffffu, static_cast<int>(V), Off));
  else
    return __shfl_down_sync(0xffffffffu, V, Off);
}

/// Whether Slot is in the calling thread's local memory (a kernel's local
/// variable, a thread's private or reduction copy). PTX leaves atomics on
/// local memory undefined, and no other thread can reach it, so the atomic
/// forms below update it in place. nvcc folds the test where it knows the
/// pointer's space (a kernel parameter, `&local`); under the emulation every
/// address is the host's, where atomics are defined.
template <class T> __device__ bool inLocalMemory(const T *Slot) {
#if defined(__CUDA_ARCH__)
  return __isLocal(Slot) != 0;
#else
  (void)Slot;
  return false;
#endif
}

/// Slot, with what the compiler knows of its address space forgotten: on
/// a path where Slot is not local, nvcc must still not see an atomic on an
/// address it proved local (it warns and compiles a trap, before it drops
/// that path).
template <class T> __device__ T *spaceUnknown(T *Slot) {
#if defined(__CUDA_ARCH__)
  asm("" : "+l"(Slot));
#endif
  return Slot;
}

/// Folds V into *Slot atomically with Op: a native atomic where CUDA has one,
/// a CAS loop otherwise.
template <class Op, class T> __device__ void atomicCombine(T *Slot, T V) {
  if (inLocalMemory(Slot)) {
    *Slot = Op()(*Slot, V);
    return;
  }
  Slot = spaceUnknown(Slot);
  if constexpr (std::is_same<Op, RedPlus>::value &&
                detail::HasAtomicAdd<T>::value)
    atomicAdd(Slot, V);
  else if constexpr (std::is_same<Op, RedMin>::value &&
                     detail::HasAtomicMinMax<T>::value)
    atomicMin(Slot, V);
  else if constexpr (std::is_same<Op, RedMax>::value &&
                     detail::HasAtomicMinMax<T>::value)
    atomicMax(Slot, V);
  else
    detail::casCombine<Op>(Slot, V);
}

/// `atomic capture`: folds V into *Slot atomically with Op and returns the
/// value it had before.
template <class Op, class T> __device__ T atomicFetchCombine(T *Slot, T V) {
  if (inLocalMemory(Slot)) {
    T Old = *Slot;
    *Slot = Op()(Old, V);
    return Old;
  }
  Slot = spaceUnknown(Slot);
  if constexpr (std::is_same<Op, RedPlus>::value &&
                detail::HasAtomicAdd<T>::value)
    return atomicAdd(Slot, V);
  else
    return detail::casCombine<Op>(Slot, V);
}

/// `atomic capture` of the value after: the value before, combined with V
/// as the update did.
template <class Op, class T> __device__ T atomicCombineFetch(T *Slot, T V) {
  return Op()(atomicFetchCombine<Op>(Slot, V), V);
}

/// `#pragma omp atomic compare` with `x == E ? D : x` on an integer of 4 or
/// 8 bytes: x becomes D if it equals E, atomically (one atomicCAS). Returns
/// the value x had.
template <class T> __device__ T atomicCompareAssign(T *X, T E, T D) {
  static_assert(std::is_integral<T>::value && (sizeof(T) == 4 || sizeof(T) == 8),
                "atomic compare of 4- and 8-byte integers");
  if (inLocalMemory(X)) {
    T Old = *X;
    if (Old == E)
      *X = D;
    return Old;
  }
  X = spaceUnknown(X);
  using Word = typename std::conditional<sizeof(T) == 8, unsigned long long,
                                         unsigned int>::type;
  Word Old = atomicCAS(reinterpret_cast<Word *>(X), static_cast<Word>(E),
                       static_cast<Word>(D));
  return static_cast<T>(Old);
}

/// `#pragma omp atomic` (update forms) in a function compiled for both sides
/// (one a region calls): the device's atomic on the device and under the
/// emulation (whose atomics are the host's), a compare-and-swap loop of the
/// host compiler's atomics in nvcc's host pass, which is what the host's
/// OpenMP does for an atomic update.
template <class Op, class T> __host__ __device__ void atomicUpdate(T *Slot, T V) {
#if defined(__CUDA_ARCH__) || !defined(__CUDACC__)
  atomicCombine<Op>(Slot, V);
#else
  T Old, Next;
  __atomic_load(Slot, &Old, __ATOMIC_RELAXED);
  do
    Next = Op()(Old, V);
  while (!__atomic_compare_exchange(Slot, &Old, &Next, false, __ATOMIC_SEQ_CST,
                                    __ATOMIC_RELAXED));
#endif
}

/// The fence of an atomic construct whose memory order is stronger than
/// relaxed; also in functions compiled for both sides.
__host__ __device__ inline void atomicFence() {
#if defined(__CUDA_ARCH__) || !defined(__CUDACC__)
  __threadfence();
#else
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

/// `atomic read` and `atomic write` of a scalar; Order is the construct's
/// memory order (0 relaxed, 1 acquire, 2 release, 3 seq_cst). On the GPU a
/// volatile access, which the compiler neither keeps in a register nor
/// drops, so that a spin-wait on an atomic read sees another thread's
/// write; under the emulation a host atomic, after which the thread lets the
/// block's others run (they share one worker, so a spin-wait would starve
/// the writer).
template <int Order, class T> __device__ T atomicRead(const T &X) {
  if (Order == 3)
    atomicFence();
#if defined(__CUDACC__)
  T V = *static_cast<const volatile T *>(&X);
#else
  T V;
  __atomic_load(&X, &V, __ATOMIC_SEQ_CST);
  o2c::emu::yieldThread();
#endif
  if (Order == 1 || Order == 3)
    atomicFence();
  return V;
}
template <int Order, class T, class U> __device__ void atomicWrite(T &X, const U &V) {
  T W = static_cast<T>(V);
  if (Order >= 2)
    atomicFence();
#if defined(__CUDACC__)
  *static_cast<volatile T *>(&X) = W;
#else
  __atomic_store(&X, &W, __ATOMIC_SEQ_CST);
#endif
  if (Order == 3)
    atomicFence();
}

/// Eight-byte words of shared scratch that block reductions of each of the
/// types T need: one value of the widest per warp (32 warps at most).
template <class... T> struct ScratchWords {
  static constexpr unsigned long long value = 0;
};
template <class T, class... R> struct ScratchWords<T, R...> {
  static constexpr unsigned long long Own = (32 * sizeof(T) + 7) / 8;
  static constexpr unsigned long long value =
      Own > ScratchWords<R...>::value ? Own : ScratchWords<R...>::value;
};

/// Block-wide reduction of every thread's Partial, folded into *Slot by one
/// thread. Every thread of the block must call it (it synchronises).
/// Scratch is a __shared__ buffer of at least ScratchWords<T>::value words;
/// it can be reused by the next reduction in the same kernel once this one
/// returns.
template <class Op, class T>
__device__ void reduceToGlobal(T Partial, T *Slot, unsigned long long *Scratch) {
  // Generated kernels launch one-dimensional blocks.
  const unsigned NThreads = blockDim.x;
  if (NThreads % 32 != 0) {
    // A partial warp cannot shuffle with a full mask; such blocks are rare
    // (thread_limit not a multiple of 32), so every thread folds directly.
    atomicCombine<Op>(Slot, Partial);
    return;
  }
  const unsigned Tid = threadIdx.x;
  const unsigned Lane = Tid & 31u, Warp = Tid >> 5;
  Op O;
  for (int Off = 16; Off > 0; Off >>= 1)
    Partial = O(Partial, shuffleDown(Partial, Off));
  T *S = reinterpret_cast<T *>(Scratch);
  if (Lane == 0)
    S[Warp] = Partial;
  __syncthreads();
  if (Warp == 0) {
    Partial = Lane < (NThreads >> 5) ? S[Lane] : Op::template identity<T>();
    for (int Off = 16; Off > 0; Off >>= 1)
      Partial = O(Partial, shuffleDown(Partial, Off));
    if (Lane == 0)
      atomicCombine<Op>(Slot, Partial);
  }
  __syncthreads();
}

/// Folds every thread's Partial into *Target with one atomic per warp,
/// where teamReduce (spmd.h) folds the warps' values through shared memory
/// first: for an Op whose result does not depend on the order (integer
/// types), the same result with no scratch and no barrier. Every thread
/// must call it (warp shuffles); a barrier after it makes *Target complete.
template <class Op, class T>
__device__ void warpsCombine(T *Target, T Partial) {
  if (blockDim.x % 32 != 0) {
    // A partial warp cannot shuffle with a full mask.
    atomicCombine<Op>(Target, Partial);
    return;
  }
  Op O;
  for (int Off = 16; Off > 0; Off >>= 1)
    Partial = O(Partial, shuffleDown(Partial, Off));
  if ((threadIdx.x & 31u) == 0)
    atomicCombine<Op>(Target, Partial);
}

/// lastprivate(conditional: x) in a grid-stride kernel: where the blocks
/// combine their threads' last assignments. The stub maps a value-initialised
/// one (Key and Done 0) for each item.
struct CondSlot {
  unsigned long long Key; // (last assigning iteration + 1) << 32 | value bits
  unsigned int Done;      // blocks that have folded their keys in
};

/// Every thread of every block calls it once, at the kernel's end. Iter1 is
/// the thread's last iteration that assigned x, plus one (0: none), and V
/// the value x had after it (a thread's iterations ascend, so that is the
/// value x holds at the end). The largest key is the sequentially last
/// assignment; the last block to finish writes its value to *X. Values of
/// up to 4 bytes, iteration numbers below 2^32 - 1.
template <class T>
__device__ void lastConditional(unsigned int Iter1, T V, CondSlot *S, T *X) {
  static_assert(sizeof(T) <= 4, "conditional lastprivate of up to 4 bytes");
  if (Iter1 != 0) {
    unsigned int Bits = 0;
    memcpy(&Bits, &V, sizeof(T));
    atomicMax(&S->Key, (static_cast<unsigned long long>(Iter1) << 32) | Bits);
  }
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0 && atomicAdd(&S->Done, 1u) == gridDim.x - 1) {
    __threadfence(); // every block's key is in
    unsigned long long K = atomicAdd(&S->Key, 0ull);
    if (K != 0) {
      unsigned int Bits = static_cast<unsigned int>(K);
      T Out;
      memcpy(&Out, &Bits, sizeof(T));
      *X = Out;
    }
  }
}

} // namespace o2c_dev

#endif // OMP2CUDA_REDUCTION_H
