// The OpenMP API as seen from code that runs on the device. The translator
// rewrites calls such as omp_get_thread_num() in kernels to
// o2c_dev::omp_get_thread_num() (or names them with a using-declaration
// where the call is spelled inside a macro), because a __device__ overload
// of the host omp.h declaration would clash with it.
//
// The routines are __host__ __device__: functions the device calls are
// compiled for both sides, and on the host the host OpenMP runtime answers.
//
// Kernel shapes: a grid-stride kernel runs one OpenMP team per CUDA block and
// one OpenMP thread per CUDA thread; a sequential target region runs as one
// block of one thread.
#ifndef OMP2CUDA_OMP_DEVICE_H
#define OMP2CUDA_OMP_DEVICE_H

#include <omp.h>

// Name's value on the device, and on the host.
#if defined(__CUDA_ARCH__)
#define O2C_DEV_API2(Name, DeviceValue, HostValue)                             \
  __host__ __device__ inline int Name() { return (DeviceValue); }
#elif defined(__CUDACC__)
#define O2C_DEV_API2(Name, DeviceValue, HostValue)                             \
  __host__ __device__ inline int Name() { return (HostValue); }
#else // the CPU emulation: one compilation for both sides
#define O2C_DEV_API2(Name, DeviceValue, HostValue)                             \
  inline int Name() {                                                          \
    if (!::o2c::emu::onDevice())                                               \
      return (HostValue);                                                      \
    const ::o2c::emu::Builtins o2c_b = ::o2c::emu::builtins();                 \
    const uint3 &threadIdx = o2c_b.threadIdx, &blockIdx = o2c_b.blockIdx;      \
    const dim3 &blockDim = o2c_b.blockDim, &gridDim = o2c_b.gridDim;           \
    (void)threadIdx, (void)blockIdx, (void)blockDim, (void)gridDim;            \
    return (DeviceValue);                                                      \
  }
#endif
#define O2C_DEV_API(Name, DeviceValue) O2C_DEV_API2(Name, DeviceValue, ::Name())

