/* A global array on the device (enter data), written by a translated
   region, then read and updated by a region left on the host that names it
   only inside a called function. */
#include <stdio.h>

#define N 32
double g[N];
static double total(void) {
  double s = 0;
  int i;
  for (i = 0; i < N; i++)
    s += g[i];
  return s;
}
double (*volatile opaque)(void) = total;

int main(void) {
  double t = 0;
  int i;
  for (i = 0; i < N; i++)
    g[i] = i;
#pragma omp target enter data map(to: g)
#pragma omp target teams distribute parallel for
  for (i = 0; i < N; i++)
    g[i] *= 2;
#pragma omp target map(from: t) /* left on the host: a function pointer */
  {
    t = opaque();
    g[0] = t;
  }
#pragma omp target teams distribute parallel for
  for (i = 0; i < N; i++)
    g[i] += 1;
#pragma omp target exit data map(from: g)
  printf("t=%g g[0]=%g g[1]=%g\n", t, g[0], g[1]);
  return 0;
}
