// reduction(inscan, ...) shapes that once gave wrong answers on the device
// (review of a10f13f) and now stay on the host, each warning at the use or
// clause that decided (src/analysis/InOrderScan.h):
//  1. the input phase reads the running prefix (s * 2): OpenMP gives each
//     input phase a fresh copy at the identity; emu printed s=26102 where
//     gcc and clang-19 print 136;
//  2. a serialised parallel for whose input phase assigns (s = a[i]): emu
//     printed 1 2 3 where gcc prints 101 103 106;
//  3. a serialised parallel for under a clang host (the default family):
//     clang-19 drops the item's value before the loop, the device kept it;
//  4. the scan phase writes the item;
//  5. the item's address is taken (a read through it would see the prefix);
//  6. 1's loop in a function the region calls (an orphaned simd loop).
#include <omp.h>
#include <stdio.h>

#define N 8

/* 6. The same input phase as 1 in a simd loop of a function the region
   calls: the region stays on the host, warned at the use. */
static void doubling(const int *a, int *b, int n) {
  int s = 1;
#pragma omp simd reduction(inscan, + : s)
  for (int i = 0; i < n; ++i) {
    s = s * 2 + a[i];
#pragma omp scan inclusive(s)
    b[i] = s;
  }
}

int main(void) {
  int a[N], b[N], c[3][N];
  for (int i = 0; i < N; ++i)
    a[i] = i + 1;

  int s = 0;
#pragma omp target map(to: a) map(from: b) map(tofrom: s)
  {
#pragma omp simd reduction(inscan, + : s)
    for (int i = 0; i < N; ++i) {
      s = s * 2 + a[i];
#pragma omp scan inclusive(s)
      b[i] = s;
    }
  }
  printf("1: s=%d b[%d]=%d\n", s, N - 1, b[N - 1]);

#pragma omp target parallel num_threads(3) map(to: a) map(from: c)
  {
    int r = omp_get_thread_num(), x = 100;
#pragma omp parallel for reduction(inscan, + : x)
    for (int i = 0; i < N; ++i) {
      c[r][i] = x;
#pragma omp scan exclusive(x)
      x = a[i];
    }
  }
  printf("2: %d %d %d\n", c[0][1], c[0][2], c[0][3]);

#pragma omp target parallel num_threads(3) map(to: a) map(from: c)
  {
    int r = omp_get_thread_num(), x = 100;
#pragma omp parallel for reduction(inscan, + : x)
    for (int i = 0; i < N; ++i) {
      x += a[i] - 1;
#pragma omp scan inclusive(x)
      c[r][i] = x;
    }
  }
  printf("3: %d\n", c[1][N - 1]);

  int t = 5;
  int *alias = &t;
#pragma omp target map(to: a) map(from: b) map(tofrom: s, t)
  {
#pragma omp simd reduction(inscan, + : s)
    for (int i = 0; i < N; ++i) {
      s += a[i];
#pragma omp scan inclusive(s)
      b[i] = s--;
    }
  }
  printf("4: s=%d b[0]=%d\n", s, b[0]);

#pragma omp target map(to: a) map(from: b) map(tofrom: t)
  {
#pragma omp simd reduction(inscan, max : t)
    for (int i = 0; i < N; ++i) {
      t = a[i] > t ? a[i] : t;
#pragma omp scan inclusive(t)
      b[i] += t;
    }
  }
  printf("5: t=%d %d b[0]=%d\n", t, *alias, b[0]);

#pragma omp target map(to : a) map(from : b)
  doubling(a, b, N);
  printf("6: %d\n", b[N - 1]);
  return 0;
}
