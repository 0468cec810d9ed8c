// The `iterator` map-type modifier (OpenMP 5.1): one map item per value of
// the iterator. The stub maps each of them in a loop over the iterator
// space; an item behind a pointer element (`rows[it][:len]`) or a pointer
// member (`rs[it].data[0:rs[it].len]`) is attached to the device copy of the
// array that holds the pointer. Self-checking; stderr says where each region
// ran.
// GCC 12 does not know the modifier, so the reference is clang's:
// exec-reference: clang
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 16

int main(void) {
  int *rows[ROWS];
  int len = 8, on_device = 0, errors = 0;
  for (int r = 0; r < ROWS; r++) {
    rows[r] = (int *)malloc(len * sizeof(int));
    for (int j = 0; j < len; j++)
      rows[r][j] = r * 100 + j;
  }
#pragma omp target map(iterator(it = 0:ROWS), tofrom: rows[it][:len]) \
    map(to: rows) map(tofrom: on_device)
  {
    on_device = !omp_is_initial_device();
    for (int r = 0; r < ROWS; r++)
      for (int j = 0; j < len; j++)
        rows[r][j] = 2 * rows[r][j] + 1;
  }
  fprintf(stderr, "map_iterator: rows ran on %s\n", on_device ? "device" : "host");

  // Rows of different lengths behind the members of an array of structs,
  // the iterator counting down.
  struct Row {
    int len;
    double *data;
  } rs[4];
  for (int r = 0; r < 4; r++) {
    rs[r].len = 3 + r;
    rs[r].data = (double *)malloc(rs[r].len * sizeof(double));
    for (int j = 0; j < rs[r].len; j++)
      rs[r].data[j] = r + j;
  }
  on_device = 0;
#pragma omp target map(to: rs) \
    map(iterator(it = 3:-1:-1), tofrom: rs[it].data[0:rs[it].len]) \
    map(tofrom: on_device)
  {
    on_device = !omp_is_initial_device();
    for (int r = 0; r < 4; r++)
      for (int j = 0; j < rs[r].len; j++)
        rs[r].data[j] = rs[r].data[j] * 10 + 0.5;
  }
  fprintf(stderr, "map_iterator: structs ran on %s\n", on_device ? "device" : "host");

  long sum = 0;
  for (int r = 0; r < ROWS; r++)
    for (int j = 0; j < len; j++) {
      sum += rows[r][j];
      errors += rows[r][j] != 2 * (r * 100 + j) + 1;
    }
  double vs = 0;
  for (int r = 0; r < 4; r++)
    for (int j = 0; j < rs[r].len; j++) {
      vs += rs[r].data[j];
      errors += rs[r].data[j] != (r + j) * 10 + 0.5;
    }
  printf("map_iterator: rows sum=%ld structs sum=%.1f errors=%d\n", sum, vs,
         errors);
  for (int r = 0; r < ROWS; r++)
    free(rows[r]);
  for (int r = 0; r < 4; r++)
    free(rs[r].data);
  return errors != 0;
}
