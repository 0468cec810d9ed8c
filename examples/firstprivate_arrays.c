// firstprivate arrays: each device thread gets its own initialised copy
// (the array travels by value in a struct, o2c::Box); the host's array is
// never written. Also defaultmap(firstprivate: aggregate). Self-checking;
// stderr says where it ran.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int arr[4] = {1, 2, 3, 4};
  double m[2][3] = {{1, 2, 3}, {4, 5, 6}};
  int out[64];
  double tot = 0;
  int on_device = 0;
#pragma omp target teams distribute parallel for firstprivate(arr) map(from: out)
  for (int i = 0; i < 64; ++i) {
    arr[i % 4] += i; // the thread's own copy
    // sizeof sees whole arrays on the device too (out is mapped).
    out[i] = arr[i % 4] >= i && sizeof(out) == 64 * sizeof(int) &&
             sizeof(arr) == 4 * sizeof(int);
  }
#pragma omp target firstprivate(m) map(tofrom: tot, on_device)
  {
    m[1][2] *= 2;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j)
        tot += m[i][j];
    on_device = !omp_is_initial_device();
  }
#pragma omp target defaultmap(firstprivate: aggregate) map(tofrom: tot)
  {
    arr[0] = 100;
    tot += arr[0] + arr[3];
  }
  int ok = 1;
  for (int i = 0; i < 64; ++i)
    ok &= out[i];
  printf("arr %d %d %d %d m[1][2] %g tot %g out ok %d\n", arr[0], arr[1], arr[2],
         arr[3], m[1][2], tot, ok);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return !(ok && arr[0] == 1 && arr[3] == 4 && m[1][2] == 6 && tot == 131);
}
