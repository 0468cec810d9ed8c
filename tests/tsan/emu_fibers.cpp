// scripts/tsan: the emulated device's fibers under ThreadSanitizer
// (host_rt/src/emu/block.cpp, ShadowStack). TSan is not told about the
// fibers, so its per-thread shadow stack of function entries must stay
// balanced across them: before the fix it grew by one entry per emulated
// thread until TSan wrote past its end (SEGV inside TSan after about 500
// kernels of 1024 threads on 2 workers; the 64-thread async_stress fault).
// Checks the results of a kernel with barriers and that the depth stays
// bounded by the block size. Exits 1 on a failure.
#include "omp2cuda/emu/cuda_emu.h"

#include <atomic>
#include <cstdio>
#include <vector>

extern "C" unsigned long __tsan_testonly_shadow_stack_current_size();

int main() {
  constexpr unsigned Blocks = 4, Threads = 256, Kernels = 600;
  std::vector<int> Out(Blocks * Threads, 0);
  std::atomic<unsigned long> MaxDepth{0};
  int *O = Out.data();
  for (unsigned K = 0; K < Kernels; ++K)
    o2c::emu::launch(dim3(Blocks), dim3(Threads), 0, [&MaxDepth, O] {
      __shared__ int Cell[Threads];
      unsigned T = threadIdx.x, I = blockIdx.x * Threads + T;
      Cell[T] = static_cast<int>(T);
      __syncthreads(); // every thread switches away at least once
      O[I] += Cell[Threads - 1 - T];
      unsigned long D = __tsan_testonly_shadow_stack_current_size();
      unsigned long M = MaxDepth.load();
      while (D > M && !MaxDepth.compare_exchange_weak(M, D)) {
      }
    });
  int Errors = 0;
  for (unsigned I = 0; I < Blocks * Threads; ++I)
    Errors += Out[I] != static_cast<int>(Kernels * (Threads - 1 - I % Threads));
  // The fibers of a block share the worker's shadow stack: each holds a few
  // entries while it waits at the barrier (about 5 here), none after it.
  bool Bounded = MaxDepth.load() < 16 * Threads;
  std::printf("emu_fibers: kernels=%u max shadow depth=%lu errors=%d\n",
              Kernels, MaxDepth.load(), Errors);
  return Errors == 0 && Bounded ? 0 : 1;
}
