/* A self-check header in the style of test suites: the probe is a macro. */
#include <omp.h>
#include <stdio.h>
extern int probe_on_device;
#define PROBE_OFFLOADING                                                       \
  probe_on_device = 0;                                                         \
  _Pragma("omp target map(from: probe_on_device)")                             \
  { probe_on_device = !omp_is_initial_device(); }
#define TEST_OFFLOADING                                                        \
  {                                                                            \
    PROBE_OFFLOADING                                                           \
    printf("running on the %s\n", probe_on_device ? "device" : "host");       \
  }
