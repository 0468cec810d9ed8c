// Array sections over several dimensions of fixed-size arrays: when every
// dimension after the first is covered whole, the section is one block of
// rows and maps as such (a2d[1:N-2][0:2], a3d[1:N-2][:2][:2], a[1:][0:]).
// Self-checking; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 10

int main(void) {
  int a2d[N][2], a3d[N][2][2], on_device = 0;
  double a[4][4];
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < 2; ++j) {
      a2d[i][j] = 0;
      for (int k = 0; k < 2; ++k)
        a3d[i][j][k] = 0;
    }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      a[i][j] = i * 4 + j;
#pragma omp target map(tofrom: a2d[1:N - 2][0:2], a3d[1:N - 2][:2][:2]) \
    map(from: on_device)
  {
    for (int i = 1; i < N - 1; ++i)
      for (int j = 0; j < 2; ++j) {
        a2d[i][j] = i + j;
        for (int k = 0; k < 2; ++k)
          a3d[i][j][k] = i * j * k + 1;
      }
    on_device = !omp_is_initial_device();
  }
#pragma omp target teams distribute parallel for map(tofrom: a[0:4][0:4])
  for (int i = 0; i < 4; ++i)
    a[i][3] *= 2;
#pragma omp target teams distribute parallel for map(tofrom: a[1:][0:])
  for (int i = 1; i < 4; ++i)
    a[i][0] += 100;
  int s = 0;
  double t = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < 2; ++j) {
      s += a2d[i][j];
      for (int k = 0; k < 2; ++k)
        s += a3d[i][j][k];
    }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      t += a[i][j];
  printf("ints %d doubles %g\n", s, t);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return !(s == 148 && t == 456);
}
