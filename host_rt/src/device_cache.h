// A cache of device memory between the present table and the backend
// (docs/async.md, "Device memory cache"). Every map that creates a device
// copy allocates and every last release frees; a program that maps its
// temporaries in each iteration (LULESH: 92 of each per iteration) would
// call cudaMalloc and cudaFree that often, and cudaFree waits for the whole
// device. Freed blocks are kept by size class and handed out again.
//
// A freed block may still be read or written by work queued before the free
// on some stream (a `nowait` region released its reference before its
// stream was synchronised; an abandoned region's kernel). So a block is
// reusable only once every stream that had work queued when it was freed
// has been synchronised since (stream_work.h, busyStreams/syncedSince); a
// stream without queued work has nothing running. Blocks not yet reusable
// simply wait: the allocation goes to the backend.
//
// The cache holds at most O2C_DEVICE_CACHE MiB per process (default 1024;
// 0 turns it off); past that, the oldest blocks go back to the backend
// (cudaFree waits for the device, so that is safe whatever is queued). An
// allocation the device cannot serve first hands every cached block back and
// tries again; so does omp_target_alloc, whose memory the cache never holds
// (the program owns it and may use it outside the runtime's streams).
#ifndef OMP2CUDA_HOST_RT_DEVICE_CACHE_H
#define OMP2CUDA_HOST_RT_DEVICE_CACHE_H

#include "omp2cuda/host_rt.h"

#include <cstddef>

namespace o2c::detail {

/// At least Bytes of device memory on Dev, from the cache when a block of
/// the size class is reusable.
void *cacheAlloc(int Dev, std::size_t Bytes, const SourceLoc &L);
/// P (from cacheAlloc) is free: kept for reuse, or given back.
void cacheFree(int Dev, void *P, const SourceLoc &L);
/// Bytes of device memory from the backend, giving the cache's blocks back
/// first when the device is out of memory (omp_target_alloc).
void *uncachedAlloc(int Dev, std::size_t Bytes, const SourceLoc &L);
/// Gives every cached block of Dev (every device: Dev < 0) to the backend.
void releaseCache(int Dev);
/// The most bytes the cache keeps (O2C_DEVICE_CACHE), and a new limit (the
/// tests'), down to which the oldest blocks go back at once; 0: no cache.
std::size_t cacheLimit();
void setCacheLimit(std::size_t Bytes);
/// Bytes the cache holds now (all devices), for the tests.
std::size_t cachedBytes();
/// The size class of Bytes: what cacheAlloc allocates for it.
std::size_t sizeClass(std::size_t Bytes);

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_DEVICE_CACHE_H
