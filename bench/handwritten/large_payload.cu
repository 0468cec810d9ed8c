// Hand-written CUDA for examples/large_payload.c (seed 000 Fig. 7): the
// vector add with an unrollable inner loop of N_LOOP iterations, operands
// kept in registers. Compile-only reference for scripts/bench.
#define N_LOOP 100

extern "C" __global__ void hw_large_payload(double *__restrict__ a,
                                            const double *__restrict__ b,
                                            const double *__restrict__ c,
                                            int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    double s = a[i];
    const double t = b[i] + c[i];
    for (int j = 0; j < N_LOOP; j++)
      s += t;
    a[i] = s;
  }
}

void launch_large_payload(double *a, const double *b, const double *c, int n) {
  int threads = 256, blocks = (n + threads - 1) / threads;
  if (blocks > 132 * 32)
    blocks = 132 * 32;
  hw_large_payload<<<blocks, threads>>>(a, b, c, n);
}
