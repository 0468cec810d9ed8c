#include <stdio.h>
#include <stdlib.h>
#include "saxpy.h"

int main(void) {
  int n = 1000;
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  for (int i = 0; i < n; ++i) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }
  saxpy(0.5f, x, y, n);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += y[i];
  printf("saxpy checksum %.1f\n", s);
  free(x);
  free(y);
  return 0;
}
