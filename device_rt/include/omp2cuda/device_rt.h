// The one header every omp2cuda-generated .cu file includes. It selects the
// device backend: nvcc compiles against the CUDA runtime, any other C++
// compiler against the CPU emulation (omp2cuda/emu/cuda_emu.h).
#ifndef OMP2CUDA_DEVICE_RT_H
#define OMP2CUDA_DEVICE_RT_H

#if defined(__CUDACC__)
#include <cuda_runtime.h>
// nvcc gives the host compiler each `__host__ __device__` lambda written in
// host code (one a region calls, marked by omp2cuda) as a wrapper class that
// is not trivially copyable. A host fallback that maps such a lambda object
// draws clang's warning, though the host's OpenMP, with no offload target,
// copies nothing (the stub passes the lambda to the kernel, as nvcc allows).
#if defined(__clang__) && !defined(__CUDA_ARCH__)
#pragma clang diagnostic ignored "-Wopenmp-mapping"
#endif
#else
#include "omp2cuda/emu/cuda_emu.h"
#endif

#include "omp2cuda/device_copy.h"
#include "omp2cuda/host_rt.h"
#include "omp2cuda/launch.h"
#include "omp2cuda/loops.h"
#include "omp2cuda/async.h"
#include "omp2cuda/memcpy_async.h"
#include "omp2cuda/omp_device.h"
#include "omp2cuda/reduction.h"
#include "omp2cuda/gnu_atomics.h"
#include "omp2cuda/std_device.h"
#include "omp2cuda/spmd.h"
#include "omp2cuda/indirect.h"

#endif // OMP2CUDA_DEVICE_RT_H
