// Orphaned distribute loops the device cannot run as the calling team's
// share: each region stays on the host, with the reason at the construct
// that decided.
#pragma omp declare target
void share(int *a, int n) {
#pragma omp distribute
  for (int i = 0; i < n; ++i)
    a[i] += i;
}

void reduced(int *a, int n, int *s) {
#pragma omp distribute parallel for reduction(+ : s[0])
  for (int i = 0; i < n; ++i)
    s[0] += a[i];
}

void nested_only(int *a, int n) {
#pragma omp distribute
  for (int i = 0; i < n; ++i)
    a[i] -= i;
}

int last(int *a, int n) {
  int l = 0;
#pragma omp distribute lastprivate(l)
  for (int i = 0; i < n; ++i)
    l = a[i];
  return l;
}
#pragma omp end declare target

void run(int *a, int n) {
  // Team-master code: on the device.
#pragma omp target teams map(tofrom: a[0:n])
  share(a, n);
  // Each thread of the parallel region would encounter the loop.
#pragma omp target teams map(tofrom: a[0:n])
  {
#pragma omp parallel
    share(a, n);
  }
#pragma omp target teams map(tofrom: a[0:n])
  {
#pragma omp parallel
    nested_only(a, n);
  }
  // Inside the region's own distribute loop.
#pragma omp target teams distribute map(tofrom: a[0:n])
  for (int j = 0; j < 2; ++j)
    share(a, n);
  // No teams to bind to.
#pragma omp target map(tofrom: a[0:n])
  share(a, n);
#pragma omp target teams map(tofrom: a[0:n])
  reduced(a, n, a);
#pragma omp target teams map(tofrom: a[0:n])
  a[0] = last(a, n);
}
