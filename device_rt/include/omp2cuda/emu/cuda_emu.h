// CPU emulation of the CUDA features generated kernels use, so that a .cu
// file compiles with a plain C++ compiler and runs on the host
// (ARCHITECTURE.md §5, backend emu). Each block runs on a worker thread, each
// CUDA thread is a fiber, __syncthreads switches fibers, __shared__ is per
// block (static thread_local: a block runs to completion on one worker),
// atomics are real atomics, warp operations are emulated per 32 fibers.
//
// The emulation knows nothing about omp2cuda's generated code beyond these
// CUDA features.
#ifndef OMP2CUDA_EMU_CUDA_EMU_H
#define OMP2CUDA_EMU_CUDA_EMU_H

#include "omp2cuda/emu/fresh.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
// Before the qualifier macros: libstdc++'s shared_ptr_base.h spells
// __attribute__((__noinline__)), which the __noinline__ macro below would
// break if the header were first included after it.
#include <memory>
#include <type_traits>

struct uint3 {
  unsigned x, y, z;
};

struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned X = 1, unsigned Y = 1, unsigned Z = 1)
      : x(X), y(Y), z(Z) {}
  constexpr dim3(uint3 V) : x(V.x), y(V.y), z(V.z) {}
  constexpr operator uint3() const { return {x, y, z}; }
};

// Set by the scheduler before it resumes each emulated thread.
extern thread_local uint3 threadIdx;
extern thread_local uint3 blockIdx;
extern thread_local dim3 blockDim;
extern thread_local dim3 gridDim;
constexpr int warpSize = 32;

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __constant__
#define __managed__
#define __shared__ static thread_local
#define __launch_bounds__(...)

// ---- host-side runtime types ------------------------------------------------
enum cudaError_t { cudaSuccess = 0, cudaErrorUnknown = 999 };
typedef void *cudaStream_t;
inline const char *cudaGetErrorString(cudaError_t E) {
  return E == cudaSuccess ? "no error" : "unknown error";
}
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
inline cudaError_t cudaGetLastError() { return cudaSuccess; }

namespace o2c {
namespace emu {

/// Runs Body once per CUDA thread of the grid and returns when all are done.
void launch(dim3 Grid, dim3 Block, std::size_t DynamicSharedBytes,
            const std::function<void()> &Body);
/// This block's dynamic shared memory (16-byte aligned).
void *dynamicShared();
/// Number of worker threads (O2C_EMU_WORKERS, else the hardware's).
int workers();

// Barriers of the current block / warp (threads that returned don't count).
// A warp barrier waits for the lanes in Mask that have not returned, so
// shuffles among part of a warp work as on the device.
void syncBlock();
int syncBlockCount(int Pred);
void syncWarp(unsigned Mask);
/// PTX `bar.sync Id, Count`: waits until Count threads (a multiple of 32)
/// have arrived at named barrier Id (1 to 15); returned threads do not count.
void syncNamed(unsigned Id, unsigned Count);
/// The running thread lets the block's other runnable threads run first
/// (__nanosleep in a spin-wait: a waiting fiber must not keep the worker).
void yieldThread();
/// Every lane in Mask deposits V; returns the value lane Src deposited.
unsigned long long warpExchange(unsigned Mask, unsigned long long V, int Src);
unsigned laneId();
/// True while the calling thread runs a kernel: the emulation's answer to
/// __CUDA_ARCH__, for __host__ __device__ code that must tell the two apart.
bool onDevice();
/// The calling thread's threadIdx, blockIdx, blockDim and gridDim, read out
/// of line: host OpenMP compilers reject thread_local variables in code that
/// target regions (the host fallback) may call.
struct Builtins {
  uint3 threadIdx, blockIdx;
  dim3 blockDim, gridDim;
};
Builtins builtins();
/// Bit i set: lane i of this warp took part and passed a non-zero Pred.
unsigned warpBallot(unsigned Mask, int Pred);
/// Bit i set: lane i of this warp is still running.
unsigned activeLanes();

/// `::o2c::emu::launchOf(kernel, grid, block, shmem)(args...)` spells a kernel
/// launch without <<<...>>>.
template <class K> class Launch {
public:
  Launch(K Kernel, dim3 Grid, dim3 Block, std::size_t Shared)
      : Kernel(Kernel), Grid(Grid), Block(Block), Shared(Shared) {}
  template <class... A> void operator()(A... Args) const {
    K Kern = Kernel;
    launch(Grid, Block, Shared, [=] { Kern(Args...); });
  }

private:
  K Kernel;
  dim3 Grid, Block;
  std::size_t Shared;
};
/// The launch of Kernel (a function, not a deduction guide: generated code
/// may be built as C++11 or C++14).
template <class K>
Launch<K> launchOf(K Kernel, dim3 Grid, dim3 Block, std::size_t Shared) {
  return Launch<K>(Kernel, Grid, Block, Shared);
}

template <class T> unsigned long long toBits(T V) {
  static_assert(sizeof(T) <= 8 && std::is_trivially_copyable<T>::value,
                "warp shuffles take trivially copyable values of <= 8 bytes");
  unsigned long long B = 0;
  std::memcpy(&B, &V, sizeof(T));
  return B;
}
template <class T> T fromBits(unsigned long long B) {
  T V;
  std::memcpy(&V, &B, sizeof(T));
  return V;
}

} // namespace emu
} // namespace o2c

