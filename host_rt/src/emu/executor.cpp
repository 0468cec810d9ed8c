// The emulated device's executor. A grid's blocks are dealt to a pool of
// worker threads; a worker runs one block to completion, its CUDA threads as
// Boost.Context fibers scheduled round-robin. A fiber runs until it finishes
// or waits at a barrier (__syncthreads, or a warp barrier of a shuffle); a
// barrier opens when every fiber of the block (of the warp's mask) that has
// not returned has arrived, as on sm_70 and later. Barriers are only checked
// once every runnable fiber has run until it blocked, so at that point a
// thread that has not arrived never will: that is how deadlock is detected.
// A block of one thread runs on the worker's own stack.
#include "omp2cuda/emu/cuda_emu.h"

#include <boost/context/fiber.hpp>
#include <boost/context/pooled_fixedsize_stack.hpp>

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

namespace o2c {
namespace emu {

namespace ctx = boost::context;

namespace {

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

enum class Wait { None, Block, Warp, Done };

struct Thread {
  ctx::fiber Fiber; // the emulated thread, while suspended
  ctx::fiber Sched; // the scheduler, while the thread runs
  Wait State = Wait::None;
  unsigned Tid = 0;
  unsigned long long Slot = 0; // warp exchange value
};

/// One block's scheduler; lives on a worker thread for one block at a time.
struct Block {
  std::vector<Thread> Threads;
  unsigned Count = 0;   // threads in the block
  unsigned Live = 0;    // threads that have not returned
  unsigned AtBlock = 0; // threads waiting at the block barrier
  int BarrierSum = 0;   // for __syncthreads_count
  int LastSum = 0;
  // Per warp, bit i is lane i: lanes not yet returned, lanes waiting at the
  // warp barrier, the union of their masks, and who took part in the last
  // opened barrier (for __ballot_sync).
  std::vector<unsigned> WarpLive, WarpArrived, WarpNeed, WarpVoters;
  unsigned Current = 0; // index of the running thread
  uint3 Dims = {1, 1, 1};
};

thread_local Block *CurrentBlock = nullptr;
thread_local std::vector<unsigned char> DynamicShared;

uint3 unflatten(unsigned long long I, dim3 D) {
  return {
      static_cast<unsigned>(I % D.x), static_cast<unsigned>((I / D.x) % D.y),
      static_cast<unsigned>(I / (static_cast<unsigned long long>(D.x) * D.y))};
}

Thread &self() { return CurrentBlock->Threads[CurrentBlock->Current]; }

/// Switches from the running emulated thread back to the scheduler.
void yieldToScheduler() {
  Thread &T = self();
  T.Sched = std::move(T.Sched).resume();
}

/// Opens barriers whose arrivals are complete; true if any thread woke.
bool releaseBarriers(Block &B) {
  bool Woke = false;
  if (B.AtBlock > 0 && B.AtBlock == B.Live) {
    B.LastSum = B.BarrierSum;
    B.BarrierSum = 0;
    B.AtBlock = 0;
    for (Thread &T : B.Threads)
      if (T.State == Wait::Block)
        T.State = Wait::None;
    Woke = true;
  }
  for (unsigned W = 0; W < B.WarpLive.size(); ++W) {
    unsigned Arrived = B.WarpArrived[W];
    if (Arrived == 0 || (B.WarpNeed[W] & B.WarpLive[W] & ~Arrived) != 0)
      continue;
    B.WarpVoters[W] = Arrived;
    B.WarpArrived[W] = 0;
    B.WarpNeed[W] = 0;
    for (unsigned L = 0; L < 32; ++L)
      if (Arrived & (1u << L))
        B.Threads[W * 32 + L].State = Wait::None;
    Woke = true;
  }
  return Woke;
}

void runBlock(Block &B, dim3 Grid, dim3 BlockDim, uint3 BlockId,
              const std::function<void()> &Body,
              ctx::pooled_fixedsize_stack &Stacks) {
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
    B.WarpLive.assign(1, 1);
    threadIdx = {0, 0, 0};
    Body();
    CurrentBlock = nullptr;
    return;
  }
  unsigned Warps = (B.Count + 31) / 32;
  B.Threads.clear();
  B.Threads.resize(B.Count);
  B.Live = B.Count;
  B.AtBlock = 0;
  B.BarrierSum = 0;
  B.WarpLive.assign(Warps, 0xffffffffu);
  if (B.Count % 32)
    B.WarpLive.back() = (1u << (B.Count % 32)) - 1;
  B.WarpArrived.assign(Warps, 0);
  B.WarpNeed.assign(Warps, 0);
  B.WarpVoters.assign(Warps, 0);
  for (unsigned I = 0; I < B.Count; ++I) {
    Thread &T = B.Threads[I];
    T.Tid = I;
    T.State = Wait::None;
    T.Fiber = ctx::fiber(std::allocator_arg, Stacks,
                         [&B, I, &Body](ctx::fiber &&Sched) {
                           B.Threads[I].Sched = std::move(Sched);
                           Body();
                           Thread &Me = B.Threads[I];
                           Me.State = Wait::Done;
                           --B.Live;
                           B.WarpLive[I / 32] &= ~(1u << (I % 32));
                           return std::move(Me.Sched);
                         });
  }
  unsigned Done = 0;
  while (Done < B.Count) {
    bool Ran = false;
    for (unsigned I = 0; I < B.Count; ++I) {
      Thread &T = B.Threads[I];
      if (T.State != Wait::None || !T.Fiber)
        continue;
      B.Current = I;
      threadIdx = unflatten(I, BlockDim);
      T.Fiber = std::move(T.Fiber).resume();
      Ran = true;
      if (T.State == Wait::Done)
        ++Done;
    }
    if (releaseBarriers(B) || Ran)
      continue;
    if (Done < B.Count)
      die("deadlock: threads of a block wait at barriers that can never "
          "open (__syncthreads or a warp operation in divergent code)");
  }
  CurrentBlock = nullptr;
}

// ---- the worker pool --------------------------------------------------------

struct Job {
  dim3 Grid, BlockDim;
  const std::function<void()> *Body = nullptr;
  std::size_t Shared = 0;
  unsigned long long Blocks = 0;
  std::atomic<unsigned long long> Next{0};
  unsigned Busy = 0; // workers still on this job
};

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
  void run(Job &J) {
    std::lock_guard<std::mutex> One(LaunchLock); // one grid at a time
    std::unique_lock<std::mutex> L(M);
    Current = &J;
    J.Busy = static_cast<unsigned>(Threads.size());
    ++Generation;
    Wake.notify_all();
    Finished.wait(L, [&] { return J.Busy == 0; });
    Current = nullptr;
  }

private:
  void work() {
    ctx::pooled_fixedsize_stack Stacks(stackBytes());
    Block B;
    unsigned long long Seen = 0;
    while (true) {
      Job *J;
      {
        std::unique_lock<std::mutex> L(M);
        Wake.wait(L, [&] { return Stop || Generation != Seen; });
        if (Stop)
          return;
        Seen = Generation;
        J = Current;
      }
      if (DynamicShared.size() < J->Shared + 16)
        DynamicShared.resize(J->Shared + 16);
      for (unsigned long long I; (I = J->Next.fetch_add(1)) < J->Blocks;)
        runBlock(B, J->Grid, J->BlockDim, unflatten(I, J->Grid), *J->Body,
                 Stacks);
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
  ++B.AtBlock;
  self().State = Wait::Block;
  yieldToScheduler();
  return B.LastSum;
}

void syncWarp(unsigned Mask) {
  Block &B = *CurrentBlock;
  if (B.Count == 1)
    return;
  unsigned W = B.Current / 32;
  B.WarpArrived[W] |= 1u << (B.Current % 32);
  B.WarpNeed[W] |= Mask;
  self().State = Wait::Warp;
  yieldToScheduler();
}

bool onDevice() { return CurrentBlock != nullptr; }
Builtins builtins() { return {threadIdx, blockIdx, blockDim, gridDim}; }

unsigned laneId() { return CurrentBlock ? CurrentBlock->Current % 32 : 0; }

unsigned activeLanes() {
  Block &B = *CurrentBlock;
  return B.Count == 1 ? 1u : B.WarpLive[B.Current / 32];
}

unsigned warpBallot(unsigned Mask, int Pred) {
  Block &B = *CurrentBlock;
  if (B.Count == 1)
    return Pred ? 1u : 0u;
  unsigned Me = B.Current, W = Me / 32;
  B.Threads[Me].Slot = Pred != 0;
  syncWarp(Mask);
  // Read before the second barrier: until every voter has read, none can
  // vote again and the snapshot of who took part cannot change.
  unsigned Voters = B.WarpVoters[W], Bits = 0;
  for (unsigned L = 0; L < 32; ++L)
    if ((Voters & (1u << L)) && B.Threads[W * 32 + L].Slot)
      Bits |= 1u << L;
  syncWarp(Mask);
  return Bits;
}

unsigned long long warpExchange(unsigned Mask, unsigned long long V, int Src) {
  Block &B = *CurrentBlock;
  if (B.Count == 1)
    return V;
  unsigned Me = B.Current;
  B.Threads[Me].Slot = V;
  syncWarp(Mask); // every lane of the mask has deposited
  unsigned From = (Me / 32) * 32 + static_cast<unsigned>(Src % 32);
  unsigned long long R = From < B.Count ? B.Threads[From].Slot : V;
  syncWarp(Mask); // nobody overwrites a slot before all have read
  return R;
}

} // namespace emu
} // namespace o2c
