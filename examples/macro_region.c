// A region produced by a macro with `_Pragma` (ARCHITECTURE §4: a region out
// of a macro expansion is rewritten from the expanded tokens). Macro
// parameters are not substituted inside the _Pragma string, so the map
// clause names the caller's real variables (buf, len).
// Self-checking; prints an exact checksum. stderr says where it ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define FILL_RAMP(p, n, step)                                                  \
  _Pragma("omp target teams distribute parallel for map(from: buf[0:len])")   \
  for (int i = 0; i < (n); ++i)                                                \
    (p)[i] = (step) * i;

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

static void ramp(double *buf, int len) { FILL_RAMP(buf, len, 0.5) }

int main(void) {
  int len = 200000;
  double *buf = (double *)malloc(len * sizeof(double));
  ramp(buf, len);
  int errors = 0;
  double sum = 0.0;
  for (int i = 0; i < len; ++i) {
    errors += buf[i] != 0.5 * i;
    sum += buf[i];
  }
  fprintf(stderr, "macro_region: ran on %s\n", ran_on_device() ? "device" : "host");
  printf("macro_region: len=%d sum=%.2f errors=%d\n", len, sum, errors);
  free(buf);
  return errors != 0;
}