namespace o2c_dev {

O2C_DEV_API(omp_is_initial_device, 0)
O2C_DEV_API(omp_get_team_num, static_cast<int>(blockIdx.x))
O2C_DEV_API(omp_get_num_teams, static_cast<int>(gridDim.x))
O2C_DEV_API(omp_get_thread_num, static_cast<int>(threadIdx.x))
O2C_DEV_API(omp_get_num_threads, static_cast<int>(blockDim.x))
O2C_DEV_API(omp_get_thread_limit, static_cast<int>(blockDim.x))
O2C_DEV_API(omp_get_max_threads, static_cast<int>(blockDim.x))
O2C_DEV_API(omp_in_parallel, blockDim.x > 1)
O2C_DEV_API(omp_get_level, blockDim.x > 1 ? 1 : 0)
O2C_DEV_API(omp_get_active_level, blockDim.x > 1 ? 1 : 0)
O2C_DEV_API(omp_get_num_procs, static_cast<int>(gridDim.x * blockDim.x))
O2C_DEV_API(omp_in_final, 0)
O2C_DEV_API(omp_get_dynamic, 0)
// omp_get_nested is deprecated: its meaning, without the warning.
O2C_DEV_API2(omp_get_nested, 0, ::omp_get_max_active_levels() > 1)
O2C_DEV_API(omp_get_max_active_levels, 1)
// The device's nteams-var and teams-thread-limit-var keep their initial
// value, 0 (OpenMP 5.1: OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT without a
// suffix set the host's; this runtime reads no _DEV or _ALL variant, and
// kernels cannot call omp_set_num_teams).
O2C_DEV_API(omp_get_max_teams, 0)
O2C_DEV_API(omp_get_teams_thread_limit, 0)
// Kernels do not know which of several GPUs runs them; omp2cuda offloads to
// the default device unless a device clause says otherwise.
// On the host, the number the omp2cuda runtime gives the host.
O2C_DEV_API2(omp_get_device_num, 0, ::o2c::initialDevice())

/// The answers in team-master code of a region with nested constructs: its
/// encountering thread is thread 0 of a team of one, at level 0, whatever
/// the CUDA block is. The translator spells these there
/// (o2c_dev::master::omp_get_num_threads()).
namespace master {
__host__ __device__ constexpr int omp_get_thread_num() { return 0; }
__host__ __device__ constexpr int omp_get_num_threads() { return 1; }
__host__ __device__ constexpr int omp_in_parallel() { return 0; }
__host__ __device__ constexpr int omp_get_level() { return 0; }
__host__ __device__ constexpr int omp_get_active_level() { return 0; }
} // namespace master

/// A parallel region nested in parallel code runs on its encountering
/// thread alone (as with max-active-levels 1): thread 0 of a team of one,
/// at level Level; omp_in_parallel and omp_get_active_level answer as
/// outside it. The translator spells these in its body
/// (o2c_dev::serial<2>::omp_get_level()).
template <int Level> struct serial {
  __host__ __device__ static constexpr int omp_get_thread_num() { return 0; }
  __host__ __device__ static constexpr int omp_get_num_threads() { return 1; }
  __host__ __device__ static constexpr int omp_get_level() { return Level; }
};

/// A parallel region nested in team-master code whose team is smaller than
/// the block (num_threads, if, parallel master): the first N threads. The
/// translator spells its answers in the region's body
/// (o2c_team.omp_get_num_threads()).
/// (The member's name is one no user macro takes.)
struct Team {
  int o2c_threads;
  __host__ __device__ constexpr int omp_get_num_threads() const {
    return o2c_threads;
  }
  __host__ __device__ constexpr int omp_in_parallel() const {
    return o2c_threads > 1;
  }
  __host__ __device__ constexpr int omp_get_level() const { return 1; }
  __host__ __device__ constexpr int omp_get_active_level() const {
    return o2c_threads > 1 ? 1 : 0;
  }
};
/// The threads num_threads(Requested) gets in a block of Block threads.
__host__ __device__ constexpr unsigned teamSize(long long Requested,
                                                unsigned Block) {
  return Requested > 0 && static_cast<unsigned long long>(Requested) < Block
             ? static_cast<unsigned>(Requested)
             : Block;
}

#if defined(__CUDACC__) || defined(OMP2CUDA_EMU_CUDA_EMU_H)
/// The lock of `critical` sections whose names hash to Id (0..63): the
/// threads of all teams exclude each other. A thread that waits spins; on
/// sm_70 and later every thread of a warp makes progress on its own; under
/// the emulation a block's threads switch only at barriers, sleeps and
/// atomic reads (o2c_dev::atomicRead), so a waiting thread yields: the
/// holder may have switched away inside its critical section.
__device__ inline unsigned *criticalLocks() {
  static unsigned Locks[64];
  return Locks;
}
__device__ inline void criticalEnter(unsigned Id) {
  while (atomicCAS(&criticalLocks()[Id], 0u, 1u) != 0u) {
#if !defined(__CUDACC__)
    o2c::emu::yieldThread();
#endif
  }
  __threadfence();
}
__device__ inline void criticalExit(unsigned Id) {
  __threadfence();
  atomicExch(&criticalLocks()[Id], 0u);
}

/// `#pragma omp flush`: a device-wide fence. Under the emulation a block's
/// threads switch only where one waits, so the thread also yields: a
/// spin-wait that reads a plain variable between flushes lets the writer
/// run (on a GPU every thread makes progress on its own).
__device__ inline void ompFlush() {
  __threadfence();
#if !defined(__CUDACC__)
  o2c::emu::yieldThread();
#endif
}

/// The barrier of a parallel region whose team is the block's first Threads
/// threads (num_threads): named barrier 1 of the team's threads, a multiple
/// of 32 (the translator checks it), or the block's barrier when the team
/// is the whole block (which may be no multiple of 32).
__device__ inline void teamSync(int Threads) {
  if (Threads == static_cast<int>(blockDim.x)) {
    __syncthreads();
    return;
  }
#if defined(__CUDA_ARCH__)
  asm volatile("bar.sync 1, %0;" ::"r"(Threads) : "memory");
#elif defined(OMP2CUDA_EMU_CUDA_EMU_H)
  ::o2c::emu::syncNamed(1, static_cast<unsigned>(Threads));
#endif
}

/// The closing barrier of an orphaned worksharing loop in a function
/// compiled for both sides, whose team is the calling kernel's block (the
/// device's copy of the loop alone calls it; nvcc's host pass has nothing
/// to wait for).
__host__ __device__ inline void blockBarrier() {
#if defined(__CUDA_ARCH__) || !defined(__CUDACC__)
  __syncthreads();
#endif
}

/// One iteration of a worksharing loop with the ordered clause, whose
/// iterations the block's threads take in turn (thread t: the iterations of
/// rank t, t + blockDim.x, ...). Next, in shared memory, is the rank whose
/// ordered region may run; enter() waits for this iteration's rank, leave()
/// passes the turn on. An iteration that runs no ordered region passes its
/// turn when it ends, so that the next one never waits for it in vain. A
/// thread's own earlier iterations have lower ranks, so whoever holds the
/// turn is never waiting for a later one: no deadlock.
template <class T> class OrderedTurn {
public:
  __device__ OrderedTurn(volatile T &Next, T Rank) : Next(Next), Rank(Rank) {}
  OrderedTurn(const OrderedTurn &) = delete;
  OrderedTurn &operator=(const OrderedTurn &) = delete;
  __device__ void enter() {
    while (Next != Rank)
      __nanosleep(32); // the emulation runs the other threads meanwhile
    __threadfence_block(); // what the earlier ordered regions wrote
  }
  __device__ void leave() {
    __threadfence_block();
    Next = Rank + 1;
    Passed = true;
  }
  __device__ ~OrderedTurn() {
    if (!Passed) {
      enter();
      leave();
    }
  }

private:
  volatile T &Next;
  T Rank;
  bool Passed = false;
};

/// Handles omp_init_allocator made in device code: this tag, and the
/// log2 of the alignment in the low byte.
constexpr unsigned long long DeviceAllocatorTag = 0xf2c0a11000000000ULL;
__host__ __device__ inline size_t deviceAlignment(omp_allocator_handle_t A) {
  unsigned long long V = static_cast<unsigned long long>(A);
  return (V & ~0xffULL) == DeviceAllocatorTag ? size_t(1) << (V & 63) : 16;
}

/// The allocation routines in device code take the device heap, whatever
/// the allocator: the start of the heap block is kept just before the
/// address returned, so that omp_free finds it for any alignment.
__device__ inline void *deviceAlloc(size_t Align, size_t Size, bool Zero) {
  if (Align < 16)
    Align = 16;
  char *Raw = static_cast<char *>(malloc(Size + Align + sizeof(void *)));
  if (!Raw)
    return nullptr;
  size_t At = reinterpret_cast<size_t>(Raw) + sizeof(void *) + Align - 1;
  char *P = reinterpret_cast<char *>(At - At % Align);
  reinterpret_cast<void **>(P)[-1] = Raw;
  if (Zero)
    memset(P, 0, Size);
#if !defined(__CUDACC__)
  else
    ::o2c::emu::fillFresh(P, Size);
#endif
  return P;
}
#endif

// The allocation routines: the device's heap on the device, the host
// runtime's on the host.
#if defined(__CUDA_ARCH__)
#define O2C_DEV_ALLOC(Call, Host) return Call;
#elif defined(__CUDACC__)
#define O2C_DEV_ALLOC(Call, Host) return Host;
#else
#define O2C_DEV_ALLOC(Call, Host)                                              \
  if (::o2c::emu::onDevice())                                                  \
    return Call;                                                               \
  return Host;
#endif
__host__ __device__ inline void *
omp_alloc(size_t Size, omp_allocator_handle_t A = omp_null_allocator) {
  O2C_DEV_ALLOC(deviceAlloc(deviceAlignment(A), Size, false),
                ::omp_alloc(Size, A))
}
__host__ __device__ inline void *
omp_aligned_alloc(size_t Align, size_t Size,
                  omp_allocator_handle_t A = omp_null_allocator) {
  O2C_DEV_ALLOC(deviceAlloc(Align, Size, false),
                ::omp_aligned_alloc(Align, Size, A))
}
__host__ __device__ inline void *
omp_calloc(size_t N, size_t Size,
           omp_allocator_handle_t A = omp_null_allocator) {
  O2C_DEV_ALLOC(deviceAlloc(16, N * Size, true), ::omp_calloc(N, Size, A))
}
__host__ __device__ inline void *
omp_aligned_calloc(size_t Align, size_t N, size_t Size,
                   omp_allocator_handle_t A = omp_null_allocator) {
  O2C_DEV_ALLOC(deviceAlloc(Align, N * Size, true),
                ::omp_aligned_calloc(Align, N, Size, A))
}
// omp_init_allocator in device code (`requires dynamic_allocators`): the
// handle holds its alignment in its value, tagged so that it is never a
// host allocator's address (whose top bits are clear), and needs no memory:
// omp_alloc reads it without dereferencing a handle that may be the host's.
// Traits the device heap cannot honour (pool_size, allocator_fb) give
// omp_null_allocator, the specification's answer for an allocator that
// cannot be created.
__host__ __device__ inline omp_allocator_handle_t
omp_init_allocator(omp_memspace_handle_t M, int N, const omp_alloctrait_t *T) {
#if defined(__CUDA_ARCH__) || !defined(__CUDACC__)
#if !defined(__CUDA_ARCH__)
  if (::o2c::emu::onDevice())
#endif
  {
    unsigned Log = 4;
    for (int I = 0; I < N; ++I) {
      if (T[I].key == omp_atk_pool_size ||
          (T[I].key == omp_atk_fallback &&
           T[I].value == static_cast<omp_uintptr_t>(omp_atv_allocator_fb)))
        return omp_null_allocator;
      if (T[I].key != omp_atk_alignment)
        continue; // hints, or what the heap does anyway
      size_t A = static_cast<size_t>(T[I].value);
      if (A == 0 || (A & (A - 1)) != 0)
        return omp_null_allocator;
      unsigned L = 0;
      while ((size_t(1) << L) < A)
        ++L;
      Log = L > Log ? L : Log;
    }
    return static_cast<omp_allocator_handle_t>(DeviceAllocatorTag | Log);
  }
#endif
#if !defined(__CUDA_ARCH__)
  return ::omp_init_allocator(M, N, const_cast<omp_alloctrait_t *>(T));
#endif
}
__host__ __device__ inline void omp_destroy_allocator(omp_allocator_handle_t A) {
#if defined(__CUDA_ARCH__)
  (void)A;
#else
  if ((static_cast<unsigned long long>(A) & ~0xffULL) == DeviceAllocatorTag)
    return;
  ::omp_destroy_allocator(A);
#endif
}
#undef O2C_DEV_ALLOC
__host__ __device__ inline void
omp_free(void *P, omp_allocator_handle_t A = omp_null_allocator) {
#if defined(__CUDA_ARCH__)
  if (P)
    free(reinterpret_cast<void **>(P)[-1]);
#else
#if !defined(__CUDACC__)
  if (::o2c::emu::onDevice()) {
    if (P)
      free(reinterpret_cast<void **>(P)[-1]);
    return;
  }
#endif
  ::omp_free(P, A);
#endif
}

} // namespace o2c_dev

#undef O2C_DEV_API
#undef O2C_DEV_API2

#endif // OMP2CUDA_OMP_DEVICE_H
