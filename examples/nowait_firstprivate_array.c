// A deferred target task (nowait) with a firstprivate array: the task
// binds a copy of the array when the construct is encountered, and the
// kernel is launched with that copy (the array changes after the
// encounter, which the region must not see).
#include <omp.h>
#include <stdio.h>

int main(void) {
  int c[4] = {1, 2, 3, 4};
  int out[4] = {0, 0, 0, 0};
#pragma omp target nowait firstprivate(c) map(tofrom : out[0 : 4])
  for (int i = 0; i < 4; ++i)
    out[i] = c[i] * 2;
  c[0] = 100;
#pragma omp taskwait
  printf("%d %d %d %d %d\n", out[0], out[1], out[2], out[3], c[0]);
  int on_device = 0;
#pragma omp target map(from : on_device)
  on_device = !omp_is_initial_device();
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
