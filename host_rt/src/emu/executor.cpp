// The emulated device's executor. A grid's blocks are dealt to the launching
// thread and a pool of worker threads; each runs one block at a time to
// completion (block.cpp).
#include "block.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace o2c {
namespace emu {
namespace exec {

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

} // namespace exec

namespace {

using namespace exec;

thread_local std::vector<unsigned char> DynamicShared;

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
  if (onDevice())
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

} // namespace emu
} // namespace o2c
