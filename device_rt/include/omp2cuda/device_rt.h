// The one header every omp2cuda-generated .cu file includes. It selects the
// device backend: nvcc compiles against the CUDA runtime, any other C++
// compiler against the CPU emulation (omp2cuda/emu/cuda_emu.h).
#ifndef OMP2CUDA_DEVICE_RT_H
#define OMP2CUDA_DEVICE_RT_H

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#else
#include "omp2cuda/emu/cuda_emu.h"
#endif

#include "omp2cuda/device_copy.h"
#include "omp2cuda/host_rt.h"
#include "omp2cuda/launch.h"
#include "omp2cuda/async.h"
#include "omp2cuda/omp_device.h"
#include "omp2cuda/reduction.h"
#include "omp2cuda/std_device.h"
#include "omp2cuda/spmd.h"

#endif // OMP2CUDA_DEVICE_RT_H
