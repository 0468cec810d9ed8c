// lastprivate: the thread that runs the last iteration writes the value back.
#include <stdio.h>
int main(void) {
  double a[1000], last = -1; int idx = -1;
  for (int i = 0; i < 1000; ++i) a[i] = i * 0.5;
#pragma omp target teams distribute parallel for lastprivate(last, idx) map(to: a)
  for (int i = 0; i < 1000; ++i) {
    if (i % 3 == 0) { last = -a[i]; idx = -i; continue; }
    last = a[i];
    idx = i;
  }
  printf("%.1f %d\n", last, idx);
  return 0;
}
