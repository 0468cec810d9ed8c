// Local references bound to objects of static storage (`int &r = gi;`):
// Clang does not capture them (they are usable in constant expressions) and
// makes no implicit clause for them, but OpenMP makes them firstprivate as
// any reference a target region names: the region reads the host's values
// (review rv40 f16: host 9 8 7, emu 1 1 1 before).
#include <cstdio>
#include <cstdlib>
enum Col { Red, Green, Blue };
struct In { double d; int a[3]; };
struct Out { In in; Col c; } go = {{1.0, {1, 1, 1}}, Red};
int gi = 1;
struct G { int x; int y; } g = {1, 1};
int gbuf[4] = {0};
int *gp = gbuf;
double gd = 1.0;
template <class T> T readRefs(T *) {
  static T st = 1;
  T &r = st;
  double &rg = gd;
  T out[1] = {0};
#pragma omp target enter data map(to: st, gd)
  st = 5; gd = 6.5;
#pragma omp target map(tofrom: out[0:1])
  { if (getenv("NOPE_X")) out[0]++; out[0] = r + (T)rg; }
#pragma omp target exit data map(delete: st, gd)
  return out[0];
}
int main() {
  int out[3] = {0};
  int &r1 = gi;
  int &r2 = g.y;
  static int si = 1; int &r3 = si;
#pragma omp target enter data map(to: gi, g, si)
  gi = 9; g.y = 8; si = 7;
#pragma omp target map(tofrom: out[0:3])
  { if (getenv("NOPE_X")) out[0]++; out[0] = r1; out[1] = r2; out[2] = r3; }
  std::printf("ints %d %d %d\n", out[0], out[1], out[2]);

  double o[5] = {0};
  double &rd = go.in.d;
  int &ra = go.in.a[1];
  Col &rc = go.c;
  int *&rp = gp;
  static double sd = 1; const double &crd = sd;
#pragma omp target enter data map(to: go, gp, sd)
  go.in.d = 2.5; go.in.a[1] = 6; go.c = Blue; gp = gbuf + 2; sd = 4.5;
#pragma omp target map(tofrom: o[0:5])
  { if (getenv("NOPE_X")) o[0]++; o[0] = rd; o[1] = ra; o[2] = rc; o[3] = (double)(rp - gbuf); o[4] = crd; }
#pragma omp target exit data map(delete: go, gp, sd)
  std::printf("others %g %g %g %g %g\n", o[0], o[1], o[2], o[3], o[4]);
  std::printf("templates %d %g\n", readRefs((int *)0), readRefs((double *)0));
}
