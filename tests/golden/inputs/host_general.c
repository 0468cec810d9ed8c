// Regions we leave on the host, each with a warning and a stable ID.
void external(double *);

void general(double *a, int n) {
#pragma omp target teams map(tofrom: a[0:n])
  {
    a[0] = 1.0;
#pragma omp parallel
    {
#pragma omp parallel
      {
#pragma omp sections
        {
          a[1] = a[0];
        }
      }
    }
  }
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    external(&a[i]);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (double *p = a; p < a + n; ++p)
    *p += 1.0;
}
