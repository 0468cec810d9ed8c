/* Regions in a user header, which omp2cuda translates into a copy: one it
   offloads and one it must leave on the host (a call through a function
   pointer), both run inside the including file's device data region. */
#ifndef HEADER_REGIONS_H
#define HEADER_REGIONS_H

static inline void scale_on_device(double *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = a[i] * 3 + 1;
}

static double bump(double x) { return x + 0.5; }
static double (*volatile bump_ptr)(double) = bump;

static inline void bump_on_host(double *a, int n) {
#pragma omp target map(tofrom: a[0:n]) /* left on the host: a function pointer */
  for (int i = 0; i < n; ++i)
    a[i] = bump_ptr(a[i]);
}

#endif
