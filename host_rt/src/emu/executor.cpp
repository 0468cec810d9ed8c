// The emulated device's executor. A grid's blocks are dealt to the launching
// thread and a pool of worker threads; each runs one block at a time to
// completion, its CUDA threads as
// Boost.Context fibers. A fiber runs until it finishes, waits at a barrier
// (__syncthreads, a named barrier of Count threads, or a warp barrier of
// __syncwarp, a shuffle or a vote), or
// sleeps (__nanosleep, which a spin-wait calls: it goes to the back of the
// queue of runnable fibers); a barrier opens when every fiber of the block
// (of the warp's mask) that has not returned has arrived, as on sm_70 and
// later.
//
// Control-loop kernels cross a barrier per state with up to 1024 threads, so
// every step here is O(1) per thread: runnable fibers wait in a FIFO queue,
// a barrier is checked when someone arrives or returns (never by scanning
// the block), and a blocking fiber switches straight to the next runnable
// one instead of going through a scheduler. The queue empties with threads
// still waiting only when no barrier can ever open: that is a deadlock.
// A block of one thread runs on the worker's own stack.
//
// Under ThreadSanitizer the fibers are not announced to TSan: it sees them as
// the worker thread they run on, which is exact for races (they run one at a
// time, in the order of the switches). TSan's per-thread shadow stack of
// function entries must then stay balanced, and Boost.Context's fiber_entry
// (instantiated and instrumented here) enters once per fiber and never
// returns: it ends with a context switch. Unbalanced, the worker's shadow
// stack grew by one entry per fiber (6658 after 10 kernels of 1024 threads on
// 2 workers) until TSan wrote past a trace part or past the shadow stack
// itself (the 64-thread async_stress fault, docs/async.md). ShadowStack
// restores its depth after each block.
#include "omp2cuda/emu/cuda_emu.h"

#include <boost/context/fiber.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

thread_local uint3 threadIdx = {0, 0, 0};
thread_local uint3 blockIdx = {0, 0, 0};
thread_local dim3 blockDim;
thread_local dim3 gridDim;

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define O2C_EMU_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) && !defined(O2C_EMU_TSAN)
#define O2C_EMU_TSAN 1
#endif
#ifdef O2C_EMU_TSAN
extern "C" unsigned long __tsan_testonly_shadow_stack_current_size();
extern "C" void __tsan_func_exit();
#endif

namespace o2c {
namespace emu {

namespace ctx = boost::context;

namespace {

/// Under TSan: the worker's shadow-stack depth when a block starts, restored
/// when it ends (the fibers' entries that never return are dropped). Both
/// not inlined, so that each measures with its own entry on the stack.
class ShadowStack {
public:
#ifdef O2C_EMU_TSAN
  __attribute__((noinline)) ShadowStack()
      : Depth(__tsan_testonly_shadow_stack_current_size()) {}
  __attribute__((noinline)) ~ShadowStack() {
    for (unsigned long D = __tsan_testonly_shadow_stack_current_size();
         D > Depth; --D)
      __tsan_func_exit();
  }

private:
  unsigned long Depth;
#endif
};

[[noreturn]] void die(const char *Msg) {
  std::fflush(stdout);
  std::fprintf(stderr, "omp2cuda emu: %s\n", Msg);
  std::fflush(stderr);
  std::_Exit(1);
}

std::size_t stackBytes() {
  if (const char *E = std::getenv("O2C_EMU_STACK_KB")) {
    long K = std::atol(E);
    if (K >= 16)
      return static_cast<std::size_t>(K) * 1024;
  }
  return 256 * 1024;
}

// ---- fiber stacks -------------------------------------------------------------

/// One worker's fiber stacks, kept for its lifetime: a block of 1024 threads
/// takes 1024 stacks and the next block reuses them, so pages touched once
/// stay mapped. Mapped without reserve: only the pages a fiber uses count.
class StackPool {
public:
  explicit StackPool(std::size_t Bytes) {
    std::size_t Page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    Size = (Bytes + Page - 1) / Page * Page;
  }
  StackPool(const StackPool &) = delete;
  StackPool &operator=(const StackPool &) = delete;
  ~StackPool() {
    for (void *C : Chunks)
      munmap(C, Size * PerChunk);
  }

