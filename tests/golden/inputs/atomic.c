// Atomic updates inside a combined loop become CUDA atomics.
#include <stdio.h>
int main(void) {
  int hist[8] = {0}; double total = 0; long cnt = 0;
  double x[1000];
  for (int i = 0; i < 1000; ++i) x[i] = i % 8;
#pragma omp target teams distribute parallel for map(tofrom: hist, total, cnt) map(to: x)
  for (int i = 0; i < 1000; ++i) {
    int b = (int)x[i];
#pragma omp atomic
    hist[b]++;
#pragma omp atomic update
    total += x[i];
#pragma omp atomic
    cnt += 1;
  }
  printf("%d %d %.1f %ld\n", hist[0], hist[7], total, cnt);
  return 0;
}
