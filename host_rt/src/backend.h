// The device behind the runtime: one implementation per library
// (backend_cuda.cpp in libomp2cuda_rt_cuda, backend_emu.cpp in
// libomp2cuda_rt_emu). Everything above it (present table, map semantics,
// device selection) is shared and lives in target_region.cpp.
//
// Every call that can fail takes the location of the construct it works for,
// because a runtime error must name the user's region (ARCHITECTURE §5), and
// a backend cannot know it otherwise.
#ifndef OMP2CUDA_HOST_RT_BACKEND_H
#define OMP2CUDA_HOST_RT_BACKEND_H

#include "omp2cuda/host_rt.h"

#include <cstddef>
#include <cstdlib>
#include <string>

namespace o2c::detail {

class Backend {
public:
  virtual ~Backend() = default;
  virtual const char *name() = 0;
  /// Usable devices; a missing driver or GPU is 0, not an error.
  virtual int numDevices() = 0;
  /// Why numDevices() is 0, for the OMP_TARGET_OFFLOAD=MANDATORY error.
  virtual std::string noDeviceReason() { return ""; }
  /// Whether every device can dereference any host address (`requires
  /// unified_shared_memory`); empty when it can, else why not.
  virtual std::string noUnifiedSharedMemory() { return ""; }
  /// Whether a kernel on Dev may dereference the host bytes [P, P + Bytes)
  /// that no map put there (omp_target_is_accessible).
  virtual bool hostAccessible(int Dev, const void *P, std::size_t Bytes) = 0;

  virtual void *alloc(int Dev, std::size_t Bytes, const SourceLoc &L) = 0;
  virtual void free(int Dev, void *P, const SourceLoc &L) = 0;
  /// As alloc, but null when the device is out of memory (the caller may
  /// free some and try again).
  virtual void *tryAlloc(int Dev, std::size_t Bytes, const SourceLoc &L) {
    return alloc(Dev, Bytes, L);
  }
  /// A block of Bytes the device memory cache hands out again (a fresh
  /// allocation to the program).
  virtual void recycled(int, void *, std::size_t) {}
  /// Copies queued on Stream; complete after synchronize(Stream).
  virtual void toDevice(int Dev, void *D, const void *H, std::size_t Bytes,
                        void *Stream, const SourceLoc &L) = 0;
  virtual void toHost(int Dev, void *H, const void *D, std::size_t Bytes,
                      void *Stream, const SourceLoc &L) = 0;

  /// Streams come from a pool: a region borrows one for all its work.
  virtual void *acquireStream(int Dev, const SourceLoc &L) = 0;
  virtual void releaseStream(int Dev, void *Stream) = 0;
  virtual void synchronize(int Dev, void *Stream, const SourceLoc &L) = 0;
  virtual void checkLaunch(int Dev, void *Stream, const SourceLoc &L) = 0;

  /// Orders work across streams: an event recorded after the work queued so
  /// far on Stream, or null when that work is already complete (a backend
  /// whose copies are synchronous needs no events).
  virtual void *recordEvent(int Dev, void *Stream, const SourceLoc &L) = 0;
  /// Work queued on Stream from now on waits for Event; does not block.
  virtual void waitEvent(int Dev, void *Stream, void *Event,
                         const SourceLoc &L) = 0;
  virtual void destroyEvent(int Dev, void *Event) = 0;
  /// Blocks the host until Event has fired.
  virtual void eventSynchronize(int Dev, void *Event, const SourceLoc &L) = 0;
  /// Whether a copy from the host bytes at H to the device, once queued,
  /// no longer reads them: the host may change them while the copy is still
  /// on its way. CUDA stages a copy from pageable memory before
  /// cudaMemcpyAsync returns, not one from page-locked or managed memory.
  virtual bool copyLeavesHostFree(const void *H) = 0;

  /// Staging copies through page-locked memory (staging.h): whether it pays
  /// for pageable memory, a page-locked buffer of Bytes (null: none), and
  /// whether Event has fired, without blocking (a null event has).
  virtual bool stagingPays() { return false; }
  virtual void *allocPinned(std::size_t Bytes) { return std::malloc(Bytes); }
  virtual bool eventDone(int Dev, void *Event) { return Event == nullptr; }

  virtual DeviceProps props(int Dev) = 0;

  /// The device address of a `__device__` variable of the program, given
  /// the address the host sees for it (under nvcc its host shadow, under
  /// the emulation the variable itself).
  virtual void *symbolAddress(int Dev, const void *Symbol,
                              const SourceLoc &L) = 0;
};

/// The backend this library was built with; exactly one backend file
/// defines it.
Backend &backend();

/// Location for errors outside any construct (device queries, clean-up).
const SourceLoc &runtimeLoc();

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_BACKEND_H
