// A copy that an attached pointer's device copy points into without being
// attached to it keeps its device memory until that pointer goes (helper
// ex10, attach_table.h pin()): a kernel sets s.p (attached into a) to q.p +
// 2 (q.p attached into w); q and w exit, freeing w's copy; x, as large as
// w, enters (the device cache handed it w's block); s exits: s.p read as
// &x.v[2], the host build has &w.v[2] (scratch-ex10 r2.cpp). Also a region
// left on the host that points s.p into w (r1.cpp), a kernel that moves s.p
// on within w before it comes back, a kernel that swaps s.p with another
// attached pointer (which then keeps w's copy), and a loop that pins and
// lets go.
// clang's host build: `map(to: s.p)` beside `map(to: s)` is a C++ member
// map GCC 12 rejects.
#include <cstdio>
#include <cstdlib>

struct T {
  int v[200]; // a block of its own size class: S's copies do not compete
};
struct S {
  int *p;
  int n;
};

static void kernelCase(int again) {
  T *a = (T *)calloc(1, sizeof(T)), *w = (T *)calloc(1, sizeof(T)),
    *x = (T *)calloc(1, sizeof(T));
  S s, q;
  s.p = &a->v[0];
  s.n = 8;
  q.p = &w->v[0];
  q.n = 8;
#pragma omp target enter data map(to: a[0:1]) map(to: s) map(to: s.p)
#pragma omp target enter data map(to: w[0:1]) map(to: q) map(to: q.p)
#pragma omp target
  { s.p = q.p + 2; }
#pragma omp target exit data map(from: q) map(from: q.p)
#pragma omp target exit data map(from: w[0:1])
#pragma omp target enter data map(to: x[0:1])
  if (again) {
#pragma omp target
    { s.p = s.p + again; }
  }
#pragma omp target exit data map(from: s) map(from: s.p)
#pragma omp target exit data map(from: x[0:1])
#pragma omp target exit data map(from: a[0:1])
  std::printf("kernel %d: into w %d into x %d q %d\n", again,
              (int)(s.p - &w->v[0]), (int)(s.p == &x->v[2 + again]),
              (int)(q.p == &w->v[0]));
  free(a);
  free(w);
  free(x);
}

static void hostRegionCase() {
  T *a = (T *)calloc(1, sizeof(T)), *w = (T *)calloc(1, sizeof(T)),
    *x = (T *)calloc(1, sizeof(T));
  S s;
  s.p = &a->v[0];
  s.n = 8;
#pragma omp target enter data map(to: a[0:1]) map(to: s) map(to: s.p)
#pragma omp target enter data map(to: w[0:1])
#pragma omp target map(present, alloc: w[0:1])
  {
    s.p = &w->v[3];
    w->v[3] = 5;
  }
#pragma omp target exit data map(from: w[0:1])
#pragma omp target enter data map(to: x[0:1])
#pragma omp target exit data map(from: s) map(from: s.p)
#pragma omp target exit data map(from: x[0:1])
#pragma omp target exit data map(from: a[0:1])
  std::printf("host region: into w %d into x %d v %d\n", (int)(s.p - &w->v[0]),
              (int)(s.p == &x->v[3]), w->v[3]);
  free(a);
  free(w);
  free(x);
}

// s.p moved into w (w's copy kept), then a kernel swaps s.p and r.p: r.p
// now points into w. Another copy goes (the pointers are read again), s
// exits, x enters: w's copy must stay for r.p.
static void swapCase() {
  T *a = (T *)calloc(1, sizeof(T)), *w = (T *)calloc(1, sizeof(T)),
    *x = (T *)calloc(1, sizeof(T)), *y = (T *)calloc(1, sizeof(T));
  S s, q, r;
  s.p = &a->v[0];
  s.n = 8;
  q.p = &w->v[0];
  q.n = 8;
  r.p = &a->v[1];
  r.n = 8;
#pragma omp target enter data map(to: a[0:1]) map(to: s) map(to: s.p)
#pragma omp target enter data map(to: w[0:1]) map(to: q) map(to: q.p)
#pragma omp target
  { s.p = q.p + 2; }
#pragma omp target exit data map(from: q) map(from: q.p)
#pragma omp target exit data map(from: w[0:1])
#pragma omp target enter data map(to: r) map(to: r.p)
#pragma omp target
  {
    int *t = r.p;
    r.p = s.p;
    s.p = t;
  }
#pragma omp target enter data map(to: y[0:1])
#pragma omp target exit data map(from: y[0:1])
#pragma omp target exit data map(from: s) map(from: s.p)
#pragma omp target enter data map(to: x[0:1])
#pragma omp target exit data map(from: r) map(from: r.p)
#pragma omp target exit data map(from: x[0:1])
#pragma omp target exit data map(from: a[0:1])
  std::printf("swap: s into a %d r into w %d into x %d\n",
              (int)(s.p - &a->v[0]), (int)(r.p - &w->v[0]),
              (int)(r.p == &x->v[2]));
  free(a);
  free(w);
  free(x);
  free(y);
}

static void loopCase() {
  T *a = (T *)calloc(1, sizeof(T));
  S s, q;
  s.p = &a->v[0];
  s.n = 8;
#pragma omp target enter data map(to: a[0:1]) map(to: s) map(to: s.p)
  int good = 0;
  for (int i = 0; i < 20; ++i) {
    T *w = (T *)calloc(1, sizeof(T)), *x = (T *)calloc(1, sizeof(T));
    q.p = &w->v[0];
    q.n = 8;
#pragma omp target enter data map(to: w[0:1]) map(to: q) map(to: q.p)
#pragma omp target
    { s.p = q.p + 1; }
#pragma omp target exit data map(from: q) map(from: q.p)
#pragma omp target exit data map(from: w[0:1])
#pragma omp target enter data map(to: x[0:1])
#pragma omp target update from(s)
    good += s.p == &w->v[1];
    s.p = &a->v[0];
#pragma omp target update to(s)
#pragma omp target exit data map(from: x[0:1])
    free(w);
    free(x);
  }
#pragma omp target exit data map(from: s) map(from: s.p)
#pragma omp target exit data map(from: a[0:1])
  std::printf("loop: %d of 20 into w, back in a %d\n", good,
              (int)(s.p == &a->v[0]));
  free(a);
}

int main() {
  kernelCase(0);
  kernelCase(3);
  hostRegionCase();
  swapCase();
  loopCase();
  return 0;
}
