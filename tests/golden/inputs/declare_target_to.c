// OpenMP 4.5 spelling 'declare target to(...)', which 5.2 removed: the file
// parses at 5.2 first, then again at 5.1, whose diagnostics are the ones shown.
#pragma omp declare target
static double scale(double x) { return 2 * x; }
#pragma omp end declare target
static double twice(double x) { return x + x; }
#pragma omp declare target to(twice)

void f(double *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = scale(a[i]) + twice(a[i]);
}
