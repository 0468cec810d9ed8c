// The CUDA backend: every runtime call is checked and a failure names the
// region's source location. Streams come from a per-device pool (32 to
// start, O2C_STREAMS, doubled when exhausted, the last one returned handed out first:
// seed 001 §3.3) so concurrent target regions do not serialise on the
// default stream, and all work of one region goes on one stream with a
// single synchronisation at the end.
#include "backend.h"
#include "counted_backend.h"
#include "helpers.h"
#include "stream_work.h"

#include <cuda_runtime.h>

#include <memory>
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

cudaStream_t asStream(void *S) { return static_cast<cudaStream_t>(S); }

class CudaBackend : public Backend {
public:
  const char *name() override { return "cuda"; }

  int numDevices() override {
    std::call_once(CountOnce, [this] {
      int N = 0;
      cudaError_t E = cudaGetDeviceCount(&N);
      // No driver or no GPU means no devices: regions run on the host
      // (OMP_TARGET_OFFLOAD=MANDATORY turns that into an error above us).
      if (E != cudaSuccess) {
        N = 0;
        Reason = std::string("CUDA: ") + cudaGetErrorString(E);
        (void)cudaGetLastError(); // do not leave it for a later check
      }
      Devices.resize(static_cast<std::size_t>(N));
      for (auto &D : Devices)
        D = std::make_unique<Device>();
      Count = N;
    });
    return Count;
  }
  std::string noDeviceReason() override {
    numDevices();
    return Reason.empty() ? "CUDA reports no device" : Reason;
  }
  // Host memory the program never mapped (its stack, malloc, globals) is
  // reachable from a kernel only with pageable memory access (HMM or ATS).
  std::string noUnifiedSharedMemory() override {
    for (int D = 0, N = numDevices(); D < N; ++D) {
      int Pageable = 0;
      if (cudaDeviceGetAttribute(&Pageable, cudaDevAttrPageableMemoryAccess,
                                 D) != cudaSuccess) {
        (void)cudaGetLastError();
        Pageable = 0;
      }
      if (!Pageable)
        return "CUDA device " + std::to_string(D) +
               " cannot access pageable host memory "
               "(cudaDevAttrPageableMemoryAccess is 0)";
    }
    return "";
  }
  // With pageable memory access every host byte; without it, only memory
  // CUDA knows: managed, page-locked memory mapped at its host address
  // (UVA), or the device's own. Both ends of the range are asked, since a
  // range may run past the allocation that holds its start.
  bool hostAccessible(int Dev, const void *P, std::size_t Bytes) override {
    int Pageable = 0;
    if (cudaDeviceGetAttribute(&Pageable, cudaDevAttrPageableMemoryAccess,
                               Dev) != cudaSuccess) {
      (void)cudaGetLastError();
      Pageable = 0;
    }
    if (Pageable)
      return true;
    auto Reaches = [Dev](const void *Q) {
      cudaPointerAttributes A;
      if (cudaPointerGetAttributes(&A, Q) != cudaSuccess) {
        (void)cudaGetLastError();
        return false;
      }
      switch (A.type) {
      case cudaMemoryTypeManaged:
        return true;
      case cudaMemoryTypeHost:
        return A.devicePointer == Q;
      case cudaMemoryTypeDevice:
        return A.device == Dev;
      default: // pageable memory CUDA does not know
        return false;
      }
    };
    return Reaches(P) &&
           (Bytes <= 1 || Reaches(static_cast<const char *>(P) + Bytes - 1));
  }

