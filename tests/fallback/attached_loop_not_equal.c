/* Rows of a jagged array entered by a loop `i != n` (review rv40 n02): from
   0 it enters the rows `i < n` enters, so the region's rows count as
   attached and it is translated; from 1 with a variable bound it may run
   past the bound (and rows entered in two pieces, B, are not followed), so
   those regions stay on the host. Each prints what the host build prints. */
#include <stdio.h>
#include <stdlib.h>

static int **alloc_rows(int n) {
  int **A = malloc(n * sizeof *A);
  for (int i = 0; i < n; i++)
    A[i] = calloc(4, sizeof **A);
  return A;
}

int main(void) {
  int n = 3;
  int **A = alloc_rows(n);
#pragma omp target enter data map(to: A[0:n])
  for (int i = 0; i != n; ++i) {
#pragma omp target enter data map(to: A[i][0:4])
  }
  int *r2 = A[2];
#pragma omp target map(tofrom: r2[0:4])
  { A[2][1] = 5; A[0][1] = 1; }
  for (int k = 0; k < n; k++) {
#pragma omp target exit data map(from: A[k][0:4])
  }
  printf("n02 %d %d\n", A[2][1], A[0][1]);

  int **B = alloc_rows(n);
#pragma omp target enter data map(to: B[0:3])
  for (int i = 1; i != 3; i++) {
#pragma omp target enter data map(to: B[i][0:4])
  }
#pragma omp target enter data map(to: B[0][0:4])
  int *s2 = B[2];
#pragma omp target map(tofrom: s2[0:4])
  { B[2][1] = 7; B[1][2] = 3; }
  for (int k = 0; k < n; k++) {
#pragma omp target exit data map(from: B[k][0:4])
  }
  printf("const %d %d\n", B[2][1], B[1][2]);

  int **C = alloc_rows(n);
#pragma omp target enter data map(to: C[0:n])
  for (int i = 1; i != n; i++) {
#pragma omp target enter data map(to: C[i][0:4])
  }
  int *t2 = C[2];
#pragma omp target map(tofrom: t2[0:4])
  { C[2][1] = 9; }
  for (int k = 1; k < n; k++) {
#pragma omp target exit data map(from: C[k][0:4])
  }
  printf("from1 %d\n", C[2][1]);
  return 0;
}
