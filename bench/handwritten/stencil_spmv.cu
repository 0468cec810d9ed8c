// Hand-written CUDA for examples/stencil_spmv.c, written the usual way for
// these two kernels: a 2-D grid of 2-D blocks with one thread per interior
// point for the Jacobi sweep, and one thread per row for the CSR product
// (the "scalar" CSR kernel), each behind an `if` guard.
// Compile-only reference for scripts/bench.
extern "C" __global__ void hw_jacobi_sweep(const double *__restrict__ in,
                                           double *__restrict__ out,
                                           const double *__restrict__ f, int n,
                                           double h2) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i < n - 1 && j < n - 1)
    out[i * n + j] = 0.25 * (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                             in[i * n + j - 1] + in[i * n + j + 1] -
                             h2 * f[i * n + j]);
}

extern "C" __global__ void hw_spmv(const int *__restrict__ row_ptr,
                                   const int *__restrict__ col,
                                   const double *__restrict__ val,
                                   const double *__restrict__ x,
                                   double *__restrict__ y, int rows) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    double s = 0.0;
    for (int k = row_ptr[r]; k < row_ptr[r + 1]; k++)
      s += val[k] * x[col[k]];
    y[r] = s;
  }
}

void launch_stencil_spmv(const double *in, double *out, const double *f, int n,
                         const int *row_ptr, const int *col, const double *val,
                         const double *x, double *y, int rows) {
  dim3 block(32, 8), grid((n - 2 + 31) / 32, (n - 2 + 7) / 8);
  hw_jacobi_sweep<<<grid, block>>>(in, out, f, n, 4.0);
  hw_spmv<<<(rows + 127) / 128, 128>>>(row_ptr, col, val, x, y, rows);
}
