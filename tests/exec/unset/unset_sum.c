// Wrong on purpose (exec.cmake, exec_poison.*): map(from:) leaves the device
// copy of `sum` unset, and the reduction adds into it. The host build prints
// the sum; zeros hide it, so the exec test must fail under
// O2C_EMU_POISON=ff.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[256];
  for (int i = 0; i < 256; ++i)
    a[i] = i;
  int on_device = 0;
  int sum = 0;
#pragma omp target teams distribute parallel for map(to: a) \
    map(from: sum) map(tofrom: on_device) reduction(+: sum)
  for (int i = 0; i < 256; ++i) {
    if (i == 0)
      on_device = !omp_is_initial_device();
    sum += a[i];
  }
  printf("sum %d\n", sum);
  fprintf(stderr, "ran on the %s\n", on_device ? "device" : "host");
  return 0;
}
