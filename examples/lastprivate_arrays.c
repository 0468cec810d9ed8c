// lastprivate beyond scalars: a fixed-size array (the thread that runs the
// sequentially last iteration copies its private array back), and the
// variable of an inner loop that a non-rectangular collapse leaves to each
// thread (that thread runs the last iteration's inner loop to its end, as
// the sequential nest does last). Self-checking; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define SIZE 1024

int main(void) {
  int a[SIZE], b[SIZE], c[SIZE], on_device = 0;
  for (int x = 0; x < SIZE; ++x) {
    a[x] = 1;
    b[x] = x;
    c[x] = x % 10;
  }
  int last[2] = {-1, -1};
  double pair[2][3] = {{0}};
#pragma omp target data map(to: a, b, c) map(tofrom: last)
  {
#pragma omp target teams distribute lastprivate(last) map(alloc: a, b, c)
    for (int x = 0; x < SIZE; ++x) {
      last[0] = a[x] + b[x] + c[x];
      last[1] = (a[x] + b[x]) * c[x];
    }
  }
#pragma omp target teams distribute parallel for lastprivate(pair) \
    map(to: b) map(tofrom: on_device)
  for (int x = 0; x < SIZE; x += 3) {
    for (int r = 0; r < 2; ++r)
      for (int s = 0; s < 3; ++s)
        pair[r][s] = b[x] * (r + 1) + s * 0.5;
    if (x == 0)
      on_device = !omp_is_initial_device();
  }

  // lastprivate of i, j and k: the collapse distributes i and j; k's bounds
  // depend on i, so each thread runs the k loop itself.
  int i, j, k, cells[8][6][10];
  for (i = 0; i < 8; i++)
    for (j = 0; j < 6; j++)
      for (k = 0; k < 10; k++)
        cells[i][j][k] = 0;
#pragma omp target teams distribute parallel for collapse(3) \
    lastprivate(i, j, k) map(tofrom: cells)
  for (i = 0; i < 8; i++)
    for (j = 0; j < 6; j++)
      for (k = i; k < 10; k++)
        cells[i][j][k] += i + 2 * j + 3 * k;
  int cellsum = 0;
  for (int x = 0; x < 8; x++)
    for (int y = 0; y < 6; y++)
      for (int z = 0; z < 10; z++)
        cellsum += cells[x][y][z];

  printf("last %d %d pair %.1f %.1f %.1f %.1f %.1f %.1f\n", last[0], last[1],
         pair[0][0], pair[0][1], pair[0][2], pair[1][0], pair[1][1], pair[1][2]);
  printf("i %d j %d k %d cells %d\n", i, j, k, cellsum);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return !(last[0] == 1 + 1023 + 3 && last[1] == 1024 * 3 && i == 8 &&
           j == 6 && k == 10 && pair[1][2] == 1023 * 2 + 1.0);
}
