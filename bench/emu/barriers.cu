// Barrier-heavy kernels for the emulated device (scripts/emu-bench, and the
// bounded regression test unit.emu_barrier_scaling). Control-loop kernels
// put one __syncthreads behind every state, so a block of ~1000 threads
// crosses thousands of barriers; the emulator must keep each crossing O(n)
// for n threads (O(1) per arrival), or such a test takes minutes.
//
// Compiled as plain C++ against the emulation header, as omp2cuda-cc
// --backend=emu compiles a generated .cu; built with nvcc it runs on a GPU.
//
// usage: emu_barriers [block|control|warp|count|narrow|all] [blocks] [threads]
//                     [iterations] [repeats]
//        emu_barriers scaling [max-ratio] [steps]
// Prints one line per kernel: name, shape, best wall and process CPU
// seconds, and CPU ns per barrier arrival (per thread and barrier or warp
// operation in the source); exits 1 if a result is wrong. `scaling` compares
// blocks of 1024 and 64 threads (see scaling() below).
#ifndef __CUDACC__
#include "omp2cuda/emu/cuda_emu.h"
#define O2C_LAUNCH(K, G, B, S) ::o2c::emu::launchOf(K, G, B, S)
#else
#define O2C_LAUNCH(K, G, B, S) K<<<G, B, S>>>
#endif

#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

__host__ __device__ unsigned mix(unsigned A, unsigned K) {
  return (A * 2654435761u) ^ (K + (A >> 7));
}

// One barrier per step: every thread reads a neighbour's value written in
// the previous step from one half of a double buffer and writes the other
// half, so the single __syncthreads is what makes it race-free.
__global__ void blockSteps(int Iters, unsigned *Out) {
  __shared__ unsigned S[2][1024];
  unsigned T = threadIdx.x, N = blockDim.x;
  S[0][T] = T + blockIdx.x;
  __syncthreads();
  for (int K = 0; K < Iters; ++K) {
    unsigned V = S[K & 1][(T + K + 1) % N];
    S[(K + 1) & 1][T] = mix(V, static_cast<unsigned>(K));
    __syncthreads();
  }
  Out[blockIdx.x * N + T] = S[Iters & 1][T];
}

// The shape of omp2cuda's control loop: thread 0 runs the sequential state
// and picks the next one in a two-slot shared array, the other threads run
// the parallel state, and one barrier closes every state.
__global__ void controlLoop(int Iters, unsigned *Out) {
  __shared__ int Next[2];
  __shared__ unsigned Acc[1024];
  __shared__ unsigned Master;
  unsigned T = threadIdx.x, N = blockDim.x;
  Acc[T] = 0;
  if (T == 0) {
    Master = blockIdx.x;
    Next[0] = 0;
  }
  __syncthreads();
  int Slot = 0, State = Next[0];
  while (State < 2 * Iters) {
    if (State % 2 == 0) { // sequential: the team master alone
      if (T == 0) {
        Master = mix(Master, static_cast<unsigned>(State));
        Next[Slot ^ 1] = State + 1;
      }
    } else { // parallel: everyone
      Acc[T] += Master % 7 + T;
      if (T == 0)
        Next[Slot ^ 1] = State + 1;
    }
    __syncthreads();
    Slot ^= 1;
    State = Next[Slot];
  }
  Out[blockIdx.x * N + T] = Acc[T] ^ Master;
}

