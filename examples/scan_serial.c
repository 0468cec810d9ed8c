// reduction(inscan, ...) and `scan` on worksharing loops nested in parallel
// code, which each device thread runs alone as a team of one
// (docs/nested-parallel.md): a nested `parallel for`, and a `for` in a
// nested `parallel`. The loop runs in order on a copy that starts from the
// item's value and is its new value, which is GCC's answer: clang-19's host
// OpenMP leaves that value out of the scan (x = 100 over 1..8 gives 128
// under GCC, 28 under clang-19, in a team of one too), so with a clang host
// these regions stay on the host and this example builds its host side with
// g++ (--host-compiler-family=gcc). The input phases only combine into the
// items (src/analysis/InOrderScan.h). Integers. stderr says where it ran.
// exec-host-compiler: g++
#include <omp.h>
#include <stdio.h>

#define ROWS 6
#define N 37

int main(void) {
  int on_device = 0;
  int a[ROWS][N], nested[ROWS][N], nested2[ROWS][N], ntot[ROWS][3];
  int body[ROWS][N], btot[ROWS];
  for (int r = 0; r < ROWS; ++r)
    for (int i = 0; i < N; ++i)
      a[r][i] = (i * 7 + r * 3) % 11 - 4;

  /* 1. A nested parallel for, and a for in a nested parallel, in each
     thread of a target parallel region. */
#pragma omp target parallel num_threads(ROWS) map(to: a)                   \
    map(from: nested, nested2, ntot) map(tofrom: on_device)
  {
    int r = omp_get_thread_num();
    if (r == 0)
      on_device = !omp_is_initial_device();
    int s = 100 * r, u = 0x40, mn = 1000;
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
    ntot[r][1] = mn;
    ntot[r][2] = u;
  }

  /* 2. A nested parallel for in a combined loop's body: each iteration's
     thread scans its row, from the value the row starts with. */
#pragma omp target teams distribute parallel for map(to: a)               \
    map(from: body, btot)
  for (int r = 0; r < ROWS; ++r) {
    long x = 1000 * r;
#pragma omp parallel for reduction(inscan, + : x)
    for (int i = 0; i < N; ++i) {
      x += a[r][i] + 4;
#pragma omp scan inclusive(x)
      body[r][i] = (int)x;
    }
    btot[r] = (int)x;
  }

  for (int r = 0; r < ROWS; ++r) {
    printf("row %d:", r);
    for (int i = 0; i < N; ++i)
      printf(" %d/%d/%d", nested[r][i], nested2[r][i], body[r][i]);
    printf("\n totals: %d %d %d %d\n", ntot[r][0], ntot[r][1], ntot[r][2],
           btot[r]);
  }
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
