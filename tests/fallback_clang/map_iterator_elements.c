// The `iterator` map-type modifier on data constructs over elements of one
// pointer (OpenMP 5.1): `enter data map(iterator(it = 0:n), to: p[it])`
// maps each element as a list item of its own, with its own reference
// count, and a target region that uses `p` then reaches the elements
// through it. omp2cuda cannot keep per-element reference counts and one
// device copy of the whole array at once, so such a data construct makes
// the program run its target regions on the host [omp2cuda-host-program],
// where it computes what the host build computes (one device allocation per
// element gave sum 2016.0 instead of 4032.0 on the emu). Also: exit data in
// two halves (the first leaves the second half on the device: mapped as one
// section, the first exit would free it all and the second copy nothing
// back), and pieces of one array that are not one per element (`p[2 *
// it]`).
// GCC 12 does not accept the iterator modifier in map clauses, and Clang 19
// parses it on data constructs at OpenMP 5.2 only, so the reference is
// clang's at 5.2 (fallback.differential_clang).
#include <stdio.h>

#define N 64

static double p[N], q[N];

static void twice(double *x, int n) {
#pragma omp target
  for (int i = 0; i < n; i++)
    x[i] *= 2;
}

int main(void) {
  double *a = p, *b = q;
  int n = N;
  for (int i = 0; i < N; i++)
    p[i] = q[i] = i;

#pragma omp target enter data map(iterator(it = 0:n), to: a[it])
  twice(a, n);
#pragma omp target exit data map(iterator(it = 0:n), from: a[it])
  double s1 = 0;
  for (int i = 0; i < N; i++)
    s1 += p[i];

  // The same, left in two halves: each element's count is its own, so the
  // first exit copies back the first half alone and the second half stays
  // mapped until the second exit copies it back.
#pragma omp target enter data map(iterator(it = 0:n), to: a[it])
  twice(a, n);
#pragma omp target exit data map(iterator(it = 0:n / 2), from: a[it])
#pragma omp target exit data map(iterator(it = n / 2:n), from: a[it])
  double s2 = 0;
  for (int i = 0; i < N; i++)
    s2 += p[i];

  // Every other element: the odd ones never reach the device.
#pragma omp target enter data map(iterator(it = 0:n / 2), to: b[2 * it])
  twice(b, n);
#pragma omp target exit data map(iterator(it = 0:n / 2), from: b[2 * it])
  double s3 = 0;
  for (int i = 0; i < N; i += 2)
    s3 += q[i];

  printf("map_iterator_elements: sums %.1f %.1f %.1f\n", s1, s2, s3);
  return 0;
}
