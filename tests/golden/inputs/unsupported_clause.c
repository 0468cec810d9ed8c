// A valid clause we do not translate yet: the region stays on the host.
void f(double *a, int n) {
  int last = 0;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) lastprivate(last)
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    last = i;
  }
  a[0] = last;
}
