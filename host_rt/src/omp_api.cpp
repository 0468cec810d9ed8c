// The OpenMP device memory routines under their own names, for calls the
// translator did not route to o2c:: (in headers, in templates). The host
// library does not always have them: clang's libomp leaves them to
// libomptarget, which omp2cuda does not link, and GCC's libgomp, built
// without offloading, knows no device. Here they answer for omp2cuda's
// devices, as the routed calls do. Only these: the host OpenMP library uses
// none of them itself, while omp_get_num_devices and its kind must stay the
// library's own. omp_target_memcpy_async and _rect_async have no such
// stand-in: their copy is an OpenMP task, which only code compiled with the
// program's OpenMP can create (omp2cuda/memcpy_async.h), so a call that was
// not routed fails to link rather than copy out of order.
#include "omp2cuda/host_rt.h"

#include <cstddef>

extern "C" {

void *omp_target_alloc(std::size_t Bytes, int Dev) {
  return o2c::targetAlloc(Bytes, Dev);
}

void omp_target_free(void *P, int Dev) { o2c::targetFree(P, Dev); }

int omp_target_is_present(const void *P, int Dev) {
  return o2c::targetIsPresent(P, Dev);
}

int omp_target_memcpy(void *Dst, const void *Src, std::size_t Length,
                      std::size_t DstOffset, std::size_t SrcOffset, int DstDev,
                      int SrcDev) {
  return o2c::targetMemcpy(Dst, Src, Length, DstOffset, SrcOffset, DstDev,
                           SrcDev);
}

int omp_target_memcpy_rect(void *Dst, const void *Src, std::size_t ElemBytes,
                           int NumDims, const std::size_t *Volume,
                           const std::size_t *DstOffsets,
                           const std::size_t *SrcOffsets,
                           const std::size_t *DstDims,
                           const std::size_t *SrcDims, int DstDev, int SrcDev) {
  return o2c::targetMemcpyRect(Dst, Src, ElemBytes, NumDims, Volume, DstOffsets,
                               SrcOffsets, DstDims, SrcDims, DstDev, SrcDev);
}

int omp_target_is_accessible(const void *P, std::size_t Bytes, int Dev) {
  return o2c::targetIsAccessible(P, Bytes, Dev);
}

void *omp_get_mapped_ptr(const void *P, int Dev) {
  return o2c::mappedPtr(P, Dev);
}

} // extern "C"
