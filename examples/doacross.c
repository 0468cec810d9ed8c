// Doacross loop nests in target regions (issue 9): ordered(n) with OpenMP
// 5.2's doacross(sink/source) (the older depend(sink/source) alike). The
// iterations take turns in their sequential order (o2c_dev::OrderedTurn): a
// sink waits for the turn, the source passes it on, so every sink's
// iteration is done. 1: a wavefront over a collapsed 2-D nest, each cell
// from its upper and left neighbours; 2: a prefix sum, one loop. The
// results do not depend on how many teams or threads run; stderr says where
// it ran.
// exec-reference: clang
#include <omp.h>
#include <stdio.h>

#define N 40
#define M 24

int grid[N][M];
long long prefix[200];

int main(void) {
  int on_device = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      grid[i][j] = (i == 0 || j == 0) ? i + j : 0;

#pragma omp target teams num_teams(1) map(tofrom: grid)
  {
#pragma omp parallel for collapse(2) ordered(2)
    for (int i = 1; i < N; i++)
      for (int j = 1; j < M; j++) {
        int w = (i * 7 + j * 3) % 5; // before the sinks: concurrent
#pragma omp ordered doacross(sink: i - 1, j) doacross(sink: i, j - 1)
        grid[i][j] = (grid[i - 1][j] + grid[i][j - 1] + w) % 10007;
#pragma omp ordered doacross(source:)
      }
  }

  for (int i = 0; i < 200; i++)
    prefix[i] = i % 13;
#pragma omp target parallel map(tofrom: prefix, on_device)
  {
    if (omp_get_thread_num() == 0)
      on_device = !omp_is_initial_device();
#pragma omp for ordered(1)
    for (int i = 1; i < 200; i++) {
      long long add = prefix[i] * 2 + 1;
#pragma omp ordered doacross(sink: omp_cur_iteration - 1)
      prefix[i] = prefix[i - 1] + add;
#pragma omp ordered doacross(source:)
      add = 0; // after the source: concurrent
    }
  }

  long long s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += grid[i][j] * (long long)(i + 1);
  printf("1. wavefront: corner %d, weighted sum %lld\n", grid[N - 1][M - 1], s);
  printf("2. prefix: %lld %lld %lld\n", prefix[1], prefix[100], prefix[199]);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
