// The runtime's side of `declare target` variables (declare_target.cpp).
#ifndef OMP2CUDA_HOST_RT_DECLARED_VARS_H
#define OMP2CUDA_HOST_RT_DECLARED_VARS_H

#include "omp2cuda/host_rt.h"

#include <cstddef>

namespace o2c::detail {

class PresentTable;

/// Called once for each device's new present table: enters the device
/// copies of the variables registered so far, and of those registered
/// later.
void enterDeclared(int Dev, PresentTable &T);

/// A map just gave [Host, Host + Bytes) new device storage at Dev on
/// device DevNum (work queued on Stream): points the device pointer of
/// every `declare target link` variable whose bytes it holds at them, and
/// waits for Stream, so that a kernel on any stream sees the pointer.
void linkMapped(int DevNum, const void *Host, std::size_t Bytes, void *Dev,
                void *Stream, const SourceLoc &L);

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_DECLARED_VARS_H