  void *alloc(int Dev, std::size_t Bytes, const SourceLoc &L) override {
    use(Dev, L);
    void *P = nullptr;
    check(cudaMalloc(&P, Bytes ? Bytes : 1), L, "cudaMalloc");
    return P;
  }
  void free(int Dev, void *P, const SourceLoc &L) override {
    use(Dev, L);
    check(cudaFree(P), L, "cudaFree");
  }
  void *tryAlloc(int Dev, std::size_t Bytes, const SourceLoc &L) override {
    use(Dev, L);
    void *P = nullptr;
    cudaError_t E = cudaMalloc(&P, Bytes ? Bytes : 1);
    if (E == cudaErrorMemoryAllocation) {
      (void)cudaGetLastError(); // not sticky: clear it for the next call
      return nullptr;
    }
    check(E, L, "cudaMalloc");
    return P;
  }
  void toDevice(int Dev, void *D, const void *H, std::size_t Bytes, void *S,
                const SourceLoc &L) override {
    use(Dev, L);
    check(cudaMemcpyAsync(D, H, Bytes, cudaMemcpyHostToDevice, asStream(S)), L,
          "cudaMemcpyAsync (host to device)");
  }
  void toHost(int Dev, void *H, const void *D, std::size_t Bytes, void *S,
              const SourceLoc &L) override {
    use(Dev, L);
    check(cudaMemcpyAsync(H, D, Bytes, cudaMemcpyDeviceToHost, asStream(S)), L,
          "cudaMemcpyAsync (device to host)");
  }

  void *acquireStream(int Dev, const SourceLoc &L) override {
    Device &D = device(Dev, L);
    std::lock_guard<std::mutex> G(D.Lock);
    if (D.Free.empty()) {
      std::size_t Grow = D.Total == 0
                             ? static_cast<std::size_t>(streamPoolSize())
                             : D.Total; // O2C_STREAMS, then doubling
      use(Dev, L);
      for (std::size_t I = 0; I < Grow; ++I) {
        cudaStream_t S;
        // Non-blocking: the legacy default stream that other code in the
        // program may use must not serialise our regions.
        noteApi(Api::StreamCreate);
        check(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking), L,
              "cudaStreamCreateWithFlags");
        D.Free.push_back(S);
      }
      D.Total += Grow;
    }
    cudaStream_t S = D.Free.back();
    D.Free.pop_back();
    return S;
  }
  void releaseStream(int Dev, void *S) override {
    Device &D = device(Dev, runtimeLoc());
    std::lock_guard<std::mutex> G(D.Lock);
    D.Free.push_back(asStream(S));
  }
  void synchronize(int Dev, void *S, const SourceLoc &L) override {
    use(Dev, L);
    // Kernel faults surface here, asynchronously to their launch.
    check(cudaStreamSynchronize(asStream(S)), L,
          "device execution (cudaStreamSynchronize)");
  }
  void checkLaunch(int Dev, void *S, const SourceLoc &L) override {
    check(cudaGetLastError(), L, "kernel launch");
  }

  // Events come from a per-device pool: a deferred target task records one
  // per release and per first copy, and cudaEventCreate/cudaEventDestroy
  // each cost about as much as the record itself. Reusing an event is safe
  // once it was "destroyed": a cudaStreamWaitEvent already queued waits for
  // the record it saw when it was queued, not for a later one.
  void *recordEvent(int Dev, void *S, const SourceLoc &L) override {
    use(Dev, L);
    Device &D = device(Dev, L);
    cudaEvent_t E = nullptr;
    {
      std::lock_guard<std::mutex> G(D.EventLock);
      if (!D.Events.empty()) {
        E = D.Events.back();
        D.Events.pop_back();
      }
    }
    if (!E) {
      noteApi(Api::EventCreate);
      check(cudaEventCreateWithFlags(&E, cudaEventDisableTiming), L,
            "cudaEventCreateWithFlags");
    }
    check(cudaEventRecord(E, asStream(S)), L, "cudaEventRecord");
    return E;
  }
  void waitEvent(int Dev, void *S, void *E, const SourceLoc &L) override {
    use(Dev, L);
    check(cudaStreamWaitEvent(asStream(S), static_cast<cudaEvent_t>(E), 0), L,
          "cudaStreamWaitEvent");
  }
  void destroyEvent(int Dev, void *E) override {
    // Back to the pool (see recordEvent); the pool lives with the process.
    Device &D = device(Dev, runtimeLoc());
    std::lock_guard<std::mutex> G(D.EventLock);
    D.Events.push_back(static_cast<cudaEvent_t>(E));
  }

  void eventSynchronize(int Dev, void *E, const SourceLoc &L) override {
    use(Dev, L);
    check(cudaEventSynchronize(static_cast<cudaEvent_t>(E)), L,
          "device copy (cudaEventSynchronize)");
  }
  // CUDA's "API synchronization behavior": a copy from pageable host memory
  // to the device returns once the bytes are staged for DMA; from
  // page-locked memory it is asynchronous and reads them later. Unknown
  // memory counts as not free.
  bool copyLeavesHostFree(const void *H) override {
    cudaPointerAttributes A;
    if (cudaPointerGetAttributes(&A, H) != cudaSuccess) {
      (void)cudaGetLastError();
      return false;
    }
    return A.type == cudaMemoryTypeUnregistered;
  }

  // Pageable copies go through the driver's own small staging buffers with
  // the calling thread copying and waiting; page-locked ones are DMA'd.
  bool stagingPays() override { return true; }
  void *allocPinned(std::size_t Bytes) override {
    void *P = nullptr;
    if (cudaHostAlloc(&P, Bytes, cudaHostAllocPortable) != cudaSuccess) {
      (void)cudaGetLastError(); // no staging then: copy directly
      return nullptr;
    }
    return P;
  }
  bool eventDone(int Dev, void *E) override {
    if (!E)
      return true;
    cudaError_t R = cudaEventQuery(static_cast<cudaEvent_t>(E));
    if (R == cudaErrorNotReady) {
      (void)cudaGetLastError();
      return false;
    }
    // Done, or failed: a failure shows at its stream's synchronisation.
    (void)cudaGetLastError();
    return true;
  }

  DeviceProps props(int Dev) override {
    Device &D = device(Dev, runtimeLoc());
    std::call_once(D.PropsOnce, [&] {
      auto Attr = [&](cudaDeviceAttr A, const char *What) {
        int V = 0;
        check(cudaDeviceGetAttribute(&V, A, Dev), runtimeLoc(), What);
        return V;
      };
      D.Props = {Attr(cudaDevAttrMultiProcessorCount, "multiprocessor count"),
                 Attr(cudaDevAttrMaxThreadsPerBlock, "max threads per block"),
                 Attr(cudaDevAttrWarpSize, "warp size"),
                 Attr(cudaDevAttrMaxSharedMemoryPerBlockOptin,
                      "opt-in shared memory per block")};
    });
    return D.Props;
  }

  void *symbolAddress(int Dev, const void *Symbol,
                      const SourceLoc &L) override {
    use(Dev, L);
    void *P = nullptr;
    check(cudaGetSymbolAddress(&P, Symbol), L, "cudaGetSymbolAddress");
    return P;
  }

