// The CUDA backend: every runtime call is checked and a failure names the
// region's source location. Streams come from a per-device pool (32 to
// start, doubled when exhausted; seed 001's stream manager) so concurrent
// target tasks do not serialise on the default stream.
#include "backend.h"

#include <cuda_runtime.h>

#include <mutex>
#include <string>
#include <vector>

namespace o2c::detail {

namespace {

void check(cudaError_t E, const SourceLoc &L, const char *What) {
  if (E == cudaSuccess)
    return;
  std::string Msg = std::string(What) + " failed: " + cudaGetErrorString(E);
  fatal(L, Msg.c_str());
}

const SourceLoc &noLoc() {
  static const SourceLoc L = {"<omp2cuda runtime>", 0, 0, "runtime"};
  return L;
}

class CudaBackend final : public Backend {
public:
  const char *name() const override { return "cuda"; }

  int numDevices() override {
    std::call_once(CountOnce, [this] {
      int N = 0;
      // No driver or no GPU means no devices: regions run on the host.
      if (cudaGetDeviceCount(&N) != cudaSuccess)
        N = 0;
      (void)cudaGetLastError();
      Count = N;
      Pools.resize(static_cast<std::size_t>(N));
    });
    return Count;
  }
  void *alloc(int Dev, std::size_t Bytes, const SourceLoc &L) override {
    check(cudaSetDevice(Dev), L, "cudaSetDevice");
    void *P = nullptr;
    check(cudaMalloc(&P, Bytes ? Bytes : 1), L, "cudaMalloc");
    return P;
  }
  void release(int Dev, void *P) override {
    check(cudaSetDevice(Dev), noLoc(), "cudaSetDevice");
    check(cudaFree(P), noLoc(), "cudaFree");
  }
  void toDevice(int Dev, void *D, const void *H, std::size_t Bytes, void *S,
                const SourceLoc &L) override {
    check(cudaSetDevice(Dev), L, "cudaSetDevice");
    check(cudaMemcpyAsync(D, H, Bytes, cudaMemcpyHostToDevice,
                          static_cast<cudaStream_t>(S)),
          L, "cudaMemcpyAsync (to device)");
  }
  void toHost(int Dev, void *H, const void *D, std::size_t Bytes, void *S,
              const SourceLoc &L) override {
    check(cudaSetDevice(Dev), L, "cudaSetDevice");
    check(cudaMemcpyAsync(H, D, Bytes, cudaMemcpyDeviceToHost,
                          static_cast<cudaStream_t>(S)),
          L, "cudaMemcpyAsync (to host)");
  }
  void *acquireStream(int Dev, const SourceLoc &L) override {
    std::lock_guard<std::mutex> G(Lock);
    Pool &P = Pools.at(static_cast<std::size_t>(Dev));
    if (P.Free.empty()) {
      std::size_t Grow = P.Total == 0 ? 32 : P.Total; // 32, then doubling
      check(cudaSetDevice(Dev), L, "cudaSetDevice");
      for (std::size_t I = 0; I < Grow; ++I) {
        cudaStream_t S;
        check(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking), L,
              "cudaStreamCreate");
        P.Free.push_back(S);
      }
      P.Total += Grow;
    }
    cudaStream_t S = P.Free.back();
    P.Free.pop_back();
    return S;
  }
  void releaseStream(int Dev, void *S) override {
    std::lock_guard<std::mutex> G(Lock);
    Pools.at(static_cast<std::size_t>(Dev)).Free.push_back(static_cast<cudaStream_t>(S));
  }
  void synchronize(int Dev, void *S, const SourceLoc &L) override {
    check(cudaSetDevice(Dev), L, "cudaSetDevice");
    check(cudaStreamSynchronize(static_cast<cudaStream_t>(S)), L,
          "kernel execution");
  }
  void checkLaunch(int Dev, void *S, const SourceLoc &L) override {
    check(cudaGetLastError(), L, "kernel launch");
  }
  DeviceProps props(int Dev) override {
    std::lock_guard<std::mutex> G(Lock);
    if (Props.empty()) {
      for (int D = 0; D < numDevicesUnlocked(); ++D) {
        cudaDeviceProp P;
        check(cudaGetDeviceProperties(&P, D), noLoc(), "cudaGetDeviceProperties");
        Props.push_back({P.multiProcessorCount, P.maxThreadsPerBlock, P.warpSize});
      }
    }
    return Props.at(static_cast<std::size_t>(Dev));
  }

private:
  int numDevicesUnlocked() { return Count; }
  struct Pool {
    std::vector<cudaStream_t> Free;
    std::size_t Total = 0;
  };
  std::once_flag CountOnce;
  int Count = 0;
  std::mutex Lock;
  std::vector<Pool> Pools;
  std::vector<DeviceProps> Props;
};

} // namespace

Backend &backend() {
  static CudaBackend B;
  return B;
}

} // namespace o2c::detail
