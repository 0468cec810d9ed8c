// Loops whose bound lies within one stride of the variable type's maximum:
// a kernel's `i += stride` would wrap past INT_MAX back below the bound and
// run iterations outside the range. Every kernel form must stop at the
// bound: the grid-stride loop (num_teams forces its stride instantiation),
// a team's loop in SPMD code, an orphaned distribute's share, unsigned and
// 64-bit variables, and an inclusive bound one below INT_MAX (at INT_MAX
// itself, GCC's and clang's host builds disagree: OpenMP leaves a count
// whose computation overflows unspecified).
#include <limits.h>
#include <omp.h>
#include <stdio.h>

#define N 12
static int hits[10][N];

static void grid(int lo, int hi, int k) {
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(64) \
    map(tofrom: hits)
  for (int i = lo; i < hi; i++)
    hits[k][i - lo] += 1;
}

static void grid_unsigned(unsigned lo, unsigned hi, int k) {
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(32) \
    map(tofrom: hits)
  for (unsigned u = lo; u < hi; u++)
    hits[k][u - lo] += 1;
}

static void grid_long(long long lo, long long hi, int k) {
#pragma omp target teams distribute parallel for num_teams(4) map(tofrom: hits)
  for (long long v = lo; v < hi; v++)
    hits[k][v - lo] += 1;
}

static void grid_inclusive(int lo, int k) {
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(32) \
    map(tofrom: hits)
  for (int i = lo; i <= INT_MAX - 1; i++)
    hits[k][i - lo] += 1;
}

static void team_loop(int lo, int hi, int k) {
#pragma omp target teams num_teams(2) thread_limit(32) map(tofrom: hits)
  {
#pragma omp distribute parallel for
    for (int i = lo; i < hi; i++)
      hits[k][i - lo] += 1;
  }
}

// Team-master code around a parallel construct: the control loop, whose
// distribute loop thread 0 resumes inside.
static int outside; // iterations a kernel ran outside [lo, hi)

static void control(int lo, int hi, int k) {
#pragma omp target teams num_teams(3) thread_limit(32) map(tofrom: hits, outside)
  {
#pragma omp distribute
    for (int r = lo; r < hi; r++) {
      if (r < lo) {
#pragma omp atomic
        outside += 1;
        continue;
      }
      int once = 0;
#pragma omp parallel for reduction(+: once)
      for (int c = 0; c < 4; c++)
        once += c == 0;
      hits[k][r - lo] += once;
    }
  }
}

// A bound of a wider type than the variable: the loop counts iterations.
static void wide_bound(int lo, long long hi, int k) {
#pragma omp target teams distribute parallel for num_teams(1) thread_limit(4) \
    map(tofrom: hits)
  for (int i = lo; i < hi; i++)
    hits[k][i - lo] += 1;
}

#pragma omp declare target
static void share(int *row, int lo, int hi) {
#pragma omp distribute
  for (int i = lo; i < hi; i++)
    row[i - lo] += 1;
}
#pragma omp end declare target

static void orphaned(int lo, int hi, int k) {
#pragma omp target teams num_teams(5) map(tofrom: hits)
  share(hits[k], lo, hi);
}

static int on_device(void) {
  int d = 0;
#pragma omp target map(tofrom: d)
  d = !omp_is_initial_device();
  return d;
}

int main(void) {
  fprintf(stderr, "stride_bounds: ran on %s\n", on_device() ? "device" : "host");
  grid(INT_MAX - 10, INT_MAX, 0);
  grid(INT_MAX - 3, INT_MAX - 3, 1); // no iteration
  grid_unsigned(UINT_MAX - 9, UINT_MAX, 2);
  grid_long(LLONG_MAX - 11, LLONG_MAX, 3);
  grid_inclusive(INT_MAX - 8, 4);
  team_loop(INT_MAX - 7, INT_MAX, 5);
  orphaned(INT_MAX - 6, INT_MAX, 6);
  grid(-5, 6, 7);
  control(INT_MAX - 5, INT_MAX, 8);
  wide_bound(INT_MAX - 5, (long long)INT_MAX, 9);
  int bad = 0;
  for (int k = 0; k < 10; k++) {
    printf("loop %d:", k);
    for (int j = 0; j < N; j++) {
      printf(" %d", hits[k][j]);
      bad += hits[k][j] > 1;
    }
    printf("\n");
  }
  printf("outside: %d\n", outside);
  bad += outside;
  printf("stride_bounds: %s\n", bad ? "FAILED" : "ok");
  return bad != 0;
}