private:
  struct Device {
    std::mutex Lock; // guards the stream pool
    std::vector<cudaStream_t> Free;
    std::size_t Total = 0;
    std::mutex EventLock; // guards the event pool
    std::vector<cudaEvent_t> Events;
    std::once_flag PropsOnce;
    DeviceProps Props = {0, 0, 0, 0};
  };

  Device &device(int Dev, const SourceLoc &L) {
    if (Dev < 0 || Dev >= numDevices()) {
      std::string M = "CUDA device " + std::to_string(Dev) + " does not exist";
      fatal(L, M.c_str());
    }
    return *Devices[static_cast<std::size_t>(Dev)];
  }
  // The current device is per host thread, so every call sets it.
  void use(int Dev, const SourceLoc &L) {
    check(cudaSetDevice(Dev), L, "cudaSetDevice");
  }

  std::once_flag CountOnce;
  int Count = 0;
  std::string Reason;
  // Streams are never destroyed: the pool lives as long as the process, and
  // calling CUDA from static destructors races the runtime's own teardown.
  std::vector<std::unique_ptr<Device>> Devices;
};

} // namespace

Backend &backend() {
  // Never destroyed: a nowait task's tail may still run on a helper thread
  // after the program's last taskwait returned and main exited (scripts/tsan:
  // memcpy_async_helpers, ~CudaBackend raced releaseStream).
  static auto *B = new CountedBackend<CudaBackend>();
  return *B;
}

} // namespace o2c::detail
