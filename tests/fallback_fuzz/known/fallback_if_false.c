/* Known failure (fallback fuzz, feature fallback-if-false): a region left on
   the host whose if clause is false (or that names device
   omp_get_initial_device()) runs on the host device, on the host's copies
   of the data, and maps nothing.  o2c::HostFallback still copies every
   present entry device -> host before it: the region reads the device's
   stale b[0] = 5 instead of the host's 50.  The host build prints
   "b 50 t 53"; the translated program "b 5 t 8".  (A translated region with
   a false if clause runs on the host correctly.) */
#include <stdio.h>

int main(void) {
  int b[4] = {5, 6, 7, 8};
  int t = 0, zero = 0;
#pragma omp target data map(to: b[0:4])
  {
    b[0] = 50; /* the host's copy; the device's stays 5 */
#pragma omp target map(tofrom: t) if(target: zero) /* left on the host */
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
