// The emulated device: device memory is separately allocated host memory,
// so copies between "host" and "device" are real copies and a missing
// map(from:) shows as stale data, exactly as on a GPU. Kernels run
// synchronously inside the launch (see emu/executor.cpp), so streams are
// empty.
#include "backend.h"

#include <cstdlib>
#include <cstring>
#include <thread>

namespace o2c::detail {

namespace {

int emuWorkers() {
  if (const char *E = std::getenv("O2C_EMU_WORKERS")) {
    int N = std::atoi(E);
    if (N > 0)
      return N;
  }
  unsigned H = std::thread::hardware_concurrency();
  return H ? static_cast<int>(H) : 1;
}

class EmuBackend final : public Backend {
public:
  const char *name() const override { return "emu"; }
  int numDevices() override { return 1; }
  void *alloc(int, std::size_t Bytes, const SourceLoc &L) override {
    // 64-byte alignment like cudaMalloc's (at least 256 there; 64 suffices
    // for any type a kernel loads).
    std::size_t Rounded = (Bytes + 63) / 64 * 64;
    void *P = std::aligned_alloc(64, Rounded ? Rounded : 64);
    if (!P)
      fatal(L, "out of emulated device memory");
    return P;
  }
  void release(int, void *P) override { std::free(P); }
  void toDevice(int, void *D, const void *H, std::size_t Bytes, void *,
                const SourceLoc &) override {
    std::memcpy(D, H, Bytes);
  }
  void toHost(int, void *H, const void *D, std::size_t Bytes, void *,
              const SourceLoc &) override {
    std::memcpy(H, D, Bytes);
  }
  void *acquireStream(int, const SourceLoc &) override { return nullptr; }
  void releaseStream(int, void *) override {}
  void synchronize(int, void *, const SourceLoc &) override {}
  void checkLaunch(int, void *, const SourceLoc &) override {}
  DeviceProps props(int) override { return {emuWorkers(), 1024, 32}; }
};

} // namespace

Backend &backend() {
  static EmuBackend B;
  return B;
}

} // namespace o2c::detail
