// Sum, max and min of one array in one region.
void stats(const double *x, int n, double *out) {
  double sum = 0.0, mx = -1.0e300, mn = 1.0e300;
#pragma omp target teams distribute parallel for reduction(+: sum) reduction(max: mx) reduction(min: mn) map(to: x[0:n])
  for (int i = 0; i < n; ++i) {
    sum += x[i];
    mx = x[i] > mx ? x[i] : mx;
    mn = x[i] < mn ? x[i] : mn;
  }
  out[0] = sum;
  out[1] = mx;
  out[2] = mn;
}
