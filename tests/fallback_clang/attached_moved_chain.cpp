// A freed copy kept for one attached pointer a kernel moved into it (s.p,
// attached into a, moved into w's copy), then another kernel copies that
// pointer into a second one (s2.p = s.p); then s.p is forgotten (its
// storage exits) or attached again, and a new copy x may get w's device
// memory. s2.p still points into w: its copy back must give w's host
// address (review rev44 pin1.cpp, pin2.cpp: emu `s2 into w 206, into x 1`,
// the host build `s2 into w 2, into x 0`).
#include <cstdio>
#include <cstdlib>
struct T { int v[200]; };
struct S { int *p; int n; };

static void run(bool Reattach) {
  T *a = (T *)calloc(1, sizeof(T)), *a2 = (T *)calloc(1, sizeof(T)),
    *w = (T *)calloc(1, sizeof(T)), *x = (T *)calloc(1, sizeof(T));
  S s, s2, q;
  s.p = &a->v[0]; s.n = 8;
  s2.p = &a2->v[0]; s2.n = 8;
  q.p = &w->v[0]; q.n = 8;
#pragma omp target enter data map(to: a[0:1]) map(to: s) map(to: s.p)
#pragma omp target enter data map(to: a2[0:1]) map(to: s2) map(to: s2.p)
#pragma omp target enter data map(to: w[0:1]) map(to: q) map(to: q.p)
#pragma omp target
  { s.p = q.p + 2; }
#pragma omp target exit data map(from: q) map(from: q.p)
#pragma omp target exit data map(from: w[0:1])
#pragma omp target
  { s2.p = s.p; }
  if (Reattach) {
    s.p = &a->v[5];
#pragma omp target enter data map(to: s.p[0:1])
#pragma omp target enter data map(to: a2[0:1])
#pragma omp target exit data map(from: a2[0:1])
  } else {
#pragma omp target exit data map(from: s) map(from: s.p)
  }
#pragma omp target enter data map(to: x[0:1])
#pragma omp target exit data map(from: s2) map(from: s2.p)
#pragma omp target exit data map(from: x[0:1])
  if (Reattach) {
#pragma omp target exit data map(from: s) map(from: s.p)
  }
#pragma omp target exit data map(from: a[0:1])
#pragma omp target exit data map(from: a2[0:1])
  if (Reattach)
    std::printf("s into a %d; ", (int)(s.p - &a->v[0]));
  else
    std::printf("s into w %d; ", (int)(s.p - &w->v[0]));
  std::printf("s2 into w %d, into x %d\n", (int)(s2.p - &w->v[0]),
              (int)(s2.p == &x->v[2]));
  free(a); free(a2); free(w); free(x);
}

int main() {
  run(false);
  run(true);
  return 0;
}