  ctx::stack_context take() {
    if (Free.empty())
      grow();
    char *Base = Free.back();
    Free.pop_back();
    // Each top at another offset within its page (Boost aligns the fiber's
    // record to 256 bytes, hence the step): with every top at the same
    // offset, the hot frames of a thousand fibers would fight over the same
    // few cache sets, and each switch would miss.
    std::size_t Colour = (Next++ % 16) * 256;
    ctx::stack_context S;
    S.size = Size - Colour;
    S.sp = Base + Size - Colour;
    return S;
  }
  void give(const ctx::stack_context &S) {
    // The colour is under a page: the top rounds up to the page above it.
    auto Top = reinterpret_cast<std::uintptr_t>(S.sp);
    Top = (Top + 4095) & ~static_cast<std::uintptr_t>(4095);
    Free.push_back(reinterpret_cast<char *>(Top) - Size);
  }

private:
  static constexpr std::size_t PerChunk = 64;
  void grow() {
    void *P = mmap(nullptr, Size * PerChunk, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (P == MAP_FAILED)
      die("out of memory for fiber stacks (see O2C_EMU_STACK_KB)");
    Chunks.push_back(P);
    for (std::size_t I = PerChunk; I-- > 0;)
      Free.push_back(static_cast<char *>(P) + I * Size);
  }

  std::size_t Size = 0;
  unsigned Next = 0;
  std::vector<char *> Free;
  std::vector<void *> Chunks;
};

/// Boost's StackAllocator over a worker's pool.
struct PooledStack {
  StackPool *Pool;
  ctx::stack_context allocate() { return Pool->take(); }
  void deallocate(ctx::stack_context &S) noexcept { Pool->give(S); }
};

// ---- one block ----------------------------------------------------------------

enum class Wait : unsigned char { None, Block, Warp, Done };
// What a thread does at a warp barrier; results are computed when it opens.
enum class WarpOp : unsigned char { Sync, Exchange, Ballot };

struct Thread {
  ctx::fiber Fiber; // the emulated thread, while it does not run
  uint3 Idx = {0, 0, 0};
  Wait State = Wait::None;
  WarpOp Op = WarpOp::Sync;
  unsigned Src = 0;             // Exchange: the lane read from
  unsigned long long Slot = 0;  // the value deposited at the warp barrier
  unsigned long long Result = 0;
};

/// Per warp, bit i is lane i.
struct Warp {
  unsigned Live = 0;    // lanes that have not returned
  unsigned Arrived = 0; // lanes waiting at the warp barrier
  unsigned Need = 0;    // the union of their masks
};

/// One block's threads; lives on a worker thread for one block at a time.
struct Block {
  std::vector<Thread> Threads;
  std::vector<Warp> Warps;
  unsigned Ready[1024];          // FIFO ring of runnable threads
  unsigned Head = 0, NReady = 0;
  std::vector<unsigned> AtBlock; // waiting at __syncthreads, in order
  std::vector<unsigned> AtNamed[16]; // waiting at bar.sync Id, Count
  unsigned Count = 0;            // threads in the block
  unsigned Live = 0;             // threads that have not returned
  unsigned Current = 0;          // the running thread
  int BarrierSum = 0;            // for __syncthreads_count
  int LastSum = 0;
  ctx::fiber Sched;    // the worker's own context, while fibers run
  ctx::fiber Spent;    // receives the (empty) handle of a finished fiber
  ctx::fiber *Handoff = nullptr; // where the context that switched is kept
};

thread_local Block *CurrentBlock = nullptr;
thread_local std::vector<unsigned char> DynamicShared;

uint3 unflatten(unsigned long long I, dim3 D) {
  return {
      static_cast<unsigned>(I % D.x), static_cast<unsigned>((I / D.x) % D.y),
      static_cast<unsigned>(I / (static_cast<unsigned long long>(D.x) * D.y))};
}

void makeReady(Block &B, unsigned I) {
  B.Threads[I].State = Wait::None;
  B.Ready[(B.Head + B.NReady++) & 1023] = I;
}

/// Takes the next runnable thread and makes it the current one; returns its
/// fiber, to be resumed.
ctx::fiber &enterNext(Block &B) {
  unsigned I = B.Ready[B.Head];
  B.Head = (B.Head + 1) & 1023;
  --B.NReady;
  B.Current = I;
  threadIdx = B.Threads[I].Idx;
  return B.Threads[I].Fiber;
}

void openBlockBarrier(Block &B) {
  B.LastSum = B.BarrierSum;
  B.BarrierSum = 0;
  for (unsigned I : B.AtBlock)
    makeReady(B, I);
  B.AtBlock.clear();
}

/// Opens warp W's barrier if every lane it waits for has arrived, and
/// computes what each arrived lane's shuffle or vote returns: nobody
/// deposits again before every lane has its answer.
void checkWarpBarrier(Block &B, unsigned W) {
  Warp &Wp = B.Warps[W];
  unsigned Arrived = Wp.Arrived;
  if (Arrived == 0 || (Wp.Need & Wp.Live & ~Arrived) != 0)
    return;
  Wp.Arrived = 0;
  Wp.Need = 0;
  Thread *Lanes = &B.Threads[W * 32];
  unsigned Votes = 0;
  for (unsigned A = Arrived; A; A &= A - 1) {
    unsigned L = static_cast<unsigned>(__builtin_ctz(A));
    if (Lanes[L].Op == WarpOp::Ballot && Lanes[L].Slot)
      Votes |= 1u << L;
  }
  for (unsigned A = Arrived; A; A &= A - 1) {
    unsigned L = static_cast<unsigned>(__builtin_ctz(A));
    Thread &T = Lanes[L];
    if (T.Op == WarpOp::Exchange)
      T.Result = W * 32 + T.Src < B.Count ? Lanes[T.Src].Slot : T.Slot;
    else if (T.Op == WarpOp::Ballot)
      T.Result = Votes;
    makeReady(B, W * 32 + L);
  }
}

/// The running thread waits (its State says where): switches straight to
/// the next runnable thread, or back to the worker when there is none.
void switchAway() {
  Block &B = *CurrentBlock;
  unsigned Me = B.Current;
  ctx::fiber *Target = &B.Sched;
  if (B.NReady) {
    if (B.Ready[B.Head] == Me) { // its own arrival opened the barrier
      enterNext(B);
      return;
    }
    Target = &enterNext(B);
  }
  B.Handoff = &B.Threads[Me].Fiber;
  ctx::fiber From = std::move(*Target).resume();
  *B.Handoff = std::move(From);
}

/// Thread I returned: it no longer holds any barrier.
void retire(Block &B, unsigned I) {
  B.Threads[I].State = Wait::Done;
  --B.Live;
  B.Warps[I / 32].Live &= ~(1u << (I % 32));
  if (!B.AtBlock.empty() && B.AtBlock.size() == B.Live)
    openBlockBarrier(B);
  checkWarpBarrier(B, I / 32);
}

void initBlock(Block &B, dim3 BlockDim) {
  unsigned Warps = (B.Count + 31) / 32;
  B.Threads.clear();
  B.Threads.resize(B.Count);
  B.Live = B.Count;
  B.AtBlock.clear();
  B.AtBlock.reserve(B.Count);
  for (std::vector<unsigned> &W : B.AtNamed)
    W.clear();
  B.BarrierSum = 0;
  B.LastSum = 0;
  B.Head = 0;
  B.NReady = 0;
  B.Warps.assign(Warps, Warp());
  for (unsigned W = 0; W < Warps; ++W)
    B.Warps[W].Live =
        W * 32 + 32 <= B.Count ? 0xffffffffu : (1u << (B.Count % 32)) - 1;
  for (unsigned I = 0; I < B.Count; ++I) {
    B.Threads[I].Idx = unflatten(I, BlockDim);
    makeReady(B, I);
  }
}

void runBlock(Block &B, dim3 Grid, dim3 BlockDim, uint3 BlockId,
              const std::function<void()> &Body, StackPool &Stacks) {
  gridDim = Grid;
  blockDim = BlockDim;
  blockIdx = BlockId;
  CurrentBlock = &B;
  B.Count = BlockDim.x * BlockDim.y * BlockDim.z;
  if (B.Count == 1) {
    // No other thread to wait for: barriers return at once.
    B.Threads.resize(1);
    B.Live = 1;
    B.Current = 0;
    threadIdx = {0, 0, 0};
    Body();
    CurrentBlock = nullptr;
    return;
  }
  initBlock(B, BlockDim);
  [[maybe_unused]] ShadowStack Balance; // empty without TSan
  for (unsigned I = 0; I < B.Count; ++I)
    B.Threads[I].Fiber = ctx::fiber(
        std::allocator_arg, PooledStack{&Stacks},
        [&B, I, &Body](ctx::fiber &&From) {
          *B.Handoff = std::move(From);
          Body();
          retire(B, I);
          B.Handoff = &B.Spent;
          return B.NReady ? std::move(enterNext(B)) : std::move(B.Sched);
        });
  // Control comes back here only when no thread can run.
  while (B.Live > 0) {
    if (B.NReady == 0)
      die("deadlock: threads of a block wait at barriers that can never "
          "open (__syncthreads or a warp operation in divergent code)");
    ctx::fiber &F = enterNext(B);
    B.Handoff = &B.Sched;
    ctx::fiber From = std::move(F).resume();
    *B.Handoff = std::move(From);
  }
  CurrentBlock = nullptr;
}

/// The running thread arrives at its warp's barrier with Op and waits.
void arriveWarp(Block &B, unsigned Mask, WarpOp Op) {
  unsigned Me = B.Current, W = Me / 32;
  Thread &T = B.Threads[Me];
  T.Op = Op;
  T.State = Wait::Warp;
  B.Warps[W].Arrived |= 1u << (Me % 32);
  B.Warps[W].Need |= Mask;
  checkWarpBarrier(B, W);
  switchAway();
}

// ---- the worker pool ------------------------------------------------------------

struct Job {
  dim3 Grid, BlockDim;
  const std::function<void()> *Body = nullptr;
  std::size_t Shared = 0;
  unsigned long long Blocks = 0;
  std::atomic<unsigned long long> Next{0};
  unsigned Slots = 0; // workers that may still join
  unsigned Busy = 0;  // workers that joined and have not finished
};

/// What a thread needs to run blocks: its fiber stacks and block record.
struct Runner {
  StackPool Stacks{stackBytes()};
  Block B;

