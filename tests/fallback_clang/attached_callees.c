/* A function the region calls loads a pointer from a mapped record through
   its parameter or a declare target record: the device copy holds the
   host's address unless an item maps through that very pointer (review
   rm21 R1: callee_ptr.c, callee_arr.c, callee_addrelem.c, callee_global.c
   printed 5 on the host, 0 under emu; now the regions stay on the host). */
#include <stdio.h>
struct S { int *p; int n; };
int gbuf[4], hbuf[4];
struct S gs, hs;
#pragma omp declare target(gs, hs)
#pragma omp declare target
void g(struct S *x) { x->p[0] = 5; }
void ga(struct S *a, int i) { a[i].p[1] = 6; }
void h4(struct S *x) { g(x); }
void h3(struct S *x) { h4(x); }
void h2(struct S *x) { h3(x); }
void h1(struct S *x) { h2(x); }
void fg(void) { gs.p[2] = 7; }
void fh(void) { hs.p[2] = 8; }
#pragma omp end declare target
int main(void) {
  int a[4] = {0}, b[4] = {0}, c[4] = {0}, d[4] = {0}, e[4] = {0}, f[4] = {0};
  struct S s = {a, 4}, t = {d, 4};
  struct S *sp = &s;
  struct S sa[2] = {{b, 4}, {c, 4}}, sb[2] = {{e, 4}, {f, 4}};
  gs.p = gbuf; gs.n = 4;
  hs.p = hbuf; hs.n = 4;
#pragma omp target update to(gs)
#pragma omp target data map(tofrom: a[0:4], b[0:4], c[0:4]) map(to: sp[0:1], sa[0:2])
  {
#pragma omp target
    { g(sp); }
#pragma omp target
    { ga(sa, 1); }
#pragma omp target
    { g(&sa[1]); }
  }
#pragma omp target map(tofrom: gbuf[0:4])
  { fg(); }
  /* Five calls deep: what the argument is is no longer followed. */
#pragma omp target data map(tofrom: d[0:4]) map(to: t, t.p[0:4])
  {
#pragma omp target
    { h1(&t); }
  }
  printf("%d %d %d %d %d %d\n", a[0], c[1], c[0], b[0], gbuf[2], d[0]);
  /* Attached: translated, and the same answer. */
  s.p = a;
#pragma omp target data map(tofrom: a[0:4]) map(to: sp[0:1], sp->p[0:4])
  {
#pragma omp target
    { g(sp); a[3] = 1; }
  }
#pragma omp target data map(tofrom: e[0:4], f[0:4]) map(to: sb[0:2], sb[0].p[0:4], sb[1].p[0:4])
  {
#pragma omp target
    { ga(sb, 1); g(&sb[1]); g(sb + 0); }
  }
#pragma omp target enter data map(to: hs, hs.p[0:4])
#pragma omp target
  { fh(); }
#pragma omp target exit data map(from: hs.p[0:4])
  /* A record of the region's own. */
  int r = 0;
#pragma omp target map(tofrom: r)
  {
    int loc[4] = {0};
    struct S l = {loc, 4};
    h1(&l);
    r = loc[0];
  }
  printf("%d %d %d %d %d %d %d\n", a[0], a[3], e[0], f[0], f[1], hbuf[2], r);
  return 0;
}
