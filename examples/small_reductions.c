// Reductions and atomics on 1- and 2-byte integers (char flags, short
// counters): the device combines them with a compare-and-swap on the
// aligned 4-byte word that holds them, changing only their own bytes.
// Self-checking; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 4096

int main(void) {
  static char a[N];
  static short v[N];
  for (int i = 0; i < N; ++i) {
    a[i] = (i % 7) != 3;
    v[i] = (short)((i * 37) % 2001 - 1000);
  }
  char all = 1, any = 0;
  short lo = 32767, hi = -32768;
  unsigned char bits = 0;
  char count = 0; // wraps like the host's char arithmetic
  int on_device = 0;
#pragma omp target teams distribute parallel for map(to: a, v) \
    reduction(&&: all) reduction(||: any) reduction(min: lo) reduction(max: hi) \
    reduction(|: bits)
  for (int i = 0; i < N; ++i) {
    all = all && a[i];
    any = any || !a[i];
    lo = v[i] < lo ? v[i] : lo;
    hi = v[i] > hi ? v[i] : hi;
    bits |= (unsigned char)(1u << (i % 8));
  }
#pragma omp target teams distribute parallel for map(tofrom: count, on_device)
  for (int i = 0; i < 200; ++i) {
#pragma omp atomic hint(0x4)
    count += 1;
    if (i == 0)
      on_device = !omp_is_initial_device();
  }
  printf("all %d any %d lo %d hi %d bits %u count %d\n", all, any, lo, hi,
         (unsigned)bits, (int)count);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return !(all == 0 && any == 1 && lo == -1000 && hi == 1000 && bits == 255);
}