  /// Takes blocks of J until none is left.
  void runBlocks(Job &J) {
    if (DynamicShared.size() < J.Shared + 16)
      DynamicShared.resize(J.Shared + 16);
    for (unsigned long long I; (I = J.Next.fetch_add(1)) < J.Blocks;) {
      // A block's dynamic shared memory starts unset, as on a GPU, not
      // with the last block's values (O2C_EMU_POISON).
      fillFresh(DynamicShared.data(), J.Shared + 16);
      runBlock(B, J.Grid, J.BlockDim, unflatten(I, J.Grid), *J.Body, Stacks);
    }
  }
};

/// The launching thread's runner, made by its first launch.
Runner &ownRunner() {
  thread_local std::unique_ptr<Runner> R(new Runner());
  return *R;
}

class Pool {
public:
  Pool() {
    int N = workers();
    for (int I = 0; I < N; ++I)
      Threads.emplace_back([this] { work(); });
  }
  ~Pool() {
    {
      std::lock_guard<std::mutex> G(M);
      Stop = true;
    }
    Wake.notify_all();
    for (std::thread &T : Threads)
      T.join();
  }
  /// The launching thread runs blocks too, and wakes only as many workers
  /// as there are blocks left for them: a grid of one block (a serial
  /// region) runs where it is launched without waking anyone. Waking every
  /// worker for it cost 60-180 microseconds per empty region on a loaded
  /// 2-core machine, most of the emulated device's host time per region.
  void run(Job &J) {
    std::lock_guard<std::mutex> One(LaunchLock); // one grid at a time
    auto Helpers = static_cast<unsigned>(
        std::min<unsigned long long>(Threads.size(), J.Blocks - 1));
    if (Helpers > 0) {
      std::lock_guard<std::mutex> L(M);
      Current = &J;
      J.Slots = J.Busy = Helpers;
      ++Generation;
    }
    if (Helpers == 1)
      Wake.notify_one();
    else if (Helpers > 1)
      Wake.notify_all();
    ownRunner().runBlocks(J);
    if (Helpers == 0)
      return;
    std::unique_lock<std::mutex> L(M);
    Finished.wait(L, [&] { return J.Busy == 0; });
    Current = nullptr;
  }

private:
  void work() {
    Runner R;
    unsigned long long Seen = 0;
    while (true) {
      Job *J;
      {
        std::unique_lock<std::mutex> L(M);
        Wake.wait(L, [&] {
          return Stop || (Current && Current->Slots > 0 && Generation != Seen);
        });
        if (Stop)
          return;
        Seen = Generation;
        J = Current;
        --J->Slots;
      }
      R.runBlocks(*J);
      std::lock_guard<std::mutex> G(M);
      if (--J->Busy == 0)
        Finished.notify_all();
    }
  }

