// A target region whose `iterator` map item is the elements of each row,
// over two iterators (`lst[r][j]`, r and j): one map each put a row's
// elements apart on the device, and the row's pointer, attached to each in
// turn, reached one alone (the emu program aborted in free()). The region
// stays on the host [omp2cuda-host-clause] inside an o2c::HostFallback; the
// other region, which maps whole rows (`lst[it][0:m]`), runs on the device.
// GCC 12 does not accept the iterator modifier in map clauses, so the
// reference is clang 19's (fallback.differential_clang).
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 4, m = 8;
  double *lst[4];
  for (int r = 0; r < n; r++) {
    lst[r] = (double *)malloc(m * sizeof(double));
    for (int j = 0; j < m; j++)
      lst[r][j] = r * 10 + j;
  }
#pragma omp target map(to: lst) map(iterator(r = 0:n, j = 0:m), tofrom: lst[r][j])
  for (int r = 0; r < n; r++)
    for (int j = 0; j < m; j++)
      lst[r][j] *= 2;
#pragma omp target map(to: lst) map(iterator(it = 0:n), tofrom: lst[it][0:m])
  for (int r = 0; r < n; r++)
    for (int j = 0; j < m; j++)
      lst[r][j] += r;
  double s = 0;
  for (int r = 0; r < n; r++)
    for (int j = 0; j < m; j++)
      s += lst[r][j] * (j + 1);
  printf("map_iterator_rows: %.1f\n", s);
  for (int r = 0; r < n; r++)
    free(lst[r]);
  return 0;
}
