// A whole copy of a record whose pointer a map attaches holds the device
// address: stored where the host reads it (an element of a mapped array, a
// member of a mapped record, through a callee's by-value parameter), the
// region stays on the host (scratch-main45 e1.c: `recs[0] = q;`, emu
// `same 0`, the host build `same 1`). A copy into a local, or passed by
// value to a callee that only dereferences it, is translated.
#include <stdio.h>
#include <stdlib.h>
struct S { int *p; int n; };
struct W { struct S s; };
#pragma omp declare target
static void put(struct S s, struct S *out) { out[0] = s; }
static int use(struct S s) { return s.p[1] + s.n; }
#pragma omp end declare target
int main(void) {
  int *a = (int *)calloc(4, sizeof(int));
  struct S q = {a, 4};
  struct S *recs = (struct S *)calloc(3, sizeof(struct S));
  struct W *w = (struct W *)calloc(1, sizeof(struct W));
  int r = 0, r2 = 0;
  a[1] = 7;
#pragma omp target data map(to: q, q.p[0:4]) map(tofrom: recs[0:3], w[0:1])
  {
#pragma omp target
    { recs[0] = q; }
#pragma omp target
    { struct S l = q; w->s = l; }
#pragma omp target
    { put(q, recs + 1); }
#pragma omp target map(tofrom: r)
    {
      struct S l;
      l = q;
      r = use(l) + use(q);
    }
    // An initialiser list is taken as memory the host may read: on the
    // host (over-broad, but no wrong answer).
#pragma omp target map(tofrom: r2)
    {
      struct S arr[1] = {q};
      r2 = arr[0].n;
    }
    // The value of an assignment to a local copied on (review rev45 f4.c).
#pragma omp target
    {
      struct S l;
      recs[2] = l = q;
    }
  }
  printf("same %d %d %d %d n %d %d r %d %d\n", recs[0].p == a, w->s.p == a,
         recs[1].p == a, recs[2].p == a, recs[0].n, recs[1].n, r, r2);
  free(w);
  free(recs);
  free(a);
  return 0;
}
