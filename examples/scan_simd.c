// reduction(inscan, ...) and `scan` on simd loops the device runs in one
// thread, in order (README coverage table, src/analysis/InOrderScan.h): in
// a kernel's loop body, in a target region's code, alone in a target
// region, and in a function a region calls (its pragmas become comments). Each
// input phase only combines a value into its item with the reduction's operator
// (`x op= e`, `x = x op e`, `x = e op x`, min and max as `x = e < x ? e : x`),
// which is what lets one thread run the loop on the item itself; the item's
// value before the loop is part of every prefix (GCC and clang agree for simd).
// Integers only: a floating-point item stays on the host (run in order it
// rounds differently from OpenMP's fresh copies). stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define ROWS 6
#define N 37

/* An orphaned simd loop: the function is compiled for both sides, its
   pragmas become comments, and both run the loop in order. */
static void prefix_max(const int *a, int *out, int n) {
  int m = -1000;
#pragma omp simd reduction(inscan, max : m)
  for (int i = 0; i < n; ++i) {
    out[i] = m;
#pragma omp scan exclusive(m)
    m = m < a[i] ? a[i] : m;
  }
}

int main(void) {
  int on_device = 0;
  int a[ROWS][N], incl[ROWS][N], excl[ROWS][N], prod[ROWS][N];
  int mx[ROWS][N], mn[ROWS][N], bits[ROWS][N], land[ROWS][N], lor[ROWS][N];
  int totals[ROWS][9];
  for (int r = 0; r < ROWS; ++r)
    for (int i = 0; i < N; ++i)
      a[r][i] = (i * 7 + r * 3) % 11 - 4;

  /* 1. simd loops in a kernel's loop body: each row by one thread. */
#pragma omp target teams distribute parallel for map(to: a)                \
    map(from: incl, excl, prod, mx, mn, bits, land, lor, totals)           \
    map(tofrom: on_device)
  for (int r = 0; r < ROWS; ++r) {
    if (r == 0)
      on_device = !omp_is_initial_device();
    int s = 10 * r, e = 5, p = 1, m = -100, lo = 100, x = 0, l = 1, o = 0;
    long n = r == 3 ? 0 : N; /* a row of no iterations */
#pragma omp simd reduction(inscan, + : s)
    for (int i = 0; i < n; ++i) {
      s += a[r][i];
      if (a[r][i] > 0)
        s++;
#pragma omp scan inclusive(s)
      incl[r][i] = s;
    }
#pragma omp simd reduction(inscan, + : e)
    for (int i = 0; i < N; ++i) {
      excl[r][i] = e;
#pragma omp scan exclusive(e)
      e = (1 - a[r][i]) + e;
    }
#pragma omp simd reduction(inscan, * : p) reduction(inscan, max : m)      \
    reduction(inscan, min : lo)
    for (int i = 0; i < N; ++i) {
      p = p * ((a[r][i] & 1) ? -1 : 1);
      m = a[r][i] * (r + 1) > m ? a[r][i] * (r + 1) : m;
      if (i % 3 != 0)
        lo = lo <= a[r][i] - i ? lo : a[r][i] - i;
#pragma omp scan inclusive(p, m, lo)
      prod[r][i] = p;
      mx[r][i] = m;
      mn[r][i] = lo;
    }
#pragma omp simd reduction(inscan, ^ : x)
    for (int i = 0; i < N; ++i) {
      bits[r][i] = x;
#pragma omp scan exclusive(x)
      x ^= a[r][i] + 4;
    }
#pragma omp simd reduction(inscan, && : l) reduction(inscan, || : o)
    for (int i = 0; i < N; ++i) {
      l = l && a[r][i] != 6 - r;
      o = a[r][i] == r || o;
#pragma omp scan inclusive(l, o)
      land[r][i] = l;
      lor[r][i] = o;
    }
    totals[r][0] = s;
    totals[r][1] = e;
    totals[r][2] = p;
    totals[r][3] = m;
    totals[r][4] = lo;
    totals[r][5] = x;
    totals[r][6] = l;
    totals[r][7] = o;
    totals[r][8] = (int)n;
  }

  /* 2. simd loops in a target region's own code (one thread), on mapped
     scalars, one of them long. */
  long f[N], lsum = 5;
  int bor[N], u = 0x100, empty = 7;
#pragma omp target map(to: a) map(from: f, bor) map(tofrom: lsum, u, empty)
  {
#pragma omp simd reduction(inscan, + : lsum)
    for (int i = 0; i < N; ++i) {
      lsum += a[1][i];
#pragma omp scan inclusive(lsum)
      f[i] = lsum;
    }
#pragma omp simd reduction(inscan, | : u)
    for (int i = 0; i < N; ++i) {
      bor[i] = u;
#pragma omp scan exclusive(u)
      u |= 1 << (i % 7);
    }
#pragma omp simd reduction(inscan, + : empty)
    for (int j = 0; j < 0; ++j) {
      f[j] = empty;
#pragma omp scan exclusive(empty)
      empty += 1;
    }
  }

  /* 3. A simd loop alone in a target region: one thread runs it in order
     (as the nest's loop a warp would share it). */
  int run[N], acc = 100;
#pragma omp target map(to: a) map(from: run) map(tofrom: acc)
#pragma omp simd reduction(inscan, + : acc)
  for (int i = 0; i < N; ++i) {
    acc += a[2][i] * 2;
#pragma omp scan inclusive(acc)
    run[i] = acc;
  }

  /* 4. The orphaned simd loop, a row per thread. */
  int pm[ROWS][N];
#pragma omp target teams distribute parallel for map(to : a) map(from : pm)
  for (int r = 0; r < ROWS; ++r)
    prefix_max(a[r], pm[r], N - r);

  for (int r = 0; r < ROWS; ++r) {
    printf("row %d:", r);
    for (int i = 0; i < N; ++i)
      printf(" %d/%d/%d/%d/%d/%d/%d/%d", r == 3 ? 0 : incl[r][i], excl[r][i],
             prod[r][i], mx[r][i], mn[r][i], bits[r][i], land[r][i],
             lor[r][i]);
    printf("\n prefix max:");
    for (int i = 0; i < N - r; ++i)
      printf(" %d", pm[r][i]);
    printf("\n totals:");
    for (int k = 0; k < 9; ++k)
      printf(" %d", totals[r][k]);
    printf("\n");
  }
  for (int i = 0; i < N; ++i)
    printf(" %ld/%d/%d", f[i], bor[i], run[i]);
  printf("\nlsum %ld u %d empty %d acc %d\n", lsum, u, empty, acc);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
