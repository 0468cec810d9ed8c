// One block of the emulated device, its fiber stacks and the grid's
// workers share these (block.cpp, executor.cpp); nothing outside the
// executor includes it.
#ifndef O2C_EMU_BLOCK_H
#define O2C_EMU_BLOCK_H

#include "omp2cuda/emu/cuda_emu.h"

#include <boost/context/fiber.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

// Which sanitizer instruments the executor (clang's __has_feature, GCC's
// __SANITIZE_*__): fibers need each one's help (StackPool, ShadowStack).
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define O2C_EMU_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define O2C_EMU_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(O2C_EMU_ASAN)
#define O2C_EMU_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__) && !defined(O2C_EMU_TSAN)
#define O2C_EMU_TSAN 1
#endif
#ifdef O2C_EMU_ASAN
#include <sanitizer/asan_interface.h>
#endif

namespace o2c {
namespace emu {
namespace exec {

namespace ctx = boost::context;

/// Reports a fault of the emulated program and exits.
[[noreturn]] void die(const char *Msg);

/// A fiber stack's bytes (O2C_EMU_STACK_KB).
std::size_t stackBytes();

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
#ifdef O2C_EMU_ASAN
    // A fiber's entry frame never returns (it ends with a context switch),
    // so ASan's redzones of its frames stay poisoned on the stack; the next
    // fiber on it, at another colour, would trip over them (unit.emu's
    // shuffles, -O0 under scripts/sanitize).
    ASAN_UNPOISON_MEMORY_REGION(Base, Size);
#endif
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

inline uint3 unflatten(unsigned long long I, dim3 D) {
  return {
      static_cast<unsigned>(I % D.x), static_cast<unsigned>((I / D.x) % D.y),
      static_cast<unsigned>(I / (static_cast<unsigned long long>(D.x) * D.y))};
}

/// Runs block BlockId of a grid to completion on this thread, its threads
/// as fibers on Stacks (B.Count == 1: on this thread's own stack).
void runBlock(Block &B, dim3 Grid, dim3 BlockDim, uint3 BlockId,
              const std::function<void()> &Body, StackPool &Stacks);

} // namespace exec
} // namespace emu
} // namespace o2c

#endif
