/* Variables present on the device, changed on the host since, and read
   firstprivate (implicitly or explicitly) by regions left on the host: the
   private copies start from the host's values, not the device's stale ones
   (fuzz seed 7771 program 115; review hunt fp5, fp1, fp3). The regions'
   writes to their private copies reach neither the host's variables nor the
   device's copies. */
#include <stdio.h>
#include <stdlib.h>
#define N 4
int main(void) {
  double u[N] = {0}, dt = 1.0;
  /* a time step the host changes each step (fp5) */
#pragma omp target data map(tofrom: u) map(to: dt)
  for (int step = 0; step < 3; step++) {
    dt = dt * 2;
#pragma omp target
    { for (int i = 0; i < N; i++) u[i] += dt; if (u[0] < 0) abort(); }
  }
  printf("u %g %g\n", u[0], dt);

  /* enter data, then the host's value (fp1); the region writes its copy */
  double s0 = 2;
  int out[4] = {0};
#pragma omp target enter data map(to: s0)
  s0 = 7;
#pragma omp target map(tofrom: out)
  { out[0] = (int)s0; s0 = 100; out[1] = (int)s0; if (out[0] < 0) abort(); }
#pragma omp target map(tofrom: out)
  { out[2] = (int)s0; }
#pragma omp target exit data map(release: s0)
  printf("s0 %d %d %d %g\n", out[0], out[1], out[2], s0);

  /* explicit firstprivate of a scalar and an array, a pointer present
     itself (fp3) */
  int k = 1, arr[2] = {1, 1}, buf[4] = {0}, buf2[4] = {0};
  int *p = buf;
  int o3[3] = {0, 0, 0};
#pragma omp target enter data map(to: k, arr, p)
  k = 7; arr[0] = 8; p = buf2;
#pragma omp target map(tofrom: o3) firstprivate(k, arr)
  { o3[0] = k; o3[1] = arr[0]; arr[0] = -1; k = -1; if (k > 0) abort(); }
#pragma omp target map(tofrom: buf2)
  { p[0] = 9; if (k < 0) abort(); }
#pragma omp target map(tofrom: o3)
  { o3[2] = k; }
#pragma omp target exit data map(release: k, arr, p)
  printf("fp %d %d %d %d %d | %d %d %d\n", o3[0], o3[1], o3[2], buf[0], buf2[0],
         k, arr[0], p == buf2);

  /* a combined construct left on the host reads a present bound */
  int n = 2, a[8] = {0};
#pragma omp target enter data map(to: n) map(to: a)
  n = 6;
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) { a[i] = i + 1; if (a[i] < 0) abort(); }
#pragma omp target exit data map(from: a) map(release: n)
  printf("comb %d %d %d %d\n", a[1], a[5], a[6], n);
  return 0;
}