  std::vector<std::thread> Threads;
  std::mutex M, LaunchLock;
  std::condition_variable Wake, Finished;
  Job *Current = nullptr;
  unsigned long long Generation = 0;
  bool Stop = false;
};

Pool &pool() {
  // Never destroyed: a program may exit while its last grid's workers park.
  static Pool *P = new Pool();
  return *P;
}

} // namespace

int workers() {
  static const int N = [] {
    if (const char *E = std::getenv("O2C_EMU_WORKERS")) {
      int V = std::atoi(E);
      if (V > 0)
        return V;
    }
    unsigned H = std::thread::hardware_concurrency();
    return H ? static_cast<int>(H) : 1;
  }();
  return N;
}

void launch(dim3 Grid, dim3 BlockDim, std::size_t Shared,
            const std::function<void()> &Body) {
  // A worker waiting for its own pool would never return.
  if (CurrentBlock)
    die("kernel launch from device code is not supported");
  unsigned long long Threads =
      static_cast<unsigned long long>(BlockDim.x) * BlockDim.y * BlockDim.z;
  if (Threads == 0 || Threads > 1024 || BlockDim.z > 64)
    die("invalid block size (1 to 1024 threads)");
  unsigned long long Blocks =
      static_cast<unsigned long long>(Grid.x) * Grid.y * Grid.z;
  if (Blocks == 0)
    die("invalid grid size (0 blocks)");
  Job J;
  J.Grid = Grid;
  J.BlockDim = BlockDim;
  J.Body = &Body;
  J.Shared = Shared;
  J.Blocks = Blocks;
  pool().run(J);
}

void *dynamicShared() {
  auto P = reinterpret_cast<std::uintptr_t>(DynamicShared.data());
  return reinterpret_cast<void *>((P + 15) & ~static_cast<std::uintptr_t>(15));
}

void syncBlock() { syncBlockCount(0); }

int syncBlockCount(int Pred) {
  Block &B = *CurrentBlock;
  if (B.Count == 1)
    return Pred != 0;
  B.BarrierSum += Pred != 0;
  B.Threads[B.Current].State = Wait::Block;
  B.AtBlock.push_back(B.Current);
  if (B.AtBlock.size() == B.Live)
    openBlockBarrier(B);
  switchAway();
  // Safe to read after waking: the next barrier cannot open before this
  // thread arrives there too.
  return B.LastSum;
}

void syncNamed(unsigned Id, unsigned Count) {
  Block &B = *CurrentBlock;
  if (B.Count == 1 || Count <= 1)
    return;
  if (Id == 0 || Id >= 16 || Count % 32 != 0 || Count > B.Count)
    die("invalid named barrier (bar.sync id 1-15, a count that is a "
        "multiple of 32 and at most the block's threads)");
  std::vector<unsigned> &W = B.AtNamed[Id];
  B.Threads[B.Current].State = Wait::Block;
  W.push_back(B.Current);
  if (W.size() == Count) { // the last one to arrive opens it
    for (unsigned I : W)
      makeReady(B, I);
    W.clear();
  }
  switchAway();
}

void syncWarp(unsigned Mask) {
  Block &B = *CurrentBlock;
  if (B.Count == 1)
    return;
  arriveWarp(B, Mask, WarpOp::Sync);
}

void yieldThread() {
  Block &B = *CurrentBlock;
  if (B.Count == 1)
    return;
  // To the back of the queue: every runnable thread runs before it again.
  makeReady(B, B.Current);
  switchAway();
}

bool onDevice() { return CurrentBlock != nullptr; }
Builtins builtins() { return {threadIdx, blockIdx, blockDim, gridDim}; }

unsigned laneId() { return CurrentBlock ? CurrentBlock->Current % 32 : 0; }

unsigned activeLanes() {
  Block &B = *CurrentBlock;
  return B.Count == 1 ? 1u : B.Warps[B.Current / 32].Live;
}

unsigned warpBallot(unsigned Mask, int Pred) {
  Block &B = *CurrentBlock;
  if (B.Count == 1)
    return Pred ? 1u : 0u;
  Thread &Me = B.Threads[B.Current];
  Me.Slot = Pred != 0;
  arriveWarp(B, Mask, WarpOp::Ballot);
  return static_cast<unsigned>(Me.Result);
}

unsigned long long warpExchange(unsigned Mask, unsigned long long V, int Src) {
  Block &B = *CurrentBlock;
  if (B.Count == 1)
    return V;
  Thread &Me = B.Threads[B.Current];
  Me.Slot = V;
  Me.Src = static_cast<unsigned>(Src % 32);
  arriveWarp(B, Mask, WarpOp::Exchange);
  return Me.Result;
}

} // namespace emu
} // namespace o2c
