/* A header outside the input root of tests/fallback/outside_header.c: the
   translation does not rewrite it, so its region stays on the host with
   nothing around it to bring the device's data to the host. */
#ifndef SCALE_OUTSIDE_H
#define SCALE_OUTSIDE_H
static void scale_outside(double *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] *= 2.0;
}
#endif
