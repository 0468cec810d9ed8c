// The device behind the runtime: one implementation per library
// (backend_cuda.cpp in libomp2cuda_rt_cuda, backend_emu.cpp in
// libomp2cuda_rt_emu). Everything above it (present table, map semantics,
// device selection) is shared.
#ifndef OMP2CUDA_HOST_RT_BACKEND_H
#define OMP2CUDA_HOST_RT_BACKEND_H

#include "omp2cuda/host_rt.h"

#include <cstddef>

namespace o2c::detail {

class Backend {
public:
  virtual ~Backend() = default;
  virtual const char *name() const = 0;
  virtual int numDevices() = 0;
  virtual void *alloc(int Dev, std::size_t Bytes, const SourceLoc &L) = 0;
  virtual void release(int Dev, void *P) = 0;
  virtual void toDevice(int Dev, void *D, const void *H, std::size_t Bytes,
                        void *Stream, const SourceLoc &L) = 0;
  virtual void toHost(int Dev, void *H, const void *D, std::size_t Bytes,
                      void *Stream, const SourceLoc &L) = 0;
  virtual void *acquireStream(int Dev, const SourceLoc &L) = 0;
  virtual void releaseStream(int Dev, void *Stream) = 0;
  virtual void synchronize(int Dev, void *Stream, const SourceLoc &L) = 0;
  virtual void checkLaunch(int Dev, void *Stream, const SourceLoc &L) = 0;
  virtual DeviceProps props(int Dev) = 0;
};

/// The backend this library was built with.
Backend &backend();

} // namespace o2c::detail

#endif
