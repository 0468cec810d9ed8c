// The emulated device: device memory is separately allocated host memory,
// so copies between "host" and "device" are real copies and a missing
// map(from:) shows as stale data, exactly as on a GPU. Kernels of the emu run
// synchronously in the launching thread (emu/executor.cpp) and copies are
// plain memcpy, so there is nothing to queue: a stream is a number from a
// pool (O2C_STREAMS, doubling) whose work the thread that holds it runs in
// order as it is queued, there are no events, and synchronising is a no-op.
#include "backend.h"
#include "counted_backend.h"
#include "helpers.h"
#include "omp2cuda/emu/fresh.h"

#include <cstdint>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace o2c::detail {

namespace {

int emuWorkers() {
  if (const char *E = std::getenv("O2C_EMU_WORKERS")) {
    char *End = nullptr;
    long N = std::strtol(E, &End, 10);
    if (End != E && *End == '\0' && N > 0 && N <= 4096)
      return static_cast<int>(N);
  }
  unsigned H = std::thread::hardware_concurrency();
  return H ? static_cast<int>(H) : 1;
}


class EmuBackend : public Backend {
public:
  const char *name() override { return "emu"; }
  int numDevices() override { return 1; }
  // The emulated device shares the host's memory. O2C_EMU_NO_USM (testing)
  // makes it answer as a GPU without pageable memory access would.
  std::string noUnifiedSharedMemory() override {
    const char *E = std::getenv("O2C_EMU_NO_USM");
    return E && *E && std::string(E) != "0"
               ? "the emulated device cannot (O2C_EMU_NO_USM is set)"
               : "";
  }
  // One address space, as for unified_shared_memory: a kernel reaches
  // every host byte unless O2C_EMU_NO_USM makes it a GPU that cannot.
  bool hostAccessible(int, const void *, std::size_t) override {
    return noUnifiedSharedMemory().empty();
  }

  void *alloc(int, std::size_t Bytes, const SourceLoc &L) override {
    // aligned_alloc wants a multiple of the alignment. 64 bytes covers every
    // type a kernel loads and keeps device buffers off shared cache lines.
    std::size_t Rounded = (Bytes + 63) / 64 * 64;
    void *P = std::aligned_alloc(64, Rounded ? Rounded : 64);
    if (!P)
      fatal(L, "out of emulated device memory");
    // A GPU's fresh allocation holds whatever was there before. Recycled
    // host memory often holds zeros, which hid programs that read `map(alloc)`
    // storage before writing it (their emu run matched the host and their
    // GPU run did not): all-ones bytes are NaN as a float or double and -1
    // as an integer, so such a read shows. O2C_EMU_POISON picks the byte
    // (emuPoisonByte): zeros show the reads that all-ones bytes hide, such
    // as a `reduction(&&)` that starts from an unset `map(from:)` copy.
    emu::fillFresh(P, Rounded ? Rounded : 64);
    return P;
  }
  void free(int, void *P, const SourceLoc &) override { std::free(P); }
  void recycled(int, void *P, std::size_t Bytes) override {
    emu::fillFresh(P, Bytes); // as a fresh allocation (alloc)
  }
  void toDevice(int, void *D, const void *H, std::size_t Bytes, void *,
                const SourceLoc &) override {
    std::memcpy(D, H, Bytes);
  }
  void toHost(int, void *H, const void *D, std::size_t Bytes, void *,
              const SourceLoc &) override {
    std::memcpy(H, D, Bytes);
  }

  void *acquireStream(int, const SourceLoc &) override {
    std::lock_guard<std::mutex> G(PoolLock);
    if (Free.empty()) {
      std::uintptr_t Grow = Total == 0 ? static_cast<std::uintptr_t>(
                                             streamPoolSize())
                                       : Total;
      for (std::uintptr_t I = Total + Grow; I > Total; --I)
        Free.push_back(I); // numbered from 1: a stream is never null
      Total += Grow;
    }
    std::uintptr_t S = Free.back();
    Free.pop_back();
    return reinterpret_cast<void *>(S);
  }
  void releaseStream(int, void *S) override {
    std::lock_guard<std::mutex> G(PoolLock);
    Free.push_back(reinterpret_cast<std::uintptr_t>(S));
  }
  void synchronize(int, void *, const SourceLoc &) override {}
  void checkLaunch(int, void *, const SourceLoc &) override {}

  // Copies are complete when queued, so no event is needed; O2C_EMU_EVENTS=1
  // (tests) hands out tokens anyway, to follow who waits for what.
  void *recordEvent(int, void *, const SourceLoc &) override {
    const char *E = std::getenv("O2C_EMU_EVENTS");
    return E && std::strcmp(E, "1") == 0 ? new char('e') : nullptr;
  }
  void waitEvent(int, void *, void *, const SourceLoc &) override {}
  void destroyEvent(int, void *E) override { delete static_cast<char *>(E); }
  void eventSynchronize(int, void *, const SourceLoc &) override {}
  bool copyLeavesHostFree(const void *) override { return true; }
  bool eventDone(int, void *) override { return true; } // complete when made

  // Once: every region asks (its launch shape), and hardware_concurrency()
  // reads /sys/devices/system/cpu/online each time (6 microseconds of system
  // time per region, 20-40 on a loaded machine, most of an empty region).
  DeviceProps props(int) override {
    static const int Workers = emuWorkers();
    return {Workers, 1024, 32, 227 * 1024}; // sm_90's opt-in limit
  }

  // Emulated device memory is host memory: the variable is its own copy.
  void *symbolAddress(int, const void *Symbol, const SourceLoc &) override {
    return const_cast<void *>(Symbol);
  }

private:
  std::mutex PoolLock; // guards the stream pool
  std::vector<std::uintptr_t> Free;
  std::uintptr_t Total = 0;
};

} // namespace

Backend &backend() {
  // Never destroyed: a nowait task's tail may still run on a helper thread
  // after the program's last taskwait returned and main exited (scripts/tsan:
  // memcpy_async_helpers, ~EmuBackend raced releaseStream).
  static auto *B = new CountedBackend<EmuBackend>();
  return *B;
}

} // namespace o2c::detail

