// collapse over loops with intervening code (OpenMP 5.0 §2.9.2): the code
// between the loops may run from once per iteration of the loop around it
// to once per innermost iteration, and here it runs once per collapsed
// iteration. The results do not depend on the count: the intervening code
// computes values (a row's offset, a scale) and writes what every run
// writes the same. A parallel for inside a target region (the OpenMP_VV
// test's shape), with code before and after the inner loop, a
// three-level nest with code at two levels, and a parallel for inside a
// distribute loop. stderr says where it ran.
// GCC 12 rejects intervening code in a collapsed nest:
// exec-reference: clang
#include <omp.h>
#include <stdio.h>

#define N 10
#define M 16
#define K 4

int main(void) {
  int rows[N], grid[N][M], cube[N][M][K], on_device = 0;

#pragma omp target map(from: rows, grid, on_device)
  {
    on_device = !omp_is_initial_device();
#pragma omp parallel for collapse(2)
    for (int i = 0; i < N; i++) {
      int base = 100 * i;
      rows[i] = base;
      for (int j = 0; j < M; j++) {
        grid[i][j] = base + j;
      }
      rows[i] = base + 1;
    }
  }

#pragma omp target map(from: cube)
  {
#pragma omp parallel for collapse(3) schedule(static, 3)
    for (int i = 0; i < N; i++) {
      int a = i * 1000;
      for (int j = 0; j <= M - 1; j++) {
        int b = a + j * 10;
        for (int k = K; k > 0; k--)
          cube[i][j][k - 1] = b + k;
      }
    }
  }

  /* A parallel for inside a distribute loop (a general region): each
     team's threads share its rows. */
  int rows2[4][N], grid2[4][N][M];
#pragma omp target teams distribute num_teams(2) map(from: rows2, grid2)
  for (int t = 0; t < 4; t++) {
    int off = 10000 * t;
#pragma omp parallel for collapse(2)
    for (int i = 0; i < N; i++) {
      int base = off + 100 * i;
      for (int j = 0; j < M; j++)
        grid2[t][i][j] = base + j;
      rows2[t][i] = base;
    }
  }

  long sum = 0;
  for (int t = 0; t < 4; t++)
    for (int i = 0; i < N; i++) {
      sum += rows2[t][i] * 3;
      for (int j = 0; j < M; j++)
        sum += grid2[t][i][j] * (j + 2);
    }
  for (int i = 0; i < N; i++) {
    sum += rows[i];
    for (int j = 0; j < M; j++) {
      sum += grid[i][j];
      for (int k = 0; k < K; k++)
        sum += cube[i][j][k] * (k + 1);
    }
  }
  printf("rows[9] %d grid[9][15] %d cube[9][15][3] %d sum %ld\n", rows[9],
         grid[9][15], cube[9][15][3], sum);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
