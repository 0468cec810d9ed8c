// Nowait constructs with depend(mutexinoutset): libomp ends a task's mutual
// exclusion when its body returns, so they never take the detached host
// task, whose target task would still run on a helper (docs/async.md).
void scale(double *y, int n, int *m) {
#pragma omp target teams distribute parallel for nowait depend(mutexinoutset: m[0]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] *= 2;
#pragma omp target update from(y[0:n]) nowait depend(mutexinoutset: m[0])
#pragma omp target teams distribute parallel for nowait depend(inout: m[0]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] += 1;
}
