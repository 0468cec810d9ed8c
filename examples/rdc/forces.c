// The device functions main.c's regions call. This file has no target
// region of its own: under --rdc it is translated all the same, so that its
// `declare target` functions are compiled for the device, and the global
// they use gets its device copy here.
#include "particles.h"

#pragma omp declare target
double gravity = 9.8;
#pragma omp end declare target

static double spring(double x) { return -0.5 * x; }
#pragma omp declare target to(spring)

double kick(double v, double x) { return v + 0.01 * (spring(x) - gravity); }

int bucket(double x) {
  int b = (int)((x + 8.0) / 2.0);
  return b < 0 ? 0 : b > 7 ? 7 : b;
}
