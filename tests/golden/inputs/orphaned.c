// Orphaned constructs: directives inside functions that regions call.
#pragma omp declare target
void add_to(int *hist, int v) {
#pragma omp atomic
  hist[v % 8] += 1;
}
#pragma omp end declare target

static double dot(const double *x, const double *y, int n) {
  double s = 0;
#pragma omp simd reduction(+ : s)
  for (int j = 0; j < n; ++j)
    s += x[j] * y[j];
  return s;
}

#pragma omp declare target
int fill(int *a, int n) {
  int s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    s += i;
  }
  return s;
}
#pragma omp end declare target

void scale(double *a, int n) {
#pragma omp for
  for (int i = 0; i < n; ++i)
    a[i] *= 2;
}

void run(int *hist, const int *v, double *a, double *out, int n) {
#pragma omp target teams distribute parallel for map(to: v[0:n]) map(tofrom: hist[0:8])
  for (int i = 0; i < n; ++i)
    add_to(hist, v[i]);
#pragma omp target teams distribute parallel for map(to: a[0:n * n]) map(from: out[0:n])
  for (int r = 0; r < n; ++r)
    out[r] = dot(&a[r * n], &a[r * n], n);
#pragma omp target map(from: a[0:n]) map(tofrom: hist[0:1])
  hist[0] = fill((int *)a, n / 2);
  // The worksharing loop in scale() binds to the team that calls it.
#pragma omp target parallel map(tofrom: a[0:n])
  scale(a, n);
}
