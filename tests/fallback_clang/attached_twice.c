/* A pointer moved by a region left on the host, whose pointee is attached
   by two pointers (review rv40 f10, f11): one construct names the
   pointee's section twice, which holds one reference (OpenMP 5.2 §5.8.3),
   so the first exit copies it back (the second finds nothing); the host
   then holds what the translated region wrote through the moved pointer. */
#include <stdio.h>
#include <stdlib.h>
struct S { int *p; };
int main(void) {
  int *A[2]; A[0] = calloc(4, sizeof(int)); A[1] = calloc(4, sizeof(int));
  int *a0 = A[0], *a1 = A[1];
  int z = 0;
  int *q[1] = {a0};
#pragma omp target enter data map(to: A[0:2], A[0][0:4], A[1][0:4], q[0:1], q[0][0:4])
#pragma omp target
  { if (getenv("NOPE_X")) z++; A[1] = a0; }
#pragma omp target
  { A[1][2] = 6; }
#pragma omp target exit data map(from: a0[0:4], a1[0:4])
#pragma omp target exit data map(from: a0[0:4])
  printf("rows %d %d\n", a0[2], a1[2]);

  int buf[4] = {0};
  struct S s = {buf}, t = {buf};
#pragma omp target enter data map(to: s, s.p[0:4], t, t.p[0:4])
#pragma omp target
  { if (getenv("NOPE_X")) z++; s.p = s.p + 1; }
#pragma omp target
  { s.p[0] = 6; }
#pragma omp target exit data map(from: buf[0:4])
#pragma omp target exit data map(from: buf[0:4])
  printf("members %d %d %d\n", buf[0], buf[1], (int)(s.p - buf));
  free(A[0] == a0 ? a0 : a0); free(a1);
  return z;
}
