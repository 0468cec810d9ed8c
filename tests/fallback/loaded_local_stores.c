/* A pointer loaded from a record mapped whole holds the host's address on
   the device: stored into the region's own storage other than a pointer
   variable (an array's element, a local record's member, a union, a
   callee's local array, through a local pointer, an integer) and
   dereferenced from there, the region stays on the host (review ldb:
   st1, st2, e29, cf2 printed 50 on the host, 2 under emu). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
struct S { int *p; int n; };
struct B { int *v; };
static void put(int *p) { int *arr[1]; arr[0] = p; arr[0][2] = 51; }
static void put2(int *p) { put(p); }
int main(void) {
  int a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, r[2] = {0, 0};
  struct S s = {a, 8};
#pragma omp target map(to: s) map(tofrom: a)
  { int *arr[1]; arr[0] = s.p; arr[0][1] = 50; }
#pragma omp target map(to: s) map(tofrom: a)
  { struct B b; b.v = s.p; b.v[3] = 52; }
#pragma omp target map(to: s) map(tofrom: a)
  { union { int *p; intptr_t i; } u; u.p = s.p; ((int *)u.i)[4] = 53; }
#pragma omp target map(to: s) map(tofrom: a)
  { put2(s.p); }
#pragma omp target map(to: s) map(tofrom: a)
  { int *arr[2]; int **pp = arr; *pp = s.p; arr[0][5] = 54; }
#pragma omp target map(to: s) map(tofrom: a)
  { int *q = s.p; intptr_t x = (intptr_t)q + sizeof(int); ((int *)x)[5] = 55; }
#pragma omp target map(to: s) map(tofrom: a)
  { int *q; memcpy(&q, &s.p, sizeof q); q[7] = 56; }
  /* Only compared: translated, and the same answer. */
#pragma omp target map(to: s) map(tofrom: r)
  { struct B b; b.v = s.p; r[0] = b.v != 0; }
  for (int i = 0; i < 8; ++i)
    printf("%d ", a[i]);
  printf("%d\n", r[0]);
  return 0;
}
