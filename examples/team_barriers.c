// A nested parallel region of fewer threads than the block that
// synchronises: num_threads of whole warps (a multiple of 32), whose barriers
// and worksharing loops wait for the team's threads alone (PTX named barrier
// bar.sync 1, n; the emulation waits for n threads). thread_limit keeps the
// block larger than the team: without it, a region whose parallel constructs
// all ask for one num_threads(n) is a block of n threads (num_threads_block.c).
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void) {
  int a[64], b[64], c[N], on_device = 0, team = 0;
  for (int i = 0; i < N; i++)
    c[i] = 0;

  /* 1. a barrier between writing and reading the neighbour's value, then a
     worksharing loop, in a team of 64 threads. */
#pragma omp target map(from: a, b, team) map(tofrom: c, on_device)            \
    thread_limit(256)
  {
    on_device = !omp_is_initial_device();
#pragma omp parallel num_threads(64)
    {
      int t = omp_get_thread_num();
      int n = omp_get_num_threads();
      if (t == 0)
        team = n;
      a[t] = t * 3;
#pragma omp barrier
      b[t] = a[(t + 1) % n] + 1;
#pragma omp for
      for (int i = 0; i < N; i++)
        c[i] = i % 7;
#pragma omp for nowait
      for (int i = 0; i < N; i++)
        c[i] += b[i % n];
    }
  }
  long s = 0;
  for (int i = 0; i < N; i++)
    s += c[i];
  int bs = 0;
  for (int t = 0; t < team; t++)
    bs += b[t];
  printf("1. team %d, b sum %d, c sum %ld\n", team, bs, s);

  /* 2. inside a distribute loop: each team's rows, a team of 32 threads
     per row with a loop and a barrier. */
  int rows[4][32];
#pragma omp target teams distribute num_teams(2) thread_limit(256)           \
    map(from: rows)
  for (int r = 0; r < 4; r++) {
#pragma omp parallel num_threads(32)
    {
      int t = omp_get_thread_num();
#pragma omp for
      for (int j = 0; j < 32; j++)
        rows[r][j] = r * 100 + j;
#pragma omp barrier
      if (t == 0)
        for (int j = 1; j < 32; j++)
          rows[r][j] += rows[r][j - 1];
    }
  }
  for (int r = 0; r < 4; r++)
    printf("2. row %d ends at %d\n", r, rows[r][31]);

  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
