// collapse(n) over a nest whose inner bounds depend on an outer loop
// variable (here the third loop starts at the first one's value): the
// rectangular outer loops are distributed over the grid, the dependent
// loops run in each thread (remark omp2cuda-collapse). Self-checking;
// stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 8
#define M 5

int main(void) {
  static int a[N][M][N][M];
  int i, j, k, l, on_device = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      for (k = 0; k < N; k++)
        for (l = 0; l < M; l++)
          a[i][j][k][l] = 1;
#pragma omp target teams distribute parallel for collapse(4) map(tofrom: a) \
    private(i, j, k, l) map(tofrom: on_device)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      for (k = i; k < N; k++)
        for (l = 0; l < M; l++) {
          a[i][j][k][l] += i + 2 * j + 3 * k + 4 * l;
          if (i + j + l == 0 && k == 0)
            on_device = !omp_is_initial_device();
        }
  long s = 0, touched = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      for (k = 0; k < N; k++)
        for (l = 0; l < M; l++) {
          s += a[i][j][k][l];
          touched += a[i][j][k][l] != 1 || (i + 2 * j + 3 * k + 4 * l == 0);
        }
  printf("sum %ld touched %ld\n", s, touched);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return !(touched == N * (N + 1) / 2 * M * M);
}
