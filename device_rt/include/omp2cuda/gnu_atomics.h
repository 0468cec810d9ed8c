// GNU's atomic builtins (__sync_*, and the __atomic_*_n forms) where a
// region or a function it calls uses them: nvcc's device code has none, so
// the translation calls these instead (o2c_dev::sync_fetch_and_add for
// __sync_fetch_and_add, ...). On the device and under the emulation they
// are compare-and-swap loops over the object's 4 or 8 bytes (a native
// atomicAdd where CUDA has one), with fences for an order stronger than
// relaxed (every __sync_* is a full barrier); in nvcc's host pass, the
// builtin itself, or, where GCC has none (the fetch operations on float
// and double, min and max), a compare-and-swap loop. The translation
// uses them for integers, float and double of 4 or 8 bytes only.
#ifndef OMP2CUDA_GNU_ATOMICS_H
#define OMP2CUDA_GNU_ATOMICS_H

#include <type_traits>

namespace o2c_dev {
namespace gnu {

#if defined(__CUDA_ARCH__) || !defined(__CUDACC__)
#define O2C_GNU_DEVICE 1
#endif

template <class T>
using Word = typename std::conditional<sizeof(T) == 8, unsigned long long,
                                       unsigned>::type;

template <class T> __host__ __device__ inline Word<T> bitsOf(T V) {
  Word<T> W;
  __builtin_memcpy(&W, &V, sizeof(T));
  return W;
}
template <class T> __host__ __device__ inline T valueOf(Word<T> W) {
  T V;
  __builtin_memcpy(&V, &W, sizeof(T));
  return V;
}

/// Whether V is a NaN: clang's min and max of float and double keep the
/// other operand (LLVM's minnum and maxnum), where a comparison would keep
/// a NaN the object holds.
template <class T>
__host__ __device__ inline bool isNaNOf(T V, std::true_type) {
  return V != V;
}
template <class T>
__host__ __device__ inline bool isNaNOf(T, std::false_type) {
  return false;
}
template <class T> __host__ __device__ inline bool isNaN(T V) {
  return isNaNOf(V, std::is_floating_point<T>());
}

/// A memory order stronger than relaxed: a fence on either side.
__host__ __device__ inline void fenceFor(int Order) {
#ifdef O2C_GNU_DEVICE
  if (Order != __ATOMIC_RELAXED)
    __threadfence();
#else
  (void)Order;
#endif
}

#ifdef O2C_GNU_DEVICE
/// *P = Next(*P) atomically; the value before.
template <class T, class F> __device__ T update(T *P, F Next) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8,
                "GNU atomic builtins of 4- and 8-byte objects");
  Word<T> *A = reinterpret_cast<Word<T> *>(P);
  Word<T> Old = atomicCAS(A, Word<T>(0), Word<T>(0)), Assumed;
  do {
    Assumed = Old;
    Old = atomicCAS(A, Assumed, bitsOf(Next(valueOf<T>(Assumed))));
  } while (Old != Assumed);
  return valueOf<T>(Old);
}
/// Whether CUDA has an atomicAdd for T.
template <class T>
using NativeAdd = std::integral_constant<
    bool, std::is_same<T, int>::value || std::is_same<T, unsigned>::value ||
              std::is_same<T, unsigned long long>::value ||
              std::is_same<T, float>::value || std::is_same<T, double>::value>;
template <class T> __device__ T add(T *P, T V, std::true_type) {
  return atomicAdd(P, V);
}
template <class T> __device__ T add(T *P, T V, std::false_type) {
  return update(P, [V](T C) { return static_cast<T>(C + V); });
}
/// Addition: CUDA's own atomicAdd where it has one for T (C++11: the
/// translated program may be built at any level).
template <class T> __device__ T add(T *P, T V) {
  return add(P, V, NativeAdd<T>());
}
#else
/// nvcc's host pass, whose compilers (EDG, GCC) have no float or double
/// form of the fetch operations, nor any form of min and max (clang's
/// builtins, which a region's host fallback and the host side of a
/// declare target function keep): a compare-and-swap loop over the
/// object's bytes (its own type for an integer), sequentially consistent.
template <class T>
using HostWord = typename std::conditional<std::is_integral<T>::value, T,
                                           Word<T>>::type;
template <class T, class F> inline T hostUpdate(T *P, F Next) {
  HostWord<T> *A = reinterpret_cast<HostWord<T> *>(P);
  HostWord<T> Old = __atomic_load_n(A, __ATOMIC_RELAXED), New;
  T Value;
  do {
    __builtin_memcpy(&Value, &Old, sizeof(T));
    T Result = Next(Value);
    __builtin_memcpy(&New, &Result, sizeof(T));
  } while (!__atomic_compare_exchange_n(A, &Old, New, false, __ATOMIC_SEQ_CST,
                                        __ATOMIC_RELAXED));
  __builtin_memcpy(&Value, &Old, sizeof(T));
  return Value;
}
/// Addition and subtraction: GCC's builtin for an integer, the loop for
/// float and double (tag dispatch: the program may be built as C++11).
template <class T> inline T hostAdd(T *P, T X, int Order, std::true_type) {
  return __atomic_fetch_add(P, X, Order);
}
template <class T> inline T hostAdd(T *P, T X, int, std::false_type) {
  return hostUpdate(P, [X](T C) { return static_cast<T>(C + X); });
}
template <class T> inline T hostSub(T *P, T X, int Order, std::true_type) {
  return __atomic_fetch_sub(P, X, Order);
}
template <class T> inline T hostSub(T *P, T X, int, std::false_type) {
  return hostUpdate(P, [X](T C) { return static_cast<T>(C - X); });
}
#endif

} // namespace gnu

