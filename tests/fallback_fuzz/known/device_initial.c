/* Known failure (fallback fuzz, feature device-initial): a translated region
   with device(omp_get_initial_device()) must run on the host, on the host's
   copies.  omp2cuda rewrites the call to o2c::initialDevice() in host code,
   but not in the device clause it copies into the launch stub:
     o2c::TargetRegion o2c_region(o2c_loc,
         o2c::deviceClause(omp_get_initial_device()), true, false);
   There the host OpenMP library answers (0, its initial device when it has
   no offload devices), which is omp2cuda's device 0: the region runs on the
   emulated device, reduces into the device copy of s (mapped alloc) and the
   host's s stays 0.  The host build prints "s 10". */
#include <stdio.h>
#include <omp.h>

int main(void) {
  int a[4] = {1, 2, 3, 4};
  long long s = 0;
#pragma omp target data map(alloc: s)
  {
#pragma omp target teams distribute parallel for reduction(+: s) map(tofrom: s) device(omp_get_initial_device())
    for (int i = 0; i < 4; i++)
      s += a[i];
  }
  printf("s %lld\n", s);
  return 0;
}
