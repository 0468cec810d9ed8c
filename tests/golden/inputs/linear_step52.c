// OpenMP 5.2 syntax: linear(j: step(2)) parses only at 5.2 (at 5.1 'step' is
// an undeclared function). Each iteration's j is the start value plus the
// logical iteration number times 2; after the region j holds the last
// iteration's value.
void f(double *a, int n) {
  int j = 0;
#pragma omp target parallel for simd linear(j: step(2)) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] += j;
}
