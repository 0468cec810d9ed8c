// `#pragma omp atomic compare` (OpenMP 5.1) in target regions: the min and
// max forms become atomicMin/atomicMax (a CAS loop for floating point and
// small integers), `x == e` forms one compare-and-swap. In a combined loop
// and in a general region (team-master code around a parallel region).
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void) {
  int lo = 1 << 30, hi = -(1 << 30), on_device = 0;
  double dlo = 1e300, dhi = -1e300;
  float fhi = -1e30f;
  short slo = 32767;
  unsigned long long umax = 0;
  long long claim = -1;
  int slots[8] = {0};

  /* 1. combined: every form, over int, double, float, short, unsigned
     long long, long long. */
#pragma omp target teams distribute parallel for map(tofrom: lo, hi, dlo, \
    dhi, fhi, slo, umax, claim, slots, on_device)
  for (int i = 0; i < N; i++) {
    if (i == 0)
      on_device = !omp_is_initial_device();
    int v = (i * 7919) % 1009 - 500;
    double d = v * 0.25;
#pragma omp atomic compare
    lo = v < lo ? v : lo;
#pragma omp atomic compare
    if (hi < v) { hi = v; }
#pragma omp atomic compare
    dlo = dlo > d ? d : dlo;
#pragma omp atomic compare
    if (d > dhi) { dhi = d; }
    float f = (float)v / 8;
#pragma omp atomic compare
    fhi = f > fhi ? f : fhi;
    short s = (short)(v % 300);
#pragma omp atomic compare
    if (s < slo) { slo = s; }
    unsigned long long u = (unsigned long long)(i % 97) * 1000003ull;
#pragma omp atomic compare
    umax = umax < u ? u : umax;
#pragma omp atomic compare
    if (claim == -1) { claim = i; }
#pragma omp atomic compare
    slots[i % 8] = slots[i % 8] == 0 ? i % 8 + 1 : slots[i % 8];
  }
  printf("1. lo %d hi %d dlo %.2f dhi %.2f fhi %.3f slo %d umax %llu\n", lo,
         hi, dlo, dhi, fhi, slo, umax);
  printf("1. claimed: %d, slots", claim >= 0 && claim < N);
  for (int k = 0; k < 8; k++)
    printf(" %d", slots[k]);
  printf("\n");

  /* 2. general region: a distribute loop whose rows each keep their
     minimum in a row-local variable, which a parallel loop updates. */
  int row_min[4], first[4];
#pragma omp target teams distribute num_teams(2) map(from: row_min, first)
  for (int r = 0; r < 4; r++) {
    int m = 1 << 30, f = -1;
#pragma omp parallel for
    for (int j = 0; j < 100; j++) {
      int v = ((j + 1) * 37 + r * 11) % 101;
#pragma omp atomic compare
      if (v < m) { m = v; }
#pragma omp atomic compare
      f = f == -1 ? r + 10 : f;
    }
    row_min[r] = m;
    first[r] = f;
  }
  for (int r = 0; r < 4; r++)
    printf("2. row %d: min %d, first %d\n", r, row_min[r], first[r]);

  /* 3. The if-form on a row-local declared with another variable: the
     team shares it (before the fix each thread kept its own maximum). */
  int row_max[4];
#pragma omp target teams distribute num_teams(2) map(from: row_max)
  for (int r = 0; r < 4; r++) {
    int m = -1, count = 0;
#pragma omp parallel for reduction(+ : count)
    for (int j = 0; j < 64; j++) {
#pragma omp atomic compare
      if (m < r + j) { m = r + j; }
      count += 1;
    }
    row_max[r] = m * 100 + count;
  }
  for (int r = 0; r < 4; r++)
    printf("3. row %d: %d\n", r, row_max[r]);

  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
