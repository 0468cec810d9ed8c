// collapse(2) matrix multiply with a sequential inner k loop.
#define N 128

void matmul(const double A[N][N], const double B[N][N], double C[N][N]) {
#pragma omp target teams distribute parallel for collapse(2) map(to: A[0:N], B[0:N]) map(from: C[0:N])
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0.0;
      for (int k = 0; k < N; ++k)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}