// Fetch-and-op and op-and-fetch, for both families. The host pass of
// nvcc calls the builtin; Order is the __atomic_* order (__sync_*: seq_cst).
#ifdef O2C_GNU_DEVICE
#define O2C_GNU_RMW(SYNC, ATOMIC, OP, DEVICE, HOST)                            \
  template <class T, class V>                                                  \
  __host__ __device__ T atomic_fetch_##ATOMIC(T *P, V Val, int Order) {        \
    T X = static_cast<T>(Val);                                                 \
    gnu::fenceFor(Order);                                                      \
    T Old = DEVICE;                                                            \
    gnu::fenceFor(Order);                                                      \
    return Old;                                                                \
  }
#else
#define O2C_GNU_RMW(SYNC, ATOMIC, OP, DEVICE, HOST)                            \
  template <class T, class V>                                                  \
  __host__ __device__ T atomic_fetch_##ATOMIC(T *P, V Val, int Order) {        \
    T X = static_cast<T>(Val);                                                 \
    return HOST;                                                               \
  }
#endif
#define O2C_GNU_FAMILY(SYNC, ATOMIC, OP, DEVICE, HOST)                         \
  O2C_GNU_RMW(SYNC, ATOMIC, OP, DEVICE, HOST)                                  \
  template <class T, class V>                                                  \
  __host__ __device__ T atomic_##ATOMIC##_fetch(T *P, V Val, int Order) {      \
    T X = static_cast<T>(Val);                                                 \
    T Old = atomic_fetch_##ATOMIC(P, X, Order);                                \
    return static_cast<T>(OP);                                                 \
  }                                                                            \
  template <class T, class V>                                                  \
  __host__ __device__ T sync_fetch_and_##SYNC(T *P, V Val) {                   \
    return atomic_fetch_##ATOMIC(P, Val, __ATOMIC_SEQ_CST);                    \
  }                                                                            \
  template <class T, class V>                                                  \
  __host__ __device__ T sync_##SYNC##_and_fetch(T *P, V Val) {                 \
    return atomic_##ATOMIC##_fetch(P, Val, __ATOMIC_SEQ_CST);                  \
  }

O2C_GNU_FAMILY(add, add, Old + X, gnu::add(P, X),
               gnu::hostAdd(P, X, Order, std::is_integral<T>()))
O2C_GNU_FAMILY(sub, sub, Old - X, gnu::add(P, static_cast<T>(T(0) - X)),
               gnu::hostSub(P, X, Order, std::is_integral<T>()))
O2C_GNU_FAMILY(and, and, Old & X, gnu::update(P, [X](T C) { return static_cast<T>(C & X); }),
               __atomic_fetch_and(P, X, Order))
O2C_GNU_FAMILY(or, or, Old | X, gnu::update(P, [X](T C) { return static_cast<T>(C | X); }),
               __atomic_fetch_or(P, X, Order))
O2C_GNU_FAMILY(xor, xor, Old ^ X, gnu::update(P, [X](T C) { return static_cast<T>(C ^ X); }),
               __atomic_fetch_xor(P, X, Order))
O2C_GNU_FAMILY(nand, nand, ~(Old & X), gnu::update(P, [X](T C) { return static_cast<T>(~(C & X)); }),
               __atomic_fetch_nand(P, X, Order))
#undef O2C_GNU_FAMILY
#undef O2C_GNU_RMW

#ifdef O2C_GNU_DEVICE
#define O2C_GNU_MINMAX(NAME, PICK)                                             \
  template <class T, class V>                                                  \
  __host__ __device__ T atomic_fetch_##NAME(T *P, V Val, int Order) {          \
    T X = static_cast<T>(Val);                                                 \
    gnu::fenceFor(Order);                                                      \
    T Old = gnu::update(P, [X](T C) { return PICK; });                         \
    gnu::fenceFor(Order);                                                      \
    return Old;                                                                \
  }
#else
#define O2C_GNU_MINMAX(NAME, PICK)                                             \
  template <class T, class V>                                                  \
  __host__ __device__ T atomic_fetch_##NAME(T *P, V Val, int) {                \
    T X = static_cast<T>(Val);                                                 \
    return gnu::hostUpdate(P, [X](T C) { return PICK; });                      \
  }
