// Chunked collapsed loops (schedule(static, C) with collapse): the stub
// picks a 32-bit counter for the kernel when the trip count plus the
// grid's threads times the chunk fits in 32 bits, else a 64-bit one. The
// first loop's chunk is small (32 bits); the second's is 2^30, so that a
// grid of four threads or more steps the counter by a multiple of 2^32: a
// 32-bit counter would wrap to the chunk it started from and never end, or
// count iterations twice. Each iteration adds 1 to its cell, so a cell run
// twice (or never) changes the sums. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 12
#define M 9

int main(void) {
  int small[N][M] = {{0}}, huge[N][M] = {{0}}, on_device = 0;
  long long total = 0;

#pragma omp target teams distribute parallel for collapse(2) \
    schedule(static, 5) map(tofrom: small)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      small[i][j] += 10 * i + j;

#pragma omp target teams distribute parallel for collapse(2) \
    schedule(static, 1073741824) map(tofrom: huge, on_device)
  for (int i = N - 1; i >= 0; i--)
    for (int j = 0; j < M; j++) {
      huge[i][j] += 1;
      if (i == 0 && j == 0)
        on_device = !omp_is_initial_device();
    }

  /* lastprivate and a reduction on a chunked nest whose inner loop counts
     down by 2: the last iteration is found through the (32-bit) counter. */
  int rows[N][M] = {{0}}, last_i = -1, last_j = -1;
  long long sum = 0;
#pragma omp target teams distribute parallel for collapse(2) \
    schedule(static, 4) lastprivate(last_i, last_j) reduction(+: sum) \
    map(from: rows)
  for (int i = 0; i < N; i++)
    for (int j = M - 1; j >= 0; j -= 2) {
      rows[i][j] = 100 * i + j;
      last_i = i;
      last_j = j;
      sum += rows[i][j];
    }
  printf("last %d %d sum %lld rows[11][8] %d\n", last_i, last_j, sum,
         rows[11][8]);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      total += small[i][j] * (j + 1);
      if (huge[i][j] != 1)
        printf("huge[%d][%d] = %d\n", i, j, huge[i][j]);
    }
  printf("total %lld small[11][8] %d huge[11][8] %d\n", total, small[11][8],
         huge[11][8]);
  fprintf(stderr, "ran on the %s\n", on_device ? "device" : "host");
  return 0;
}
