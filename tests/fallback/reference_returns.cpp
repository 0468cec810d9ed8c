/* Pointer members reached through calls that return a reference to them
   (review rv40 m03): each region stays on the host and writes a. */
#include <cstdio>
struct S { int *q; int *&rq() { return q; } };
static int *&ref(S &s) { return s.q; }
static int *const &cref(const S &s) { return s.q; }
int main() {
  int a[4] = {0};
  S s; s.q = a;
#pragma omp target data map(tofrom: a[0:4]) map(to: s)
  {
#pragma omp target
    { ref(s)[0] = 1; }
#pragma omp target
    { cref(s)[1] = 2; }
#pragma omp target
    { s.rq()[2] = 3; }
#pragma omp target
    { int *&r = s.q; r[3] = 4; }
  }
  printf("%d %d %d %d\n", a[0], a[1], a[2], a[3]);
}
