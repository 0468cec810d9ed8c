// C forms whose text the .cu keeps and C++ (nvcc) reads otherwise or not
// at all: a declare target char array that a literal fills without its
// null, _Bool, designated initialisers out of the members' order, and a
// jump past a declaration of several initialised scalars. Each region runs
// on the device and, with if(0), as its host fallback.
#include <stdio.h>
#include <stdlib.h>

#pragma omp declare target
char ds[2] = "xy";
#pragma omp end declare target

struct S { int a; int b; double c; };

static int flip(_Bool b) { return b ? 1 : 0; }

static int jump(int k) {
  int o = 0;
  if (k) goto out;
  int w = 3, *p = &o, u = w + 1;
  int *q = &o, z = 4, *r = q;
  o += w + *p + u + *q + z + *r;
  z = 1;
  q = &z;
  o += *q + (r != q);
out:
  return o;
}

int main(void) {
  int n = 8;
  _Bool *p = (_Bool *)calloc(n, sizeof(_Bool));
  int *q = (int *)calloc(n, sizeof(int));
  int *r = (int *)calloc(4, sizeof(int));
  char *o = (char *)calloc(2, 1);
  for (int dev = 0; dev < 2; dev++) {
#pragma omp target teams distribute parallel for if(dev) map(tofrom: p[0:n], q[0:n])
    for (int i = 0; i < n; i++) {
      p[i] = (_Bool)(i % 3);
      q[i] += (int)(_Bool)(i & 1) + 2;
    }
#pragma omp target if(dev) map(tofrom: r[0:4], o[0:2])
    {
      struct S s = {.c = 3.5, .b = 1, .a = 2};
      r[0] += s.a;
      r[1] += s.b;
      r[2] += (int)(s.c * 2);
      o[0] = ds[0];
      o[1] = ds[1];
    }
  }
  struct S h = {.b = -4, .a = 9};
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += p[i] * 10 + q[i] + flip(p[i]);
  printf("%d %d %d %d %c%c %d %d %d %d\n", sum, r[0], r[1], r[2], o[0], o[1],
         h.a, h.b, jump(0), jump(1));
  free(p);
  free(q);
  free(r);
  free(o);
  return 0;
}
