/* A declare target array: translated regions use its device copy, and a
   region left on the host (it calls through a function pointer) reads and
   writes it through a called function; only target update moves values. */
#include <stdio.h>

#define N 32
#pragma omp declare target
double g[N];
#pragma omp end declare target
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
#pragma omp target update to(g)
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
#pragma omp target update from(g)
  printf("t=%g g[0]=%g g[1]=%g\n", t, g[0], g[1]);
  return 0;
}
