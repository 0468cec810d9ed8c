// Device code in a header: a target region and a helper that a region of
// the including file calls. omp2cuda translates the header into a copy
// (header_region.cu.h) that the .cu includes.
#ifndef HEADER_REGION_H
#define HEADER_REGION_H

static inline double sq(double x) { return x * x; }

/* Runs inside the caller's `target data` region: the data it maps is
   already on the device, and the results stay there. */
static inline void scale(double *a, int n, double f) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = sq(a[i]) * f;
}

#endif
