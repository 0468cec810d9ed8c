static inline void header_kernel(double *a, int n) {
#pragma omp target teams distribute parallel for map(from: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = 2.0;
}
