/* Pointers made from other bytes in regions (review rv40 p01): a memcpy
   into a pointer, a union, memmove, arithmetic on null, a cast six
   calls deep. Each region stays on the host and writes the host array. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
union U { long v; int *p; };
static int *d1(long v); static int *d2(long v) { return d1(v); } static int *d3(long v) { return d2(v); }
static int *d4(long v) { return d3(v); } static int *d5(long v) { return d4(v); } static int *d6(long v) { return d5(v); }
static int *d1(long v) { int *p; memcpy(&p, &v, sizeof p); return p; }
static int *e1(long v) { return (int *)v; }
static int *e2(long v) { return e1(v); } static int *e3(long v) { return e2(v); } static int *e4(long v) { return e3(v); }
static int *e5(long v) { return e4(v); } static int *e6(long v) { return e5(v); }
int main(void) {
  int a[12] = {0};
  long v = (long)a;
  long tab[1] = {(long)a};
  unsigned char bytes[sizeof(int *)]; int *pa = a; memcpy(bytes, &pa, sizeof pa);
#pragma omp target data map(tofrom: a[0:12]) map(to: tab, bytes)
  {
#pragma omp target
    { int *p; memcpy(&p, &v, sizeof p); p[0] = 5; }
#pragma omp target
    { union U u; u.v = v; u.p[1] = 6; }
#pragma omp target
    { int *p; memmove(&p, &v, sizeof p); p[2] = 7; }
#pragma omp target
    { ((char *)0 + v)[12] = 8; }
#pragma omp target
    { (*(int **)&v)[4] = 9; }
#pragma omp target
    { ((int *)tab[0])[5] = 10; }
#pragma omp target
    { int *p; memcpy(&p, bytes, sizeof p); p[6] = 11; }
#pragma omp target
    { d6(v)[7] = 12; }
#pragma omp target
    { e6(v)[8] = 13; }
#pragma omp target
    { int *p = (int *)(void *)(intptr_t)(v + 0); p[9] = 14; }
#pragma omp target
    { int *p = 0; p += v / 4; p[10] = 15; }
#pragma omp target
    { int *base = 0; base[v / 4 + 11] = 16; }
  }
  for (int i = 0; i < 12; i++) printf("%d ", a[i]);
  printf("\n");
  return 0;
}