// ---- synchronisation
// ----------------------------------------------------------
inline void __syncthreads() { o2c::emu::syncBlock(); }
inline int __syncthreads_count(int P) { return o2c::emu::syncBlockCount(P); }
inline int __syncthreads_and(int P) {
  // Counting the failures keeps threads that already returned out of it.
  return o2c::emu::syncBlockCount(P == 0) == 0;
}
inline int __syncthreads_or(int P) {
  return o2c::emu::syncBlockCount(P != 0) > 0;
}
inline void __syncwarp(unsigned Mask = 0xffffffffu) {
  o2c::emu::syncWarp(Mask);
}
/// A thread that sleeps in a spin-wait lets the others run: under the
/// emulation a block's threads share one worker, so it must switch fibers.
inline void __nanosleep(unsigned) { o2c::emu::yieldThread(); }
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

// ---- warp operations
// ------------------------------------------------------------
template <class T> T __shfl_sync(unsigned Mask, T V, int Src, int Width = 32) {
  int Lane = static_cast<int>(o2c::emu::laneId());
  int Base = Lane - Lane % Width;
  int From = Base + ((Src % Width) + Width) % Width;
  return o2c::emu::fromBits<T>(
      o2c::emu::warpExchange(Mask, o2c::emu::toBits(V), From));
}
template <class T>
T __shfl_up_sync(unsigned Mask, T V, unsigned D, int Width = 32) {
  int Lane = static_cast<int>(o2c::emu::laneId());
  int Delta = static_cast<int>(D);
  int From = Lane % Width >= Delta ? Lane - Delta : Lane;
  return o2c::emu::fromBits<T>(
      o2c::emu::warpExchange(Mask, o2c::emu::toBits(V), From));
}
template <class T>
T __shfl_down_sync(unsigned Mask, T V, unsigned D, int Width = 32) {
  int Lane = static_cast<int>(o2c::emu::laneId());
  int Delta = static_cast<int>(D);
  int From = Lane % Width + Delta < Width ? Lane + Delta : Lane;
  return o2c::emu::fromBits<T>(
      o2c::emu::warpExchange(Mask, o2c::emu::toBits(V), From));
}
template <class T>
T __shfl_xor_sync(unsigned Mask, T V, int LaneMask, int Width = 32) {
  int Lane = static_cast<int>(o2c::emu::laneId());
  int From = Lane ^ LaneMask;
  // CUDA lets a segment read earlier segments but not later ones.
  if (From >= 32 || From / Width > Lane / Width)
    From = Lane;
  return o2c::emu::fromBits<T>(
      o2c::emu::warpExchange(Mask, o2c::emu::toBits(V), From));
}
inline unsigned __ballot_sync(unsigned Mask, int Pred) {
  return o2c::emu::warpBallot(Mask, Pred) & Mask;
}
inline int __any_sync(unsigned Mask, int P) {
  return __ballot_sync(Mask, P) != 0;
}
inline int __all_sync(unsigned Mask, int P) {
  // Lanes that voted false are the participants missing from the ballot.
  return __ballot_sync(Mask, !P) == 0;
}
inline unsigned __activemask() { return o2c::emu::activeLanes(); }
inline int __popc(unsigned V) { return __builtin_popcount(V); }
inline int __popcll(unsigned long long V) { return __builtin_popcountll(V); }
inline int __ffs(int V) { return __builtin_ffs(V); }
inline int __ffsll(long long V) { return __builtin_ffsll(V); }
inline int __clz(int V) {
  return V ? __builtin_clz(static_cast<unsigned>(V)) : 32;
}
inline int __clzll(long long V) {
  return V ? __builtin_clzll(static_cast<unsigned long long>(V)) : 64;
}

// ---- atomics (blocks run on different OS threads)
// ---------------------------------
#define O2C_EMU_RMW(Name, Builtin, T)                                          \
  inline T Name(T *A, T V) { return Builtin(A, V, __ATOMIC_SEQ_CST); }
