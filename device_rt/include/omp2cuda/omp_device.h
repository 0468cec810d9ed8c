// The OpenMP API as seen from inside an omp2cuda kernel. The translator
// rewrites calls such as omp_get_thread_num() in device code to
// o2c_dev::omp_get_thread_num(), because a __device__ overload of the host
// omp.h declaration would clash with it.
//
// Kernel shapes: a grid-stride kernel runs one OpenMP team per CUDA block and
// one OpenMP thread per CUDA thread; a sequential target region runs as one
// block of one thread.
#ifndef OMP2CUDA_OMP_DEVICE_H
#define OMP2CUDA_OMP_DEVICE_H

namespace o2c_dev {

__device__ inline int omp_is_initial_device() { return 0; }
__device__ inline int omp_get_team_num() { return static_cast<int>(blockIdx.x); }
__device__ inline int omp_get_num_teams() { return static_cast<int>(gridDim.x); }
__device__ inline int omp_get_thread_num() {
  return static_cast<int>(threadIdx.x);
}
__device__ inline int omp_get_num_threads() {
  return static_cast<int>(blockDim.x);
}
__device__ inline int omp_get_thread_limit() {
  return static_cast<int>(blockDim.x);
}
__device__ inline int omp_get_max_threads() {
  return static_cast<int>(blockDim.x);
}
__device__ inline int omp_in_parallel() { return blockDim.x > 1; }
__device__ inline int omp_get_level() { return blockDim.x > 1 ? 1 : 0; }
__device__ inline int omp_get_active_level() { return blockDim.x > 1 ? 1 : 0; }
__device__ inline int omp_get_num_procs() { return static_cast<int>(gridDim.x * blockDim.x); }
__device__ inline int omp_in_final() { return 0; }
__device__ inline int omp_get_dynamic() { return 0; }
__device__ inline int omp_get_nested() { return 0; }
__device__ inline int omp_get_max_active_levels() { return 1; }
// Kernels do not know which of several GPUs runs them; omp2cuda offloads to
// the default device unless a device clause says otherwise.
__device__ inline int omp_get_device_num() { return 0; }

} // namespace o2c_dev

#endif // OMP2CUDA_OMP_DEVICE_H
