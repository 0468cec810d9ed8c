// Counts every call the runtime makes into its backend (stream_work.h:
// Api), named for the CUDA runtime call the cuda backend makes for it. Each
// backend file wraps its class in it (backend()), so the counts of a run on
// the emulated device are the calls the same run makes on a GPU, split
// into those made for deferred (nowait) tasks and the others (O2C_STATS).
#ifndef OMP2CUDA_HOST_RT_COUNTED_BACKEND_H
#define OMP2CUDA_HOST_RT_COUNTED_BACKEND_H

#include "backend.h"
#include "stream_work.h"

namespace o2c::detail {

template <class B> class CountedBackend final : public B {
public:
  void *alloc(int Dev, std::size_t Bytes, const SourceLoc &L) override {
    noteApi(Api::Malloc);
    return B::alloc(Dev, Bytes, L);
  }
  void *tryAlloc(int Dev, std::size_t Bytes, const SourceLoc &L) override {
    noteApi(Api::Malloc);
    return B::tryAlloc(Dev, Bytes, L);
  }
  void free(int Dev, void *P, const SourceLoc &L) override {
    noteApi(Api::Free);
    B::free(Dev, P, L);
  }
  void toDevice(int Dev, void *D, const void *H, std::size_t Bytes, void *S,
                const SourceLoc &L) override {
    noteApi(Api::MemcpyToDevice);
    B::toDevice(Dev, D, H, Bytes, S, L);
  }
  void toHost(int Dev, void *H, const void *D, std::size_t Bytes, void *S,
              const SourceLoc &L) override {
    noteApi(Api::MemcpyToHost);
    B::toHost(Dev, H, D, Bytes, S, L);
  }
  void synchronize(int Dev, void *S, const SourceLoc &L) override {
    noteApi(Api::StreamSynchronize);
    B::synchronize(Dev, S, L);
  }
  void checkLaunch(int Dev, void *S, const SourceLoc &L) override {
    noteApi(Api::GetLastError);
    B::checkLaunch(Dev, S, L);
  }
  void *recordEvent(int Dev, void *S, const SourceLoc &L) override {
    noteApi(Api::EventRecord);
    return B::recordEvent(Dev, S, L);
  }
  void waitEvent(int Dev, void *S, void *E, const SourceLoc &L) override {
    noteApi(Api::StreamWaitEvent);
    B::waitEvent(Dev, S, E, L);
  }
  void destroyEvent(int Dev, void *E) override {
    noteApi(Api::EventDestroy);
    B::destroyEvent(Dev, E);
  }
  void eventSynchronize(int Dev, void *E, const SourceLoc &L) override {
    noteApi(Api::EventSynchronize);
    B::eventSynchronize(Dev, E, L);
  }
  bool eventDone(int Dev, void *E) override {
    noteApi(Api::EventQuery);
    return B::eventDone(Dev, E);
  }
  bool copyLeavesHostFree(const void *H) override {
    noteApi(Api::PointerAttributes);
    return B::copyLeavesHostFree(H);
  }
};

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_COUNTED_BACKEND_H
