// Two kernels of real applications, for scripts/bench (issue 11 point 4):
// a Jacobi sweep of the 2-D five-point Laplacian (collapse(2) over the
// interior), and a sparse matrix-vector product over a CSR matrix (a row
// per iteration, its nonzeros in a sequential inner loop). Neither names
// num_teams: the stub gives each a thread per iteration. Self-checking;
// prints exact checksums. stderr says where it ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

/* One sweep: out = average of in's four neighbours plus the source term. */
static void jacobi_sweep(const double *in, double *out, const double *f,
                         int n, double h2) {
#pragma omp target teams distribute parallel for collapse(2) \
    map(to: in[0:n * n], f[0:n * n]) map(tofrom: out[0:n * n])
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      out[i * n + j] = 0.25 * (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                               in[i * n + j - 1] + in[i * n + j + 1] -
                               h2 * f[i * n + j]);
}

/* y = A x, A in CSR form (row_ptr, col, val). */
static void spmv(const int *row_ptr, const int *col, const double *val,
                 const double *x, double *y, int rows, int nnz, int cols) {
#pragma omp target teams distribute parallel for \
    map(to: row_ptr[0:rows + 1], col[0:nnz], val[0:nnz], x[0:cols]) \
    map(from: y[0:rows])
  for (int r = 0; r < rows; r++) {
    double s = 0.0;
    for (int k = row_ptr[r]; k < row_ptr[r + 1]; k++)
      s += val[k] * x[col[k]];
    y[r] = s;
  }
}

int main(void) {
  const int n = 66;
  double *u = (double *)calloc(n * n, sizeof(double));
  double *v = (double *)calloc(n * n, sizeof(double));
  double *f = (double *)malloc(n * n * sizeof(double));
  for (int k = 0; k < n * n; k++)
    f[k] = (double)((k * 7) % 5) - 2.0; /* small integers: exact sums */
  for (int it = 0; it < 10; it++) {
    jacobi_sweep(u, v, f, n, 4.0);
    jacobi_sweep(v, u, f, n, 4.0);
  }
  /* The same sweeps on the host. */
  double *hu = (double *)calloc(n * n, sizeof(double));
  double *hv = (double *)calloc(n * n, sizeof(double));
  int errors = 0;
  for (int it = 0; it < 20; it++) {
    double *in = it % 2 ? hv : hu, *out = it % 2 ? hu : hv;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        out[i * n + j] = 0.25 * (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                                 in[i * n + j - 1] + in[i * n + j + 1] -
                                 4.0 * f[i * n + j]);
  }
  double su = 0.0;
  for (int k = 0; k < n * n; k++) {
    errors += u[k] != hu[k];
    su += u[k];
  }

  /* A banded matrix with integer entries, 1 to 5 nonzeros a row. */
  const int rows = 3000, cols = 3000;
  int *row_ptr = (int *)malloc((rows + 1) * sizeof(int));
  int *col = (int *)malloc(5 * rows * sizeof(int));
  double *val = (double *)malloc(5 * rows * sizeof(double));
  double *x = (double *)malloc(cols * sizeof(double));
  double *y = (double *)malloc(rows * sizeof(double));
  int nnz = 0;
  for (int r = 0; r < rows; r++) {
    row_ptr[r] = nnz;
    for (int d = -2; d <= 2; d++)
      if (r + d >= 0 && r + d < cols && (r + d + 5) % 5 <= r % 5) {
        col[nnz] = r + d;
        val[nnz] = (double)(d + 3);
        nnz++;
      }
  }
  row_ptr[rows] = nnz;
  for (int c = 0; c < cols; c++)
    x[c] = (double)(c % 17);
  spmv(row_ptr, col, val, x, y, rows, nnz, cols);
  double sy = 0.0;
  for (int r = 0; r < rows; r++) {
    double s = 0.0;
    for (int k = row_ptr[r]; k < row_ptr[r + 1]; k++)
      s += val[k] * x[col[k]];
    errors += y[r] != s;
    sy += y[r];
  }
  printf("stencil_spmv: jacobi=%.6f spmv=%.1f nnz=%d errors=%d\n", su, sy, nnz,
         errors);
  fprintf(stderr, "stencil_spmv: ran on %s\n", ran_on_device() ? "device" : "host");
  free(u); free(v); free(f); free(hu); free(hv);
  free(row_ptr); free(col); free(val); free(x); free(y);
  return errors != 0;
}
