// A target region's `iterator` map item of elements (`p[it]`) when some of
// them are already on the device: each element is a list item of its own,
// so present ones keep their device copies and reference counts and absent
// ones are mapped for the region (OpenMP 5.1 §2.21.7.1). The elements were
// mapped as the one section they make, which the present table refused:
// "overlaps data that is already on the device" (a run-time error). Now the
// kernel gets the elements staged in one block, copied back into their
// device copies when the region ends. Present blocks at the start, in the
// middle, two of them, and all elements present in two blocks; the host
// reads a present element only after its exit data.
// GCC 12 does not accept the iterator modifier in map clauses, so the
// reference is clang 19's (fallback.differential_clang).
#include <stdio.h>

#define N 16

static double sum(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * (i % 7 + 1);
  return s;
}

int main(void) {
  double a[N];
  double *p = a;
  int n = 8;
  for (int i = 0; i < N; ++i)
    a[i] = i;

#pragma omp target enter data map(to : p [0:4])
#pragma omp target map(iterator(it = 0 : n), tofrom : p[it])
  for (int i = 0; i < n; ++i)
    p[i] *= 2;
#pragma omp target exit data map(from : p [0:4])
  printf("1 %.1f\n", sum(a, N));

#pragma omp target enter data map(to : p [3:2])
#pragma omp target map(iterator(it = 1 : 9), tofrom : p[it])
  for (int i = 1; i < 9; ++i)
    p[i] += 10;
#pragma omp target exit data map(from : p [3:2])
  printf("2 %.1f\n", sum(a, N));

#pragma omp target enter data map(to : p [0:2])
#pragma omp target enter data map(to : p [5:3])
#pragma omp target map(iterator(it = 0 : 12), tofrom : p[it])
  for (int i = 0; i < 12; ++i)
    p[i] = p[i] * 3 - 1;
#pragma omp target exit data map(from : p [0:2])
#pragma omp target exit data map(from : p [5:3])
  printf("3 %.1f\n", sum(a, N));

#pragma omp target enter data map(to : p [0:8])
#pragma omp target enter data map(to : p [8:8])
#pragma omp target map(iterator(it = 4 : 12), to : p[it])
  for (int i = 4; i < 12; ++i)
    p[i] -= 0.5;
#pragma omp target exit data map(from : p [0:8])
#pragma omp target exit data map(from : p [8:8])
  printf("4 %.1f\n", sum(a, N));

  // A counting-down iterator, and from only: the absent elements are not
  // copied in, the present one keeps its value.
#pragma omp target enter data map(to : p [10:1])
#pragma omp target map(iterator(it = 13 : 7 : -1), from : p[it])
  for (int i = 8; i <= 13; ++i)
    p[i] = i == 10 ? p[i] + 1000 : i * 100;
#pragma omp target exit data map(from : p [10:1])
  printf("5 %.1f\n", sum(a, N));
  return 0;
}
