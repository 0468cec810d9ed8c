// The OpenMP device memory routines under their own names, for calls the
// translator did not route to o2c:: (in headers, in templates). The host
// library does not always have them: clang's libomp leaves them to
// libomptarget, which omp2cuda does not link, and GCC's libgomp, built
// without offloading, knows no device. Here they answer for omp2cuda's
// devices, as the routed calls do. Only these: the host OpenMP library uses
// none of them itself, while omp_get_num_devices and its kind must stay the
// library's own.
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

} // extern "C"
