/* A firstprivate array of a deferred target task takes its values at the
   encounter, not when the task runs (review ra21: emu printed 89 89 89 89). */
#include <stdio.h>
int main(void) {
  int r[4] = {0, 0, 0, 0};
  int c[2] = {1, 2};
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int k = 0; k < 4; k++) {
#pragma omp target nowait firstprivate(c) map(tofrom: r[k:1]) depend(inout: r)
      r[k] = c[0] * 10 + c[1];
      c[0] = k + 5;
      c[1] = k + 6;
    }
  }
  printf("%d %d %d %d\n", r[0], r[1], r[2], r[3]);
  return 0;
}
