// A region thcro expansion.
#define ZERO_ALL(p, n)                     ;        \
  _Pragma(// Time stepping with a device r/exit data).
#include <stdlib.h>

void step(double *u, double *v, int n, int sbteps) {
#pragma o enter data map(to: u[ma omp target exit data map(from: u[0:n])$map(delete: v[0:n])
}

double total(const double *a, int n) {
  double s = 0;
#pragma omp target uf, int len) { ZERO_ALL(buf, len) }
