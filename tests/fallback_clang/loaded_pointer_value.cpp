// A pointer loaded from mapped data and attached to its pointee's device
// copy (map(to: q.p) with its pointee mapped, or s.p[0:n]) holds the
// device address in the kernel: storing its value where the host reads it,
// or casting it to an integer, gives the host build another answer
// (scratch-ex10 r6.cpp: emu `stash into w 0`, the host build 1). Such
// regions stay on the host; one that only dereferences it (through a local
// copy too) or tests it against null stays translated.
#include <cstdio>
#include <cstdlib>
struct T { int v[200]; };
struct S { int *p; int n; };
struct U { int *p; int *q; };
static int f(U s, U t) {
  U &r = s;
#pragma omp target data map(tofrom: t, t.q[0:8])
  {
#pragma omp target
    { int *h = t.q; r.q = h; }
  }
  return s.q == t.q;
}
int main() {
  T *w = (T *)calloc(1, sizeof(T));
  int **stash = (int **)calloc(4, sizeof(int *));
  S q;
  q.p = &w->v[0];
  q.n = 8;
  S *sp = (S *)calloc(1, sizeof(S));
  sp->p = &w->v[8];
  int **pp = (int **)calloc(2, sizeof(int *));
  pp[0] = &w->v[16];
  long bits = 0;
  int ok = 0;
#pragma omp target enter data map(to: w[0:1]) map(to: q) map(to: q.p)
#pragma omp target enter data map(to: sp[0:1], sp->p[0:4], pp[0:2], pp[0][0:4])
#pragma omp target map(tofrom: stash[0:4])
  { stash[1] = q.p + 2; }
#pragma omp target map(tofrom: stash[0:4])
  { stash[0] = sp->p + 1; }
#pragma omp target map(tofrom: stash[0:4])
  { int *t = pp[0]; stash[2] = t; }
#pragma omp target map(tofrom: bits)
  { bits = (long)sp->p; }
#pragma omp target map(tofrom: ok)
  { int *t = sp->p; t[0] = 5; pp[0][1] = 6; ok = (t != 0) + (pp[0] == 0); }
// One construct, as at the enter: each counts once on w's block.
#pragma omp target exit data map(from: pp[0][0:4], pp[0:2], sp->p[0:4], sp[0:1])
#pragma omp target exit data map(from: q) map(from: q.p)
#pragma omp target exit data map(from: w[0:1])
  std::printf("stash %d %d %d\n", (int)(stash[1] == &w->v[2]),
              (int)(stash[0] == &w->v[9]), (int)(stash[2] == &w->v[16]));
  std::printf("bits %d ok %d v %d %d\n", (int)(bits == (long)&w->v[8]), ok,
              w->v[8], w->v[17]);
  int *a = (int *)calloc(8, sizeof(int));
  int *b = (int *)calloc(8, sizeof(int));
  U s = {a, a};
  U t = {b, b};
  std::printf("same %d\n", f(s, t));
  free(a);
  free(b);
  free(pp);
  free(sp);
  free(stash);
  free(w);
  return 0;
}
