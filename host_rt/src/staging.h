// Copies to the device through page-locked staging buffers (issue 12 point
// 2, seed 001 §3.3). CUDA copies from pageable host memory through its own
// small staging buffers, chunk by chunk, with the calling thread copying and
// waiting; from page-locked memory the DMA engine reads the bytes itself,
// at full bandwidth, while the thread goes on. For a deferred target task
// whose host data is pageable, the thread issuing it copies the bytes into
// a page-locked buffer of a pool (a plain memcpy, at the task's map time:
// OpenMP's map(to:) reads the host data when the task maps it, and so does
// this) and queues an asynchronous copy from there. The buffer goes back to
// the pool once an event recorded after that copy has fired.
//
// Copies to the host are not staged: a copy into pageable memory keeps
// returning only when its bytes are in place, which a staged copy would
// have to reproduce at every synchronisation that may be followed by a
// read of those bytes, an error path included.
#ifndef OMP2CUDA_HOST_RT_STAGING_H
#define OMP2CUDA_HOST_RT_STAGING_H

#include "omp2cuda/host_rt.h"

#include <cstddef>

namespace o2c::detail {

/// Queues the copy of [H, H + Bytes) to D on Stream through a staging
/// buffer when that pays (below) and one is free; true when it did (the
/// host bytes are read before it returns), false to copy directly.
///
/// It pays (O2C_STAGING unset) on a backend whose direct copies from
/// pageable memory are slow (Backend::stagingPays: CUDA), in a deferred
/// task (a helper, or the thread issuing it inline), for pageable memory
/// (copyLeavesHostFree) and at least O2C_STAGING_MIN bytes (default 65536).
/// O2C_STAGING=0 turns it off; O2C_STAGING=1 stages every copy of at least
/// O2C_STAGING_MIN bytes on any backend and thread (tests: the emulated
/// device then copies twice). The pool holds at most O2C_STAGING_MB MiB
/// (default 64).
bool stagedToDevice(int Dev, void *D, const void *H, std::size_t Bytes,
                    void *Stream, const SourceLoc &L);

/// Bytes of page-locked memory the pool holds (tests).
std::size_t stagingPoolBytes();

/// For tests: staging forced on (true) or back to the environment's
/// policy, with copies of at least MinBytes staged.
void forceStagingForTests(bool On, std::size_t MinBytes);

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_STAGING_H
