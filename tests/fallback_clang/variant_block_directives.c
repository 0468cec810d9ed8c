// begin declare variant blocks the host skips hold preprocessor directives
// and macros the host's preprocessor still runs (review rV of v18: the
// output hid them in #if 0, and the emu build printed SCALE=2, r=2 f=3).
// clang-19 host: "r=2 SCALE=3 r2=2 m=1001 host m=1002".
#include <stdio.h>
#define EXT extension(match_any)
int f(int x) { return x + 1; }
#pragma omp begin declare variant match(device = {arch(nvptx64)})
#define SCALE 3
int f(int x) { return 1 + x; }
#pragma omp end declare variant
#ifndef SCALE
#define SCALE 2
#endif
int g(int x) { return x + 1; }
#pragma omp begin declare variant match(device = {kind(gpu)})
#ifdef FAST
int g(int x) { return x + 1; }
#else
int g(int x) { return 1 + x; }
#endif
#pragma omp end declare variant
int m(int x) { return x + 1; }
#pragma omp begin declare variant match(device = {kind(host), arch(nvptx64)}, implementation = {EXT})
int m(int x) { return x + 1000; }
#pragma omp end declare variant
int main(void) {
  int r = 0, r2 = 0, rm = 0;
#pragma omp target map(from : r, r2, rm)
  {
    r = f(1);
    r2 = g(1);
    rm = m(1);
  }
  printf("r=%d SCALE=%d r2=%d m=%d host m=%d\n", r, SCALE, r2, rm, m(2));
  return 0;
}
