/* A record mapped with a mapper gets the pointers the mapper's items map
   through attached, and no other (review rm21 R3: `map(v, v.p[0:4])` let a
   region write through the host's address in m.q; host 5, emu 0). Regions
   dereferencing m.q stay on the host; those through m.p are translated.
   clang-19 host: "1 5 2 6 3 7 4 8 9 10". */
#include <stdio.h>
struct M { int *p; int *q; };
#pragma omp declare mapper(struct M v) map(v, v.p[0:4])
#pragma omp declare mapper(onlyp: struct M v) map(v, v.p[0:4])
#pragma omp declare mapper(both: struct M v) map(v, v.p[0:4], v.q[0:4])
int main(void) {
  int a[4] = {0}, b[4] = {0}, c[4] = {0}, d[4] = {0};
  struct M m = {a, b}, k = {c, d};
#pragma omp target data map(tofrom: b[0:4])
  {
    /* The default mapper, named by the clause. */
#pragma omp target map(tofrom: m)
    { m.p[0] = 1; m.q[0] = 5; }
    /* The default mapper, applied though no clause names m. */
#pragma omp target
    { m.p[1] = 2; m.q[1] = 6; }
    /* A named mapper. */
#pragma omp target map(mapper(onlyp), tofrom: m)
    { m.p[2] = 3; m.q[2] = 7; }
  }
  /* A mapper of an enter data construct before the region. */
#pragma omp target enter data map(to: b[0:4]) map(to: m)
#pragma omp target
  { m.p[3] = 4; m.q[3] = 8; }
#pragma omp target exit data map(from: b[0:4]) map(from: m)
  /* Every pointer attached: translated. */
#pragma omp target map(mapper(both), tofrom: k)
  { k.p[0] = 9; k.q[0] = 10; }
  printf("%d %d %d %d %d %d %d %d %d %d\n", a[0], b[0], a[1], b[1], a[2],
         b[2], a[3], b[3], c[0], d[0]);
  return 0;
}
