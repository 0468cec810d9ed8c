/* Known failure (fallback fuzz, feature fallback-region-maps): the map
   clauses of a region left on the host are not honoured.  b is present
   (mapped `to`), the host changes b[0], and the region maps b with
   `always, to`, which copies the host's b to the device before the region
   runs: the region must read 50.  The host build prints "b 50 t 53"; under
   o2c::HostFallback the region reads the device's stale 5 ("t 8"). */
#include <stdio.h>

int main(void) {
  int b[4] = {5, 6, 7, 8};
  int t = 0;
#pragma omp target data map(to: b[0:4])
  {
    b[0] = 50;
#pragma omp target map(tofrom: t) map(always, to: b[0:4]) /* left on the host */
    {
      t = b[0];
#pragma omp parallel num_threads(2)
      {
#pragma omp single
        t += 3;
      }
    }
  }
  printf("b %d t %d\n", b[0], t);
  return 0;
}
