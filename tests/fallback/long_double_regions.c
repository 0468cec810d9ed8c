// Regions that compute a long double (a local, a literal, a cast, a
// long double math function, a function taking or returning one, or a
// device function computing one inside) stay on the host: a GPU computes
// long double as double (nvcc #20208-D), where the host build computes in
// x87's 80-bit format, and 1.0L / 10 * 3 - 0.3L differs. sizeof(long double)
// and long double in host code leave the region on the device.
#include <math.h>
#include <stdio.h>

#pragma omp declare target
static long double third(long double x) { return x / 3; }
static double viaLong(double x) { return (double)((long double)x / 3); }
static double twice(double x) { return x * 2; }
#pragma omp end declare target

static long double onHost(double d) {
  long double h = 1.0L / 3;
  return h * d;
}

int main(void) {
  double r[6] = {0}, d = 1.0;
  int n = 0;
#pragma omp target map(tofrom: r)
  {
    long double x = d;
    x /= 10;
    r[0] = (double)(x * 3 - 0.3L) * 1e20;
  }
#pragma omp target map(tofrom: r)
  r[1] = (double)(sqrtl(2.0L) * 1e15L - 1414213562373095.0L);
#pragma omp target map(tofrom: r)
  r[2] = (double)(third(d) * 3 - 1) * 1e20;
#pragma omp target map(tofrom: r)
  r[3] = (double)((long double)0.1 * 3 - 0.3L) * 1e20;
#pragma omp target map(tofrom: r)
  r[4] = (viaLong(d) * 3 - 1) * 1e20;
#pragma omp target map(tofrom: r, n)
  {
    n = (int)sizeof(long double) + (int)sizeof(1.0L);
    r[5] = twice(d);
  }
  printf("local %.6g\n", r[0]);
  printf("sqrtl %.6g\n", r[1]);
  printf("call %.6g\n", r[2]);
  printf("cast %.6g\n", r[3]);
  printf("device function %.6g\n", r[4]);
  printf("sizeof %d, double %g, host %.6g\n", n, r[5],
         (double)(onHost(d) * 3 - 1) * 1e20);
  return 0;
}
