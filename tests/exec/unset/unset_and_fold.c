// Wrong on purpose (exec.cmake, exec_poison.*): map(from:) leaves the device
// copy of `all` unset, and the reduction folds into it. The host build
// prints 1; a GPU whose fresh memory reads 0 prints 0. All-ones bytes read
// as true and hide it, so the exec test must fail under O2C_EMU_POISON=00.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[256];
  for (int i = 0; i < 256; ++i)
    a[i] = i;
  int on_device = 0;
  int all = 1;
#pragma omp target teams distribute parallel for map(to: a) \
    map(from: all) map(tofrom: on_device) reduction(&&: all)
  for (int i = 0; i < 256; ++i) {
    if (i == 0)
      on_device = !omp_is_initial_device();
    all = all && a[i] >= 0;
  }
  printf("all %d\n", all);
  fprintf(stderr, "ran on the %s\n", on_device ? "device" : "host");
  return 0;
}
