// lastprivate of a loop's own variable: after the region the variable holds
// what the sequential loop would have left in it (lower bound plus trip
// count times step), for unit, negative and non-unit steps and for
// collapsed nests. Self-checking; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[100], x = -1, y = -1, k = -1, j, on_device = 0;
  for (int i = 0; i < 100; ++i)
    a[i] = 0;
#pragma omp target parallel map(tofrom: a, x)
  {
#pragma omp loop lastprivate(x)
    for (x = 0; x < 100; ++x)
      a[x] += x;
  }
#pragma omp target teams distribute parallel for lastprivate(y) \
    map(tofrom: a, on_device)
  for (y = 99; y >= 3; y -= 4) {
    a[y] += 1;
    if (y == 99)
      on_device = !omp_is_initial_device();
  }
#pragma omp target teams distribute parallel for collapse(2) lastprivate(k, j) \
    map(tofrom: a)
  for (k = 0; k < 10; k++)
    for (j = 0; j <= 9; j += 3)
      a[k * 10 + j] += 2;
  int s = 0;
  for (int i = 0; i < 100; ++i)
    s += a[i];
  printf("x %d y %d k %d j %d sum %d\n", x, y, k, j, s);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return !(x == 100 && y == -1 && k == 10 && j == 12 && s == 5055);
}
