// Zero-copy maps under `requires unified_shared_memory`
// (docs/unified-shared-memory.md): an array of row pointers mapped whole
// (the rows are not attached), rows entered by `target enter data`, and a
// `nowait` region with `depend` that reaches them through the array. Maps
// are the identity, so each row pointer the device loads is the row's
// address there too; `target update` copies nothing.
// stderr says where the regions ran.
// GCC 12 rejects `requires unified_shared_memory`, so the reference is clang's:
// exec-reference: clang
// A GPU without pageable memory access (an H100 or H200 on x86) cannot
// reach host memory, so the runtime keeps the regions on the host there:
// device-check: may run on the host without unified shared memory
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp requires unified_shared_memory

#define ROWS 4
#define COLS 32

int main(void) {
  double *rows[ROWS];
  for (int r = 0; r < ROWS; ++r) {
    rows[r] = (double *)malloc(COLS * sizeof(double));
    for (int c = 0; c < COLS; ++c)
      rows[r][c] = r + c;
  }
  for (int r = 0; r < ROWS; ++r) {
#pragma omp target enter data map(to: rows[r][0:COLS])
  }
  int on_device = 0;
#pragma omp target map(to: rows) map(tofrom: on_device)
  {
    for (int r = 0; r < ROWS; ++r)
      for (int c = 0; c < COLS; ++c)
        rows[r][c] *= 2;
    on_device = !omp_is_initial_device();
  }
  rows[1][3] = -1;
#pragma omp target update to(rows[1][0:COLS])
  double total = 0;
#pragma omp target map(to: rows) map(tofrom: total) depend(out: total) nowait
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < COLS; ++c)
      total += rows[r][c];
#pragma omp taskwait
  for (int r = 0; r < ROWS; ++r) {
#pragma omp target exit data map(from: rows[r][0:COLS])
  }
  printf("total %.1f rows[2][5] %.1f rows[1][3] %.1f\n", total, rows[2][5],
         rows[1][3]);
  fprintf(stderr, "usm_loaded_pointers: ran on %s\n",
          on_device ? "device" : "host");
  for (int r = 0; r < ROWS; ++r)
    free(rows[r]);
  return 0;
}
