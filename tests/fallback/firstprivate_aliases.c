/* Firstprivate variables (implicit and explicit) that a region left on the
   host also writes through a map item or a pointer, with the host's own
   value (review rv40 f21: host 2 2, emu 2 1; f22: host 2 3 2 3, emu 2 3 1
   1): the device gets the host's bytes. And the other side: a variable a
   translated region wrote on the device, read firstprivate and not written
   by a host region, keeps the device's value. */
#include <stdio.h>
#include <stdlib.h>
struct P { int a; double b[2]; };
struct Q { int *p; };
int g = 1;
int main(void) {
  int x = 1;
  int *px = &x;
  int out[2] = {0};
#pragma omp target enter data map(to: x)
  x = 2;
#pragma omp target map(tofrom: out[0:1]) map(tofrom: px[0:1])
  { if (getenv("NOPE_X")) out[0]++; px[0] = 2; out[0] = x; }
#pragma omp target exit data map(from: x)
  printf("f21 %d %d\n", out[0], x);

  int arr[2] = {1, 1};
  int *pa = arr, *pg = &g;
#pragma omp target enter data map(to: arr, g)
  arr[0] = 2; g = 3;
#pragma omp target map(tofrom: out[0:2]) map(tofrom: pa[0:1], pg[0:1]) firstprivate(arr)
  { if (getenv("NOPE_X")) out[0]++; pa[0] = 2; *pg = 3; out[0] = arr[0]; out[1] = g; }
#pragma omp target exit data map(from: arr, g)
  printf("f22 %d %d %d %d\n", out[0], out[1], arr[0], g);

  struct P s = {1, {1.0, 1.0}};
  double darr[3] = {1, 1, 1};
  int y = 1;
  int *py = &y;
  double *pd = darr + 1;
  struct P *ps = &s;
  double dout[1] = {0};
#pragma omp target enter data map(to: s, darr, y)
  s.a = 5; darr[1] = 6; y = 7;
#pragma omp target map(tofrom: dout[0:1]) map(tofrom: ps[0:1], pd[0:1]) firstprivate(s, darr)
  { if (getenv("NOPE_X")) dout[0]++; ps->a = 5; pd[0] = 6; *py = 7; dout[0] = s.a + darr[1] + y; }
#pragma omp target exit data map(from: s, darr, y)
  printf("members %g %d %g %d\n", dout[0], s.a, darr[1], y);

  int z = 1;
#pragma omp target enter data map(to: z)
#pragma omp target map(tofrom: z)
  { z = 5; }
#pragma omp target map(tofrom: out[0:1])
  { if (getenv("NOPE_X")) out[0]++; out[0] = 0 * z; }
#pragma omp target exit data map(from: z)
  printf("device write %d %d\n", out[0], z);

  /* through an attached pointer: s.p == &w */
  int w = 1;
  struct Q q = {&w};
#pragma omp target enter data map(to: w)
#pragma omp target enter data map(to: q, q.p[0:1])
  w = 2;
#pragma omp target map(tofrom: out[0:1])
  { if (getenv("NOPE_X")) out[0]++; q.p[0] = 2; out[0] = w; }
#pragma omp target exit data map(release: q, q.p[0:1])
#pragma omp target exit data map(from: w)
  printf("attached %d %d\n", out[0], w);
  return 0;
}
