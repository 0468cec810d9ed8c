// Hand-written CUDA for examples/matmul_collapse.c: the (i, j) nest
// linearised into one grid-stride loop, the k loop sequential per thread
// (the same work decomposition as collapse(2); no tiling, to compare like
// with like). Compile-only reference for scripts/bench.
extern "C" __global__ void hw_matmul_collapse(const double *__restrict__ A,
                                              const double *__restrict__ B,
                                              double *__restrict__ C, int n,
                                              int m, int p) {
  const long total = (long)n * m;
  for (long idx = blockIdx.x * (long)blockDim.x + threadIdx.x; idx < total;
       idx += (long)blockDim.x * gridDim.x) {
    const int i = (int)(idx / m), j = (int)(idx % m);
    const double *a = A + (long)i * p;
    double s = 0.0;
    for (int k = 0; k < p; ++k)
      s += a[k] * B[(long)k * m + j];
    C[idx] = s;
  }
}

void launch_matmul_collapse(const double *A, const double *B, double *C, int n,
                            int m, int p) {
  int threads = 256;
  long blocks = ((long)n * m + threads - 1) / threads;
  if (blocks > 132 * 32)
    blocks = 132 * 32;
  hw_matmul_collapse<<<(int)blocks, threads>>>(A, B, C, n, m, p);
}
