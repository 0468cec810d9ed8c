// A firstprivate scalar the region assigns and never reads (LULESH's
// vol_error): the kernel parameter is only set, which nvcc reported as
// warning #550 ("set but never used"). The translation must compile
// warning-free (nvcc.golden.firstprivate_written).
int negative_volumes(const double *v, double *twice, int n) {
  int vol_error = -1;
#pragma omp target teams distribute parallel for num_teams(128) thread_limit(64) map(to: v[0:n]) map(from: twice[0:n])
  for (int i = 0; i < n; ++i) {
    twice[i] = 2.0 * v[i];
    if (v[i] <= 0.0)
      vol_error = i;
  }
  return vol_error;
}

long last_written(long *out, int n) {
  long seen = 7;
#pragma omp target firstprivate(seen) map(from: out[0:n])
  for (int i = 0; i < n; ++i) {
    out[i] = i * 3L;
    seen = out[i];
  }
  return seen;
}
