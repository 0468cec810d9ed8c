/* Known failure (fallback fuzz, feature fallback-host-copy): a region left on
   the host inside a data environment overwrites the host's own copies of
   mapped data with the device's.  Here `a` is mapped alloc (its device copy
   is undefined, the host copy keeps 1 2 3 4) and the host writes b[0] after
   mapping b `to` (the device never reads b again, nothing copies it back).
   The region does not touch a or b, so on a device and in the host build the
   program prints "a 1 2 3 4 b 50 t 3"; o2c::HostFallback copies every
   present entry device -> host before the region, so the translated program
   prints a's undefined device bytes and b[0] = 5. */
#include <stdio.h>

int main(void) {
  int a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
  int t = 0;
#pragma omp target data map(alloc: a[0:4]) map(to: b[0:4])
  {
    b[0] = 50; /* the host's copy; the device's stays 5 and is never read */
#pragma omp target map(tofrom: t) /* left on the host: omp2cuda-host-general */
    {
      t = 1;
#pragma omp parallel num_threads(2)
      {
#pragma omp single
        t += 2;
      }
    }
  }
  printf("a %d %d %d %d b %d t %d\n", a[0], a[1], a[2], a[3], b[0], t);
  return 0;
}
