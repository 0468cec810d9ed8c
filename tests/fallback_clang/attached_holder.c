/* A pointer held in a record or array that a data construct maps only
   through (`map(s.p[0:4])` with s itself unmapped), or under an if clause
   false at run time: the region maps the holder afresh, its copy holds the
   host's address, so the region stays on the host (review rm21, R0/R4). */
#include <stdio.h>

struct S {
  int *p;
  int n;
};

int main(int argc, char **argv) {
  int a[4] = {0}, b[4] = {0}, c[4] = {0}, d[4] = {0}, e[4] = {0},
      f[4] = {0}, g[4] = {0};
  struct S s = {a, 4}, t = {e, 4}, u = {f, 4};
  struct S *sp = &s;
  struct S sa[2] = {{b, 4}, {c, 4}};
  int *rows[2] = {a, d};
  (void)argv;
#pragma omp target data map(tofrom: s.p[0:4])
  {
#pragma omp target
    { s.p[0] = 5; }
  }
#pragma omp target data map(tofrom: sp->p[0:4])
  {
#pragma omp target
    { sp->p[1] = 6; }
  }
#pragma omp target data map(tofrom: sa[1].p[0:4])
  {
#pragma omp target
    { sa[1].p[0] = 7; }
  }
#pragma omp target data map(tofrom: rows[1][0:4])
  {
#pragma omp target
    { rows[1][0] = 8; }
  }
#pragma omp target enter data map(to: t.p[0:4])
#pragma omp target
  { t.p[0] = 9; }
#pragma omp target exit data map(from: t.p[0:4])
#pragma omp target data map(tofrom: u, u.p[0:4]) if(argc > 5)
  {
#pragma omp target
    { u.p[0] = 10; }
  }
#pragma omp target enter data map(to: u, u.p[0:4]) if(argc > 5)
#pragma omp target
  { u.p[1] = 11; }
#pragma omp target exit data map(from: u.p[0:4]) if(argc > 5)
#pragma omp target data map(tofrom: s, s.p[0:4])
  {
#pragma omp target
    { s.p[2] = 12; }
  }
  (void)g;
  printf("%d %d %d %d %d %d %d %d\n", a[0], a[1], c[0], d[0], e[0], f[0],
         f[1], a[2]);
  return 0;
}