// A warp shuffle reduction per step, then a block barrier: exercises the
// warp barriers (two per shuffle) next to the block one.
__global__ void warpSteps(int Iters, unsigned *Out) {
  __shared__ unsigned Part[32];
  unsigned T = threadIdx.x, N = blockDim.x;
  unsigned Total = 0, Lane = T % 32, Present = N - T / 32 * 32;
  if (Present > 32)
    Present = 32;
  unsigned Mask = Present == 32 ? 0xffffffffu : (1u << Present) - 1;
  for (int K = 0; K < Iters; ++K) {
    unsigned V = T + static_cast<unsigned>(K);
    for (int Off = 16; Off > 0; Off /= 2) {
      // Lanes past the end of a partial last warp are not in the mask.
      unsigned W = __shfl_xor_sync(Mask, V, Off);
      V += (Lane ^ static_cast<unsigned>(Off)) < Present ? W : 0;
    }
    if (T % 32 == 0)
      Part[T / 32] = V;
    __syncthreads();
    Total += Part[(T / 32 + 1) % ((N + 31) / 32)];
    __syncthreads();
  }
  Out[blockIdx.x * N + T] = Total;
}

// Only the first warp works between barriers, as in a control loop whose
// parallel state has num_threads(32) and a reduction: the warp's shuffles
// must cost in proportion to the warp, not to the block waiting for it.
__global__ void narrowSteps(int Iters, unsigned *Out) {
  __shared__ unsigned Sum;
  unsigned T = threadIdx.x, N = blockDim.x;
  if (T == 0)
    Sum = 0;
  __syncthreads();
  for (int K = 0; K < Iters; ++K) {
    if (T < 32) {
      unsigned V = T * static_cast<unsigned>(K);
      for (int Off = 16; Off > 0; Off /= 2)
        V += __shfl_down_sync(0xffffffffu, V, Off);
      if (T == 0)
        Sum += V;
    }
    __syncthreads();
  }
  Out[blockIdx.x * N + T] = Sum + T;
}

// __syncthreads_count / _and / _or once per step.
__global__ void countSteps(int Iters, unsigned *Out) {
  unsigned T = threadIdx.x, N = blockDim.x, Acc = 0;
  for (int K = 0; K < Iters; ++K) {
    unsigned Pivot = static_cast<unsigned>(K) % N;
    Acc += static_cast<unsigned>(__syncthreads_count(T <= Pivot));
    Acc += static_cast<unsigned>(__syncthreads_and(T < N - Pivot % 2)) * 3;
    Acc += static_cast<unsigned>(__syncthreads_or(T == Pivot)) * 5;
  }
  Out[blockIdx.x * N + T] = Acc;
}

// ---- host references ---------------------------------------------------------

std::vector<unsigned> refBlockSteps(unsigned B, unsigned N, int Iters) {
  std::vector<unsigned> Out(B * N), Cur(N), Nxt(N);
  for (unsigned Bl = 0; Bl < B; ++Bl) {
    for (unsigned T = 0; T < N; ++T)
      Cur[T] = T + Bl;
    for (int K = 0; K < Iters; ++K) {
      for (unsigned T = 0; T < N; ++T)
        Nxt[T] = mix(Cur[(T + K + 1) % N], static_cast<unsigned>(K));
      Cur.swap(Nxt);
    }
    for (unsigned T = 0; T < N; ++T)
      Out[Bl * N + T] = Cur[T];
  }
  return Out;
}

std::vector<unsigned> refControlLoop(unsigned B, unsigned N, int Iters) {
  std::vector<unsigned> Out(B * N);
  for (unsigned Bl = 0; Bl < B; ++Bl) {
    unsigned Master = Bl;
    std::vector<unsigned> Acc(N, 0);
    for (int State = 0; State < 2 * Iters; ++State)
      if (State % 2 == 0)
        Master = mix(Master, static_cast<unsigned>(State));
      else
        for (unsigned T = 0; T < N; ++T)
          Acc[T] += Master % 7 + T;
    for (unsigned T = 0; T < N; ++T)
      Out[Bl * N + T] = Acc[T] ^ Master;
  }
  return Out;
}

