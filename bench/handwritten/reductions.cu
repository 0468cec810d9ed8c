// Hand-written CUDA for examples/reductions.c: sum, max and min of one array
// in one kernel. Per-thread partials over a grid-stride loop, warp shuffles,
// one shared-memory step per block, one atomic per block and result.
// Compile-only reference for scripts/bench.
#include <cfloat>

__device__ __forceinline__ void atomicMaxDouble(double *addr, double v) {
  unsigned long long *p = reinterpret_cast<unsigned long long *>(addr);
  unsigned long long old = *p, assumed;
  while (__longlong_as_double(old) < v) {
    assumed = old;
    old = atomicCAS(p, assumed, __double_as_longlong(v));
    if (old == assumed)
      break;
  }
}

__device__ __forceinline__ void atomicMinDouble(double *addr, double v) {
  unsigned long long *p = reinterpret_cast<unsigned long long *>(addr);
  unsigned long long old = *p, assumed;
  while (__longlong_as_double(old) > v) {
    assumed = old;
    old = atomicCAS(p, assumed, __double_as_longlong(v));
    if (old == assumed)
      break;
  }
}

// out[0] = sum (initialised to 0), out[1] = max (-DBL_MAX), out[2] = min
// (DBL_MAX) by the host before the launch. blockDim.x <= 1024.
extern "C" __global__ void hw_reductions(const double *__restrict__ x, int n,
                                         double *__restrict__ out) {
  double sum = 0.0, mx = -DBL_MAX, mn = DBL_MAX;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    const double v = x[i];
    sum += v;
    mx = fmax(mx, v);
    mn = fmin(mn, v);
  }
  for (int off = 16; off > 0; off >>= 1) {
    sum += __shfl_down_sync(0xffffffffu, sum, off);
    mx = fmax(mx, __shfl_down_sync(0xffffffffu, mx, off));
    mn = fmin(mn, __shfl_down_sync(0xffffffffu, mn, off));
  }
  __shared__ double s_sum[32], s_max[32], s_min[32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) {
    s_sum[warp] = sum;
    s_max[warp] = mx;
    s_min[warp] = mn;
  }
  __syncthreads();
  if (warp == 0) {
    const int nwarps = (blockDim.x + 31) >> 5;
    sum = lane < nwarps ? s_sum[lane] : 0.0;
    mx = lane < nwarps ? s_max[lane] : -DBL_MAX;
    mn = lane < nwarps ? s_min[lane] : DBL_MAX;
    for (int off = 16; off > 0; off >>= 1) {
      sum += __shfl_down_sync(0xffffffffu, sum, off);
      mx = fmax(mx, __shfl_down_sync(0xffffffffu, mx, off));
      mn = fmin(mn, __shfl_down_sync(0xffffffffu, mn, off));
    }
    if (lane == 0) {
      atomicAdd(&out[0], sum);
      atomicMaxDouble(&out[1], mx);
      atomicMinDouble(&out[2], mn);
    }
  }
}

void launch_reductions(const double *x, int n, double *out) {
  int threads = 256, blocks = (n + threads - 1) / threads;
  if (blocks > 132 * 8)
    blocks = 132 * 8;
  hw_reductions<<<blocks, threads>>>(x, n, out);
}