#endif
O2C_GNU_MINMAX(min, X < C || gnu::isNaN(C) ? X : C)
O2C_GNU_MINMAX(max, X > C || gnu::isNaN(C) ? X : C)
#undef O2C_GNU_MINMAX
template <class T, class V>
__host__ __device__ T atomic_min_fetch(T *P, V Val, int Order) {
  T X = static_cast<T>(Val), Old = atomic_fetch_min(P, X, Order);
  return X < Old || gnu::isNaN(Old) ? X : Old;
}
template <class T, class V>
__host__ __device__ T atomic_max_fetch(T *P, V Val, int Order) {
  T X = static_cast<T>(Val), Old = atomic_fetch_max(P, X, Order);
  return X > Old || gnu::isNaN(Old) ? X : Old;
}

/// Under the emulation, lets the block's other threads run after an
/// atomic that a spin-wait may repeat (a lock taken by compare-and-swap or
/// test-and-set): they share one worker, and the holder would never come.
__host__ __device__ inline void letOthersRun() {
#if !defined(__CUDACC__)
  if (o2c::emu::onDevice())
    o2c::emu::yieldThread();
#endif
}

template <class T, class V>
__host__ __device__ T atomic_exchange_n(T *P, V Val, int Order) {
#ifdef O2C_GNU_DEVICE
  T X = static_cast<T>(Val);
  gnu::fenceFor(Order);
  T Old = gnu::update(P, [X](T) { return X; });
  gnu::fenceFor(Order);
  letOthersRun();
  return Old;
#else
  return __atomic_exchange_n(P, static_cast<T>(Val), Order);
#endif
}

/// *P = D if *P == E; the value before either way.
template <class T> __host__ __device__ T compareSwap(T *P, T E, T D, int Order) {
#ifdef O2C_GNU_DEVICE
  using W = gnu::Word<T>;
  gnu::fenceFor(Order);
  W Old = atomicCAS(reinterpret_cast<W *>(P), gnu::bitsOf(E), gnu::bitsOf(D));
  gnu::fenceFor(Order);
  if (Old != gnu::bitsOf(E))
    letOthersRun();
  return gnu::valueOf<T>(Old);
#else
  __atomic_compare_exchange_n(P, &E, D, false, Order, __ATOMIC_RELAXED);
  return E;
#endif
}
template <class T, class U>
__host__ __device__ bool atomic_compare_exchange_n(T *P, T *Expected, U Desired,
                                                   bool, int Order, int) {
  T E = *Expected, Old = compareSwap(P, E, static_cast<T>(Desired), Order);
  if (gnu::bitsOf(Old) == gnu::bitsOf(E))
    return true;
  *Expected = Old;
  return false;
}
template <class T, class V, class U>
__host__ __device__ T sync_val_compare_and_swap(T *P, V Old, U New) {
  return compareSwap(P, static_cast<T>(Old), static_cast<T>(New),
                     __ATOMIC_SEQ_CST);
}
template <class T, class V, class U>
__host__ __device__ bool sync_bool_compare_and_swap(T *P, V Old, U New) {
  T E = static_cast<T>(Old);
  return gnu::bitsOf(compareSwap(P, E, static_cast<T>(New), __ATOMIC_SEQ_CST)) ==
         gnu::bitsOf(E);
}
template <class T, class V>
__host__ __device__ T sync_lock_test_and_set(T *P, V Val) {
  return atomic_exchange_n(P, Val, __ATOMIC_ACQUIRE);
}

template <class T> __host__ __device__ T atomic_load_n(const T *P, int Order) {
#if defined(__CUDA_ARCH__)
  T V = *static_cast<const volatile T *>(P);
  gnu::fenceFor(Order);
  return V;
#else
  T V = __atomic_load_n(P, Order);
#if !defined(__CUDACC__)
  // The emulation's threads of a block share a worker: a spin-wait on
  // this load lets the others run, or the writer would never come.
  if (o2c::emu::onDevice())
    o2c::emu::yieldThread();
#endif
  return V;
#endif
}
template <class T, class V>
__host__ __device__ void atomic_store_n(T *P, V Val, int Order) {
#if defined(__CUDA_ARCH__)
  gnu::fenceFor(Order);
  *static_cast<volatile T *>(P) = static_cast<T>(Val);
  gnu::fenceFor(Order);
#else
  __atomic_store_n(P, static_cast<T>(Val), Order);
#endif
}
template <class T> __host__ __device__ void sync_lock_release(T *P) {
  atomic_store_n(P, 0, __ATOMIC_RELEASE);
}

__host__ __device__ inline void atomic_thread_fence(int Order) {
#if defined(__CUDA_ARCH__)
  gnu::fenceFor(Order);
#else
  __atomic_thread_fence(Order);
#endif
}
__host__ __device__ inline void atomic_signal_fence(int Order) {
#if defined(__CUDA_ARCH__)
  (void)Order;
#else
  __atomic_signal_fence(Order);
#endif
}
__host__ __device__ inline void sync_synchronize() {
  atomic_thread_fence(__ATOMIC_SEQ_CST);
}

#undef O2C_GNU_DEVICE
} // namespace o2c_dev

#endif