O2C_EMU_RMW(atomicAdd, __atomic_fetch_add, int)
O2C_EMU_RMW(atomicAdd, __atomic_fetch_add, unsigned)
O2C_EMU_RMW(atomicAdd, __atomic_fetch_add, unsigned long long)
O2C_EMU_RMW(atomicSub, __atomic_fetch_sub, int)
O2C_EMU_RMW(atomicSub, __atomic_fetch_sub, unsigned)
O2C_EMU_RMW(atomicAnd, __atomic_fetch_and, int)
O2C_EMU_RMW(atomicAnd, __atomic_fetch_and, unsigned)
O2C_EMU_RMW(atomicAnd, __atomic_fetch_and, unsigned long long)
O2C_EMU_RMW(atomicOr, __atomic_fetch_or, int)
O2C_EMU_RMW(atomicOr, __atomic_fetch_or, unsigned)
O2C_EMU_RMW(atomicOr, __atomic_fetch_or, unsigned long long)
O2C_EMU_RMW(atomicXor, __atomic_fetch_xor, int)
O2C_EMU_RMW(atomicXor, __atomic_fetch_xor, unsigned)
O2C_EMU_RMW(atomicXor, __atomic_fetch_xor, unsigned long long)
O2C_EMU_RMW(atomicExch, __atomic_exchange_n, int)
O2C_EMU_RMW(atomicExch, __atomic_exchange_n, unsigned)
O2C_EMU_RMW(atomicExch, __atomic_exchange_n, unsigned long long)
#undef O2C_EMU_RMW

// Overloads rather than a template so that arguments convert as with CUDA's
// declarations (atomicCAS(p, 0u, 1) must not fail deduction).
#define O2C_EMU_CAS(T)                                                         \
  inline T atomicCAS(T *A, T Compare, T V) {                                   \
    __atomic_compare_exchange_n(A, &Compare, V, false, __ATOMIC_SEQ_CST,       \
                                __ATOMIC_SEQ_CST);                             \
    return Compare; /* the old value, whether or not it matched */             \
  }
O2C_EMU_CAS(int)
O2C_EMU_CAS(unsigned)
O2C_EMU_CAS(unsigned long long)
O2C_EMU_CAS(unsigned short)
#undef O2C_EMU_CAS

namespace o2c {
namespace emu {
template <class T, class F> T atomicUpdate(T *A, F Fn) {
  T Old = __atomic_load_n(A, __ATOMIC_SEQ_CST);
  while (!__atomic_compare_exchange_n(A, &Old, Fn(Old), false, __ATOMIC_SEQ_CST,
                                      __ATOMIC_SEQ_CST)) {
  }
  return Old;
}
template <class T, class F> T atomicUpdateFloat(T *A, F Fn) {
  using Bits =
      typename std::conditional<sizeof(T) == 8, unsigned long long, unsigned>::type;
  Bits *W = reinterpret_cast<Bits *>(A);
  Bits Old = __atomic_load_n(W, __ATOMIC_SEQ_CST);
  while (true) {
    T Cur;
    std::memcpy(&Cur, &Old, sizeof(T));
    T Next = Fn(Cur);
    Bits NB;
    std::memcpy(&NB, &Next, sizeof(T));
    if (__atomic_compare_exchange_n(W, &Old, NB, false, __ATOMIC_SEQ_CST,
                                    __ATOMIC_SEQ_CST))
      return Cur;
  }
}
} // namespace emu
} // namespace o2c

inline float atomicAdd(float *A, float V) {
  return o2c::emu::atomicUpdateFloat(A, [V](float C) { return C + V; });
}
inline double atomicAdd(double *A, double V) {
  return o2c::emu::atomicUpdateFloat(A, [V](double C) { return C + V; });
}
inline float atomicExch(float *A, float V) {
  return o2c::emu::atomicUpdateFloat(A, [V](float) { return V; });
}
#define O2C_EMU_MINMAX(T)                                                      \
  inline T atomicMin(T *A, T V) {                                              \
    return o2c::emu::atomicUpdate(A, [V](T C) { return V < C ? V : C; });      \
  }                                                                            \
  inline T atomicMax(T *A, T V) {                                              \
    return o2c::emu::atomicUpdate(A, [V](T C) { return V > C ? V : C; });      \
  }
O2C_EMU_MINMAX(int)
O2C_EMU_MINMAX(unsigned)
O2C_EMU_MINMAX(long long)
O2C_EMU_MINMAX(unsigned long long)
#undef O2C_EMU_MINMAX
inline unsigned atomicInc(unsigned *A, unsigned Limit) {
  return o2c::emu::atomicUpdate(
      A, [Limit](unsigned C) { return C >= Limit ? 0u : C + 1; });
}
inline unsigned atomicDec(unsigned *A, unsigned Limit) {
  return o2c::emu::atomicUpdate(
      A, [Limit](unsigned C) { return (C == 0 || C > Limit) ? Limit : C - 1; });
}

