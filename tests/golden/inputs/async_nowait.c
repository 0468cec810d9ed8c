// Deferred target tasks (docs/async.md): a nowait region, a nowait + depend
// chain with data constructs, and a firstprivate value bound at the
// encounter.
void chain(double *x, double *y, int n, double a) {
#pragma omp target enter data map(to: x[0:n]) map(alloc: y[0:n]) nowait \
    depend(out: x[0:n], y[0:n])
#pragma omp target teams distribute parallel for firstprivate(a) nowait \
    depend(in: x[0:n]) depend(inout: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i];
#pragma omp target update from(y[0:n]) nowait depend(in: y[0:n])
#pragma omp target exit data map(release: x[0:n], y[0:n]) nowait \
    depend(inout: x[0:n], y[0:n])
#pragma omp taskwait
}

void plain(float *v, int n) {
#pragma omp target parallel for map(tofrom: v[0:n]) nowait
  for (int i = 0; i < n; ++i)
    v[i] += 1.0f;
#pragma omp taskwait
}
