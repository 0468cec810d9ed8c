// Reductions over a fixed-size array and a section of a pointer: each update
// in the body becomes a device atomic on the mapped copy (mapped tofrom).
void f(double *s, int n, int m) {
  int h[8] = {0};
#pragma omp target teams distribute parallel for reduction(+: h, s[1:m])
  for (int i = 0; i < n; ++i) {
    h[i % 8] += 2;
    s[1 + i % m] -= 0.5;
  }
}