std::vector<unsigned> refWarpSteps(unsigned B, unsigned N, int Iters) {
  unsigned Warps = (N + 31) / 32;
  std::vector<unsigned> Out(B * N), Part(Warps), Total(N);
  for (unsigned Bl = 0; Bl < B; ++Bl) {
    std::fill(Total.begin(), Total.end(), 0);
    for (int K = 0; K < Iters; ++K) {
      for (unsigned W = 0; W < Warps; ++W) {
        // The butterfly as the kernel runs it: a partner beyond the last
        // lane adds nothing.
        unsigned Present = N - W * 32 < 32 ? N - W * 32 : 32, V[32], Nx[32];
        for (unsigned L = 0; L < Present; ++L)
          V[L] = W * 32 + L + static_cast<unsigned>(K);
        for (unsigned Off = 16; Off > 0; Off /= 2) {
          for (unsigned L = 0; L < Present; ++L)
            Nx[L] = V[L] + ((L ^ Off) < Present ? V[L ^ Off] : 0);
          std::memcpy(V, Nx, sizeof V);
        }
        Part[W] = V[0];
      }
      for (unsigned T = 0; T < N; ++T)
        Total[T] += Part[(T / 32 + 1) % Warps];
    }
    for (unsigned T = 0; T < N; ++T)
      Out[Bl * N + T] = Total[T];
  }
  return Out;
}

std::vector<unsigned> refNarrowSteps(unsigned B, unsigned N, int Iters) {
  std::vector<unsigned> Out(B * N);
  unsigned Sum = 0;
  for (int K = 0; K < Iters; ++K)
    Sum += 496u * static_cast<unsigned>(K); // lane 0 holds the warp's sum
  for (unsigned I = 0; I < B * N; ++I)
    Out[I] = Sum + I % N;
  return Out;
}

std::vector<unsigned> refCountSteps(unsigned B, unsigned N, int Iters) {
  std::vector<unsigned> Out(B * N);
  unsigned Acc = 0;
  for (int K = 0; K < Iters; ++K) {
    unsigned Pivot = static_cast<unsigned>(K) % N;
    Acc += Pivot + 1;
    Acc += (Pivot % 2 == 0) * 3;
    Acc += 5;
  }
  for (unsigned &V : Out)
    V = Acc;
  return Out;
}

struct Kernel {
  const char *Name;
  void (*Fn)(int, unsigned *);
  std::vector<unsigned> (*Ref)(unsigned, unsigned, int);
  // Barrier arrivals (warp operations included) per step and block:
  // PerThread for each thread, plus Fixed.
  unsigned PerThread, Fixed;
};

const Kernel Kernels[] = {
    {"block", blockSteps, refBlockSteps, 1, 0},
    {"control", controlLoop, refControlLoop, 2, 0},
    {"warp", warpSteps, refWarpSteps, 7, 0}, // 2 barriers, 5 shuffles
    {"count", countSteps, refCountSteps, 3, 0},
    {"narrow", narrowSteps, refNarrowSteps, 1, 5 * 32}, // one warp shuffles
};

unsigned *deviceBuffer(std::size_t N) {
#ifdef __CUDACC__
  unsigned *P = nullptr;
  cudaMalloc(&P, N * sizeof(unsigned));
  return P;
#else
  return new unsigned[N];
#endif
}

void toHost(std::vector<unsigned> &Host, const unsigned *Dev) {
#ifdef __CUDACC__
  cudaMemcpy(Host.data(), Dev, Host.size() * sizeof(unsigned),
             cudaMemcpyDeviceToHost);
#else
  std::memcpy(Host.data(), Dev, Host.size() * sizeof(unsigned));
#endif
}

// Process CPU time: on a loaded machine wall time says more about the other
// processes than about the emulator.
double cpuSeconds() {
  timespec T;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &T);
  return static_cast<double>(T.tv_sec) + static_cast<double>(T.tv_nsec) * 1e-9;
}

struct Result {
  bool Ok;
  double CpuNsPerArrival;
};

