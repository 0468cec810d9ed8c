// A pointer kept at the host's address (never dereferenced in the region)
// compared with, or subtracted from, a pointer loaded from mapped data (the
// device address, attached) inside a function or a lambda the region calls
// (review rev44 wa_call.c, wa_lambda.cpp: emu d=520 eq=0, the host build
// d=4 eq=1). Such regions stay on the host.
#include <cstdio>
#include <cstdlib>
struct S { int *p; };
#pragma omp declare target
static long dist(const int *x, const int *y) { return (long)(x - y); }
static int same(const int *x, const int *y) { return x == y; }
#pragma omp end declare target
int main() {
  int *a = (int *)calloc(8, sizeof(int));
  S w = {a + 4};
  long d = 0, d2 = 0;
  int eq = 0;
#pragma omp target enter data map(to: a[0:8]) map(to: w, w.p[0:1])
#pragma omp target map(from: d, eq)
  { d = dist(w.p, a); eq = same(w.p, a + 4); }
#pragma omp target map(from: d2)
  {
    auto gap = [](const int *x, const int *y) { return (long)(x - y); };
    d2 = gap(w.p, a);
  }
#pragma omp target exit data map(release: a[0:8], w)
  std::printf("d=%ld eq=%d d2=%ld\n", d, eq, d2);
  free(a);
  return 0;
}
