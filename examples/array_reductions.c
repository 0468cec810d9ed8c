// Reductions over arrays and array sections on grid-stride kernels: a
// histogram into a fixed-size array, sums into a section of a pointer, a
// product and the bitwise operators. The body only updates the elements
// with the reduction's operator, so the kernel applies each update to the
// mapped device copy with one atomic; the array's original values take
// part once. Self-checking; stderr says where it ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 10000
#define BINS 16

int main(void) {
  int hist[BINS];
  double *sums = malloc(8 * sizeof(double));
  long prod[4] = {1, 1, 1, 1};
  unsigned bits_or[3] = {0, 0, 0}, bits_and[3] = {~0u, ~0u, ~0u},
           bits_xor[3] = {5, 6, 7};
  int on_device = 0;
  for (int b = 0; b < BINS; ++b)
    hist[b] = 100; // the original value takes part once
  for (int s = 0; s < 8; ++s)
    sums[s] = 0.5 * s;

#pragma omp target teams distribute parallel for reduction(+: hist) \
    map(tofrom: on_device)
  for (int i = 0; i < N; ++i) {
    int b = (i * 7) % BINS;
    hist[b] += 1;
    if (i % 3 == 0)
      hist[b]++;
    if (i == 0)
      on_device = !omp_is_initial_device();
  }

  // A section from element 2: the elements outside it keep their values.
  int n = 5;
#pragma omp target teams distribute parallel for reduction(+: sums[2:n])
  for (int i = 0; i < N; ++i) {
    sums[2 + i % n] += 0.25;
    sums[2 + (i * 3) % n] -= 0.125;
  }

#pragma omp target parallel for reduction(*: prod)
  for (int i = 1; i <= 20; ++i)
    prod[i % 4] *= i;

#pragma omp target teams distribute parallel for reduction(|: bits_or) \
    reduction(&: bits_and) reduction(^: bits_xor[0:3])
  for (int i = 0; i < 96; ++i) {
    bits_or[i % 3] |= 1u << (i % 32);
    bits_and[i % 3] &= ~(1u << (i % 29));
    bits_xor[i % 3] ^= (unsigned)i;
  }

  long total = 0;
  for (int b = 0; b < BINS; ++b) {
    printf("hist[%d] %d\n", b, hist[b]);
    total += hist[b];
  }
  for (int s = 0; s < 8; ++s)
    printf("sums[%d] %.4f\n", s, sums[s]);
  for (int p = 0; p < 4; ++p)
    printf("prod[%d] %ld\n", p, prod[p]);
  for (int k = 0; k < 3; ++k)
    printf("bits %d: %08x %08x %08x\n", k, bits_or[k], bits_and[k], bits_xor[k]);
  int ok = total == BINS * 100 + N + (N + 2) / 3 && sums[0] == 0.0 &&
           sums[7] == 3.5 && prod[0] == 4L * 8 * 12 * 16 * 20;
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  free(sums);
  return !ok;
}