Result runOne(const Kernel &K, unsigned Blocks, unsigned Threads, int Iters,
              int Repeats) {
  std::size_t N = static_cast<std::size_t>(Blocks) * Threads;
  unsigned *Dev = deviceBuffer(N);
  std::vector<unsigned> Got(N);
  double Best = 1e300, BestCpu = 1e300;
  for (int R = 0; R < Repeats; ++R) {
    double C0 = cpuSeconds();
    auto T0 = std::chrono::steady_clock::now();
    O2C_LAUNCH(K.Fn, dim3(Blocks), dim3(Threads), 0)(Iters, Dev);
    cudaDeviceSynchronize();
    double S = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                             T0)
                   .count();
    double C = cpuSeconds() - C0;
    Best = S < Best ? S : Best;
    BestCpu = C < BestCpu ? C : BestCpu;
  }
  toHost(Got, Dev);
  bool Ok = Got == K.Ref(Blocks, Threads, Iters);
  double Arrivals = static_cast<double>(Blocks) * Iters *
                    (static_cast<double>(Threads) * K.PerThread + K.Fixed);
  std::printf("%-8s %4u blocks x %4u threads x %5d steps: %8.3f s wall "
              "%8.3f s cpu %7.1f cpu-ns/arrival%s\n",
              K.Name, Blocks, Threads, Iters, Best, BestCpu,
              BestCpu * 1e9 / Arrivals, Ok ? "" : "  WRONG RESULT");
  std::fflush(stdout);
  return {Ok, BestCpu * 1e9 / Arrivals};
}

// Every kernel in one block of 1024 threads and in one of 64 with 16 times
// the steps: the same number of arrivals. Per arrival, the large block may
// cost more for its larger working set, but an emulator that scans the
// block on every arrival (or every warp operation) pays 16 times as much.
// Fails when the ratio exceeds MaxRatio or a result is wrong.
int scaling(double MaxRatio, int Steps) {
  bool Ok = true;
  for (const Kernel &K : Kernels) {
    Result Small = runOne(K, 1, 64, Steps * 16, 3);
    Result Large = runOne(K, 1, 1024, Steps, 3);
    double Ratio = Large.CpuNsPerArrival / Small.CpuNsPerArrival;
    bool Fine = Small.Ok && Large.Ok && Ratio <= MaxRatio;
    std::printf("%-8s 1024 vs 64 threads: %.2fx the cost per arrival%s\n",
                K.Name, Ratio, Fine ? "" : "  FAIL");
    Ok &= Fine;
  }
  return Ok ? 0 : 1;
}

} // namespace

int main(int Argc, char **Argv) {
  std::string Which = Argc > 1 ? Argv[1] : "all";
  if (Which == "scaling")
    return scaling(Argc > 2 ? std::atof(Argv[2]) : 4.0,
                   Argc > 3 ? std::atoi(Argv[3]) : 200);
  unsigned Blocks = Argc > 2 ? std::strtoul(Argv[2], nullptr, 10) : 64;
  unsigned Threads = Argc > 3 ? std::strtoul(Argv[3], nullptr, 10) : 1024;
  int Iters = Argc > 4 ? std::atoi(Argv[4]) : 1000;
  int Repeats = Argc > 5 ? std::atoi(Argv[5]) : 1;
  if (Blocks == 0 || Threads < 32 || Threads > 1024 || Iters < 0 ||
      Repeats < 1) {
    std::fprintf(stderr,
                 "usage: %s [block|control|warp|count|narrow|all] [blocks] "
                 "[threads 32..1024] [iterations] [repeats]\n"
                 "       %s scaling [max-ratio] [steps]\n",
                 Argv[0], Argv[0]);
    return 2;
  }
  bool Ok = true, Any = false;
  for (const Kernel &K : Kernels)
    if (Which == "all" || Which == K.Name) {
      Any = true;
      Ok &= runOne(K, Blocks, Threads, Iters, Repeats).Ok;
    }
  if (!Any) {
    std::fprintf(stderr, "unknown kernel '%s'\n", Which.c_str());
    return 2;
  }
  return Ok ? 0 : 1;
}
