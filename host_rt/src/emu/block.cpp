// One block of the emulated device: its CUDA threads as
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
#include "block.h"

#include <cstdio>
#include <cstdlib>

thread_local uint3 threadIdx = {0, 0, 0};
thread_local uint3 blockIdx = {0, 0, 0};
thread_local dim3 blockDim;
thread_local dim3 gridDim;

#ifdef O2C_EMU_TSAN
extern "C" unsigned long __tsan_testonly_shadow_stack_current_size();
extern "C" void __tsan_func_exit();
#endif

namespace o2c {
namespace emu {

namespace exec {

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

thread_local Block *CurrentBlock = nullptr;

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

} // namespace

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

namespace {

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

} // namespace

} // namespace exec

using namespace exec; // the device functions below run on the block

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

