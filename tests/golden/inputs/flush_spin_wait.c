// A spin-wait on a plain variable with `flush` between its reads (the
// OpenMP 5.x flush-synchronisation idiom, as OpenMP_VV's flush tests use
// it): one thread publishes a value and raises a flag, the others wait for
// the flag and read the value. Under the emulated device a block's threads
// switch only where one waits, so `flush` yields: before it did, the
// waiting thread spun forever. The wait gives up after many flushes, so a
// device that never lets the writer run prints "gave up" instead of hanging.
// stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define SPINS 20000000L

int main(void) {
  int flag = 0, data = 0, seen[4] = {0, 0, 0, 0}, gaveUp = 0, dev = 0;
#pragma omp target parallel num_threads(4) map(tofrom: flag, data, seen, gaveUp, dev)
  {
    int t = omp_get_thread_num();
    if (t == 3) {
      dev = !omp_is_initial_device();
      data = 42;
#pragma omp flush
      flag = 1;
#pragma omp flush
    } else if (t < 3) {
      long spins = 0;
      int f = 0;
      while (!f && spins < SPINS) {
#pragma omp flush
        f = flag;
        ++spins;
      }
      if (!f) {
#pragma omp atomic write
        gaveUp = 1;
      }
#pragma omp flush
      seen[t] = data;
    }
  }
  fprintf(stderr, "flush_spin_wait: ran on %s\n", dev ? "device" : "host");
  if (gaveUp)
    printf("gave up waiting for the flag\n");
  printf("seen %d %d %d\n", seen[0], seen[1], seen[2]);
  return 0;
}
