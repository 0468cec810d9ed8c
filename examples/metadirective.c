// metadirective (OpenMP 5.0-5.2). Inside a target region omp2cuda
// translates the variant the device takes (kind(gpu|nohost), arch(nvptx64),
// vendor(llvm) and constant user conditions hold there); the host fallback
// keeps the pragma, and the host compiler chooses for the host. A target
// construct that a metadirective chooses on the host is translated as that
// construct (docs/metadirective.md).
// stdout is the same whichever variant runs; stderr says which ran.
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void) {
  static int a[N], b[N];
  int on_device = 0, in_parallel = -1, host_flag = 1;
  long sum = 0;
  for (int i = 0; i < N; ++i)
    a[i] = i, b[i] = 0;

  // 1. A GPU spreads the loop over teams; the host takes a parallel loop.
#pragma omp target map(tofrom: a, on_device)
  {
#pragma omp metadirective \
    when(device = {arch("nvptx64")}: teams distribute parallel for) \
    default(parallel for)
    for (int i = 0; i < N; ++i) {
      a[i] = 2 * a[i] + 1;
      if (i == 0)
        on_device = !omp_is_initial_device();
    }
  }
  printf("1: a[0] %d a[N-1] %d\n", a[0], a[N - 1]);

  // 2. `nothing` on the device: one thread runs the loop, outside any
  // parallel region; the host runs it in parallel.
#pragma omp target map(tofrom: b, in_parallel)
  {
#pragma omp metadirective \
    when(device = {kind(nohost)}: nothing) \
    default(parallel for)
    for (int i = 0; i < N; ++i) {
      b[i] = a[i] - i;
      if (i == 0)
        in_parallel = omp_in_parallel();
    }
  }
  printf("2: b[0] %d b[N-1] %d\n", b[0], b[N - 1]);

  // 3. Several matching selectors, one directive; a constant user
  // condition that does not hold.
#pragma omp target map(to: b) map(tofrom: sum)
  {
#pragma omp metadirective \
    when(user = {condition(0)}: parallel for) \
    when(device = {kind(gpu)}: teams distribute parallel for reduction(+: sum)) \
    when(implementation = {vendor(llvm)}, device = {kind(gpu)}: \
         teams distribute parallel for reduction(+: sum)) \
    default(parallel for reduction(+: sum))
    for (int i = 0; i < N; ++i)
      sum += b[i];
  }
  printf("3: sum %ld\n", sum);

  // 4. On the host a target construct is chosen: it is offloaded.
#pragma omp metadirective \
    when(device = {kind(nohost)}: nothing) \
    otherwise(target map(tofrom: host_flag))
  {
    host_flag = omp_is_initial_device();
  }
  printf("4: done\n");

  fprintf(stderr, "variants: in_parallel %d on_device %d host_flag %d\n",
          in_parallel, on_device, host_flag);
  if (on_device && !host_flag && in_parallel == 0)
    fprintf(stderr, "ran on the device\n");
  return 0;
}
