/* Pointers loaded through a pointer to an array of pointers (`rows[0]` of
   `int **rows`, `*pp`) hold the host's address on the device unless an item
   maps through that element; a holder pointer reassigned inside the data
   construct names other storage (review rv R1, R4: each region below wrote
   through a host address, and printed 0 under emu). Here, not in
   tests/fallback: GCC 12 fails on `sp->p[0:4]` with sp mapped. */
#include <stdio.h>
#include <stdlib.h>
struct S { int *p; int n; };
int b0[4], b1[4];
static void rowsOf(int **rows) {
#pragma omp target map(to: rows[0:2]) map(tofrom: b0, b1)
  { rows[0][1] = 1; rows[1][2] = 2; }
}
int main(void) {
  int *rows[2] = {b0, b1};
  rowsOf(rows);
  printf("R1 %d %d\n", b0[1], b1[2]);
  int buf[4] = {0}, buf2[4] = {0};
  int *pa[2] = {buf, buf2};
  int **pp = pa;
#pragma omp target map(to: pa) map(tofrom: buf)
  { pp[0][1] = 1; (*pp)[2] = 2; *pp[1] = 3; }
  printf("R2 %d %d %d\n", buf[1], buf[2], buf2[0]);
  /* Only pp[0] is attached. */
#pragma omp target enter data map(to: pp[0:2])
#pragma omp target data map(tofrom: pp[0][0:4])
  {
#pragma omp target map(tofrom: buf2)
    { pp[1][1] = 7; }
#pragma omp target
    { pp[0][3] = 8; }
  }
#pragma omp target exit data map(release: pp[0:2])
  printf("R3 %d %d\n", buf2[1], buf[3]);
  /* The holder reassigned between the data construct and the region. */
  struct S s1 = {buf, 4}, s2 = {buf2, 4};
  struct S *sp = &s1;
#pragma omp target data map(to: sp[0:1]) map(tofrom: sp->p[0:4])
  {
    sp = &s2;
#pragma omp target map(tofrom: buf2)
    { sp->p[0] = 5; }
  }
  printf("R4 %d %d\n", buf[0], buf2[0]);
  /* Attached: rows entered one by one in a loop (translated). */
  int **A = malloc(3 * sizeof *A);
  for (int i = 0; i < 3; i++)
    A[i] = calloc(4, sizeof **A);
#pragma omp target enter data map(to: A[0:3])
  for (int i = 0; i < 3; i++) {
#pragma omp target enter data map(to: A[i][0:4])
  }
#pragma omp target teams distribute parallel for collapse(2)
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      A[i][j] = i * 10 + j;
  for (int i = 0; i < 3; i++) {
#pragma omp target exit data map(from: A[i][0:4])
  }
#pragma omp target exit data map(release: A[0:3])
  long sum = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      sum += A[i][j];
  printf("jag %ld\n", sum);
  /* Attached by an item through that very element (translated). */
  int c0[4] = {0};
  int *cr[1] = {c0};
  int **cp = cr;
#pragma omp target enter data map(to: cp[0:1])
#pragma omp target data map(tofrom: cp[0][0:4])
  {
#pragma omp target
    { cp[0][1] = 4; (*cp)[2] = 6; }
  }
#pragma omp target exit data map(release: cp[0:1])
  printf("own %d %d\n", c0[1], c0[2]);
  return 0;
}
