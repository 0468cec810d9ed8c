// Seed 000 Fig. 4/6: the combined construct over a vector add.
void vadd(double *a, const double *b, const double *c, int n) {
#pragma omp target teams distribute parallel for map(to: b[0:n], c[0:n]) map(from: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = b[i] + c[i];
}
