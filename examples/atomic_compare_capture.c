// `#pragma omp atomic compare capture` (OpenMP 5.1) in target regions:
// the old and the new value of the min/max and `==` forms, and the value
// of a failed comparison, each from the same atomic operation. (The
// `r = x == e` forms and the conditional-expression forms are translated
// too, see tests/unit/atomic_compare_test.cpp, but nvcc's front end
// re-prints the host fallback's statements with parentheses clang 19 no
// longer takes for these forms.) The values printed
// do not depend on the order the threads come in: counts of the threads
// that won a claim, sums of the old values taken, the final minimum.
#include <omp.h>
#include <stdio.h>

#define N 1024

int main(void) {
  int lo = 1 << 30, claim = -1, winners = 0, failed_sum = 0, on_device = 0;
  long long tag = 0, tag_wins = 0;
  double dmax = -1e300;
  int new_ok = 1, old_ok = 1, dmax_ok = 1;

#pragma omp target teams distribute parallel for map(tofrom: lo, claim, \
    winners, failed_sum, on_device, tag, tag_wins, dmax, new_ok, old_ok, \
    dmax_ok)
  for (int i = 0; i < N; i++) {
    if (i == 0)
      on_device = !omp_is_initial_device();
    int v = (i * 7919) % 1009 - 500, old, now;
    /* v = x; if (e < x) { x = e; }: the old value is never above v's
       minimum so far, and is never below the final minimum. */
#pragma omp atomic compare capture
    {
      old = lo;
      if (v < lo) { lo = v; }
    }
    if (old < -500)
      old_ok = 0;
    /* if (x > e) { x = e; } v = x;: the new value is at most v. */
#pragma omp atomic compare capture
    {
      if (lo > v) { lo = v; }
      now = lo;
    }
    if (now > v)
      new_ok = 0;
    /* if (x == e) { x = d; } with the old value: one thread claims. */
    int seen;
#pragma omp atomic compare capture
    {
      seen = claim;
      if (claim == -1) { claim = i; }
    }
    if (seen == -1) {
#pragma omp atomic
      winners++;
    }
    /* if (x == e) { x = d; } else { v = x; }: the losers see the winner. */
    long long got = -7;
#pragma omp atomic compare capture
    if (tag == 0) { tag = i + 1; } else { got = tag; }
    if (got == -7) {
#pragma omp atomic
      tag_wins++;
    } else {
#pragma omp atomic
      failed_sum += got > 0;
    }
    /* max of doubles, new value. */
    double d = v * 0.5, dn;
#pragma omp atomic compare capture
    {
      if (d > dmax) { dmax = d; }
      dn = dmax;
    }
    if (dn < d)
      dmax_ok = 0;
  }
  printf("min %d old_ok %d new_ok %d\n", lo, old_ok, new_ok);
  printf("claim in range %d winners %d\n", claim >= 0 && claim < N, winners);
  printf("tag set %d tag_wins %lld losers %d\n", tag > 0, tag_wins,
         failed_sum);
  printf("dmax %.1f dmax_ok %d\n", dmax, dmax_ok);

  /* A general region: each row's team claims its row-local f once. */
  int row_first[4];
#pragma omp target teams distribute num_teams(2) map(from: row_first)
  for (int r = 0; r < 4; r++) {
    int f = -1, mine = 0;
#pragma omp parallel for reduction(+ : mine)
    for (int j = 0; j < 64; j++) {
      int was;
#pragma omp atomic compare capture
      {
        was = f;
        if (f == -1) { f = r; }
      }
      mine += was == -1;
    }
    row_first[r] = f * 10 + mine;
  }
  for (int r = 0; r < 4; r++)
    printf("row %d: %d\n", r, row_first[r]);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
