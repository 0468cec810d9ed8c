// A plain `target` region with sequential code (seed 000 §3.2: a general
// region, one team, run by the team master), calling omp_is_initial_device()
// and a helper function. Self-checking; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

static int square(int v) { return v * v; }

int main(void) {
  int on_device = 0;
  long acc = 0;
  int hist[8] = {0};
#pragma omp target map(tofrom: on_device, acc, hist[0:8])
  {
    on_device = !omp_is_initial_device();
    for (int k = 0; k < 1000; ++k) {
      acc += square(k % 100);
      hist[k % 8] += k;
    }
  }
  long expect = 0;
  int errors = 0;
  for (int k = 0; k < 1000; ++k)
    expect += (long)(k % 100) * (k % 100);
  for (int b = 0; b < 8; ++b) {
    int e = 0;
    for (int k = b; k < 1000; k += 8)
      e += k;
    errors += hist[b] != e;
  }
  errors += acc != expect;
  fprintf(stderr, "sequential_target: ran on %s\n", on_device ? "device" : "host");
  printf("sequential_target: acc=%ld hist0=%d hist7=%d errors=%d\n", acc, hist[0], hist[7],
         errors);
  return errors != 0;
}
