#include "twice.h"
int a_only(void) {
  int r = 0;
#pragma omp target map(tofrom: r)
  r = twice(1);
  return r;
}