// ---- bit casts and math the host library lacks
// -----------------------------------
inline long long __double_as_longlong(double V) {
  return o2c::emu::fromBits<long long>(o2c::emu::toBits(V));
}
inline double __longlong_as_double(long long V) {
  return o2c::emu::fromBits<double>(o2c::emu::toBits(V));
}
inline int __float_as_int(float V) {
  return o2c::emu::fromBits<int>(o2c::emu::toBits(V));
}
inline float __int_as_float(int V) {
  return o2c::emu::fromBits<float>(o2c::emu::toBits(V));
}
inline unsigned __float_as_uint(float V) {
  return o2c::emu::fromBits<unsigned>(o2c::emu::toBits(V));
}
inline float __uint_as_float(unsigned V) {
  return o2c::emu::fromBits<float>(o2c::emu::toBits(V));
}
inline double rsqrt(double X) { return 1.0 / std::sqrt(X); }
inline float rsqrtf(float X) { return 1.0f / std::sqrt(X); }
inline float __fdividef(float A, float B) { return A / B; }
inline float fdividef(float A, float B) { return A / B; }
inline float __expf(float X) { return std::exp(X); }
inline float __logf(float X) { return std::log(X); }
inline float __sinf(float X) { return std::sin(X); }
inline float __cosf(float X) { return std::cos(X); }
inline float __powf(float A, float B) { return std::pow(A, B); }
#if !defined(__USE_GNU)
// glibc declares these itself under _GNU_SOURCE, which g++ always defines.
inline double exp10(double X) { return std::pow(10.0, X); }
inline float exp10f(float X) { return std::pow(10.0f, X); }
inline void sincos(double X, double *S, double *C) {
  *S = std::sin(X);
  *C = std::cos(X);
}
inline void sincosf(float X, float *S, float *C) {
  *S = std::sin(X);
  *C = std::cos(X);
}
#endif
inline float __saturatef(float X) {
  return X < 0.0f ? 0.0f : (X > 1.0f ? 1.0f : X);
}
inline float __fmul_rn(float A, float B) { return A * B; }
inline float __fadd_rn(float A, float B) { return A + B; }
inline double __dadd_rn(double A, double B) { return A + B; }
inline double __dmul_rn(double A, double B) { return A * B; }
inline double __fma_rn(double A, double B, double C) {
  return std::fma(A, B, C);
}

// CUDA declares min and max in the global namespace for the arithmetic types,
// with mixed signed/unsigned and float/double pairs resolving as it does.
#define O2C_EMU_MINMAX2(R, A, B)                                               \
  inline R min(A X, B Y) {                                                     \
    return static_cast<R>(X) < static_cast<R>(Y) ? static_cast<R>(X)           \
                                                 : static_cast<R>(Y);          \
  }                                                                            \
  inline R max(A X, B Y) {                                                     \
    return static_cast<R>(X) < static_cast<R>(Y) ? static_cast<R>(Y)           \
                                                 : static_cast<R>(X);          \
  }
O2C_EMU_MINMAX2(int, int, int)
O2C_EMU_MINMAX2(unsigned, unsigned, unsigned)
O2C_EMU_MINMAX2(unsigned, int, unsigned)
O2C_EMU_MINMAX2(unsigned, unsigned, int)
O2C_EMU_MINMAX2(long, long, long)
O2C_EMU_MINMAX2(unsigned long, unsigned long, unsigned long)
O2C_EMU_MINMAX2(long long, long long, long long)
O2C_EMU_MINMAX2(unsigned long long, unsigned long long, unsigned long long)
O2C_EMU_MINMAX2(unsigned long long, long long, unsigned long long)
O2C_EMU_MINMAX2(unsigned long long, unsigned long long, long long)
#undef O2C_EMU_MINMAX2
inline float min(float X, float Y) { return std::fmin(X, Y); }
inline float max(float X, float Y) { return std::fmax(X, Y); }
inline double min(double X, double Y) { return std::fmin(X, Y); }
inline double max(double X, double Y) { return std::fmax(X, Y); }
inline double min(float X, double Y) { return std::fmin(double(X), Y); }
inline double max(float X, double Y) { return std::fmax(double(X), Y); }
inline double min(double X, float Y) { return std::fmin(X, double(Y)); }
inline double max(double X, float Y) { return std::fmax(X, double(Y)); }

#endif // OMP2CUDA_EMU_CUDA_EMU_H
