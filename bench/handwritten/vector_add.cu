// Hand-written CUDA for examples/vector_add.c (seed 000 Fig. 6): a
// grid-stride loop, restrict-qualified base pointers, 64-bit-free indexing.
// Compile-only reference for scripts/bench.
extern "C" __global__ void hw_vector_add(double *__restrict__ a,
                                         const double *__restrict__ b,
                                         const double *__restrict__ c, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    a[i] = b[i] + c[i];
}

void launch_vector_add(double *a, const double *b, const double *c, int n) {
  int threads = 256, blocks = (n + threads - 1) / threads;
  if (blocks > 132 * 32)
    blocks = 132 * 32;
  hw_vector_add<<<blocks, threads>>>(a, b, c, n);
}
