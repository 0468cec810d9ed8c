// Calls through function pointers in device code (OpenMP 5.1 `declare
// target ... indirect`). A pointer the host took holds the host's address
// of the function; the translator gives each unit a table of the host
// addresses of its indirect functions, which the runtime fills on each
// device (o2c::IndirectTable), and a lookup that turns a host address into
// the device's. A pointer to no indirect function of the unit has no device
// address: calling it is unspecified in OpenMP, and here it stops the
// kernel with a message rather than jump to a host address.
#ifndef OMP2CUDA_INDIRECT_H
#define OMP2CUDA_INDIRECT_H

#include <cstdio>
#if !defined(__CUDACC__)
#include <cstdlib>
#endif

namespace o2c_dev {

__device__ inline void indirectMissing(const void *P) {
  printf("omp2cuda: device code called the function pointer %p, which is "
         "no 'declare target indirect' function of its file\n",
         P);
#if defined(__CUDA_ARCH__)
  __trap();
#elif !defined(__CUDACC__)
  std::abort();
#endif
}

} // namespace o2c_dev

#endif // OMP2CUDA_INDIRECT_H
