/* Rows of a jagged array entered in a loop or with an iterator (review hunt
   j1-j4, it1). A region's row counts as attached only where the loop
   entered every row the holder's map has; otherwise the region stays on
   the host and sees the host's rows. */
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
  /* j1: the loop enters n - 1 of the holder's n rows */
  int **A = alloc_rows(n);
#pragma omp target enter data map(to: A[0:n])
  for (int i = 0; i < n - 1; i++) {
#pragma omp target enter data map(to: A[i][0:4])
  }
  int *row2 = A[2];
#pragma omp target map(tofrom: row2[0:4])
  { A[2][1] = 5; A[0][1] = 1; }
  for (int i = 0; i < n - 1; i++) {
#pragma omp target exit data map(from: A[i][0:4])
  }
  printf("j1 %d %d\n", A[2][1], A[0][1]);

  /* j4: a continue skips row 1 */
  int **B = alloc_rows(n);
#pragma omp target enter data map(to: B[0:n])
  for (int i = 0; i < n; i++) {
    if (i == 1)
      continue;
#pragma omp target enter data map(to: B[i][0:4])
  }
  int *r1 = B[1];
#pragma omp target map(tofrom: r1[0:4])
  { B[1][1] = 5; }
  printf("j4 %d\n", B[1][1]);

  /* every row entered: the region is translated and writes the device rows */
  int **C = alloc_rows(n);
#pragma omp target enter data map(to: C[0:n])
  for (int i = 0; i < n; i++) {
#pragma omp target enter data map(to: C[i][0:4])
  }
#pragma omp target
  { C[n - 1][1] = 7; C[0][2] = 8; }
  for (int i = 0; i < n; i++) {
#pragma omp target exit data map(from: C[i][0:4])
  }
  printf("all %d %d\n", C[2][1], C[0][2]);
  return 0;
}
