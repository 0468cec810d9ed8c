// reduction(inscan, ...) and `scan` where the loop runs in one thread
// (README coverage table, docs/nested-parallel.md): a `simd` loop nested in
// a kernel's loop body or in a target region's code, a serialised nested
// `parallel for`, a `for` in a serialised `parallel`, a `simd` loop in a
// function the region calls (compiled for both sides). Each is the loop
// in order with the one variable: inclusive updates then reads, exclusive
// reads then updates, and the variable's value before the loop is part of
// every prefix (OpenMP 5.2 §5.5.4; GCC agrees, clang-19's host `parallel
// for` drops it). The data are integers. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define ROWS 6
#define N 37

/* An orphaned simd loop: the host vectorises it, a device thread runs it
   in order. */
static void prefix_max(const int *a, int *out, int n) {
  int m = -1000;
#pragma omp simd reduction(inscan, max : m)
  for (int i = 0; i < n; ++i) {
    out[i] = m;
#pragma omp scan exclusive(m)
    m = a[i] > m ? a[i] : m;
  }
}

int main(void) {
  int on_device = 0;
  int a[ROWS][N], incl[ROWS][N], excl[ROWS][N], prod[ROWS][N];
  int mx[ROWS][N], bits[ROWS][N], land[ROWS][N], lor[ROWS][N];
  int totals[ROWS][8];
  for (int r = 0; r < ROWS; ++r)
    for (int i = 0; i < N; ++i)
      a[r][i] = (i * 7 + r * 3) % 11 - 4;

  /* 1. simd loops in a kernel's loop body: each row by one thread. */
#pragma omp target teams distribute parallel for map(to: a)                \
    map(from: incl, excl, prod, mx, bits, land, lor, totals)               \
    map(tofrom: on_device)
  for (int r = 0; r < ROWS; ++r) {
    if (r == 0)
      on_device = !omp_is_initial_device();
    int s = 10 * r, e = 5, p = 1, m = -100, x = 0, l = 1, o = 0;
    long n = r == 3 ? 0 : N; /* a row of no iterations */
#pragma omp simd reduction(inscan, + : s)
    for (int i = 0; i < n; ++i) {
      s += a[r][i];
#pragma omp scan inclusive(s)
      incl[r][i] = s;
    }
#pragma omp simd reduction(inscan, + : e)
    for (int i = 0; i < N; ++i) {
      excl[r][i] = e;
#pragma omp scan exclusive(e)
      e += 1 - a[r][i];
    }
#pragma omp simd reduction(inscan, * : p) reduction(inscan, max : m)
    for (int i = 0; i < N; ++i) {
      p *= (a[r][i] & 1) ? -1 : 1;
      m = a[r][i] * (r + 1) > m ? a[r][i] * (r + 1) : m;
#pragma omp scan inclusive(p, m)
      prod[r][i] = p;
      mx[r][i] = m;
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
      o = o || a[r][i] == r;
#pragma omp scan inclusive(l, o)
      land[r][i] = l;
      lor[r][i] = o;
    }
    totals[r][0] = s;
    totals[r][1] = e;
    totals[r][2] = p;
    totals[r][3] = m;
    totals[r][4] = x;
    totals[r][5] = l;
    totals[r][6] = o;
    totals[r][7] = 0;
  }

  /* 2. A serialised nested parallel for, and a for in a serialised
     parallel: each thread of the outer team runs them alone. */
  int nested[ROWS][N], nested2[ROWS][N], ntot[ROWS][2];
#pragma omp target parallel num_threads(ROWS) map(to: a)                   \
    map(from: nested, nested2, ntot)
  {
    int r = omp_get_thread_num();
    int s = r, u = 0, mn = 1000;
#pragma omp parallel for reduction(inscan, + : s) num_threads(4)
    for (int i = 0; i < N; ++i) {
      nested[r][i] = s;
#pragma omp scan exclusive(s)
      s += a[r][i] * i;
    }
#pragma omp parallel
    {
#pragma omp for reduction(inscan, min : mn) reduction(inscan, | : u)
      for (int i = 0; i < N - r; ++i) {
        mn = a[r][i] + i < mn ? a[r][i] + i : mn;
        u |= 1 << (i % 13);
#pragma omp scan inclusive(mn, u)
        nested2[r][i] = mn * 10000 + u;
      }
    }
    for (int i = N - r; i < N; ++i)
      nested2[r][i] = 0;
    ntot[r][0] = s;
    ntot[r][1] = mn * 10000 + u;
  }

  /* 3. A simd loop in a target region's own code (one thread). */
  float f[N], fsum = 0.5f;
  int empty = 7;
#pragma omp target map(to: a) map(from: f) map(tofrom: fsum, empty)
  {
#pragma omp simd reduction(inscan, + : fsum)
    for (int i = 0; i < N; ++i) {
      fsum += (float)a[1][i];
#pragma omp scan inclusive(fsum)
      f[i] = fsum;
    }
#pragma omp simd reduction(inscan, + : empty)
    for (int j = 0; j < 0; ++j) {
      f[j] = (float)empty;
#pragma omp scan exclusive(empty)
      empty += 1;
    }
  }

  /* 4. The orphaned simd loop, a row per thread. */
  int pm[ROWS][N];
#pragma omp target teams distribute parallel for map(to: a) map(from: pm)
  for (int r = 0; r < ROWS; ++r)
    prefix_max(a[r], pm[r], N - r);

  for (int r = 0; r < ROWS; ++r) {
    printf("row %d:", r);
    for (int i = 0; i < N; ++i)
      printf(" %d/%d/%d/%d/%d/%d/%d/%d/%d/%d", r == 3 ? 0 : incl[r][i],
             excl[r][i], prod[r][i], mx[r][i], bits[r][i], land[r][i],
             lor[r][i], nested[r][i], nested2[r][i], i);
    printf("\n prefix max:");
    for (int i = 0; i < N - r; ++i)
      printf(" %d", pm[r][i]);
    printf("\n totals:");
    for (int k = 0; k < 8; ++k)
      printf(" %d", totals[r][k]);
    printf(" %d %d\n", ntot[r][0], ntot[r][1]);
  }
  for (int i = 0; i < N; ++i)
    printf(" %.1f", f[i]);
  printf("\nfsum %.1f empty %d\n", fsum, empty);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
