// The `iterator` map-type modifier (OpenMP 5.1) on data constructs: `target
// enter data`, `target exit data` and `target data` map one item per value
// of the iterator, each attached to the device copy of the pointer it lies
// behind. Reference counts go up and down once per value: after an exit,
// a new enter copies the host's current values again (a row left mapped
// would keep stale ones, and a sum below would differ). Self-checking;
// stderr says where each region ran.
// GCC 12 does not know the modifier, and Clang 19 parses it on data
// constructs at OpenMP 5.2 only, so the reference is clang's at 5.2:
// exec-reference: clang
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 8

/// The sum of every row on the device (rows and their items are mapped).
static long deviceSum(int *rows[], int len, int *on_device) {
  long sum = 0;
#pragma omp target map(tofrom: sum, on_device[0:1])
  {
    on_device[0] = !omp_is_initial_device();
    for (int r = 0; r < ROWS; r++)
      for (int j = 0; j < len; j++)
        sum += rows[r][j];
  }
  return sum;
}

int main(void) {
  int *rows[ROWS];
  int len = 6, on_device = 0, errors = 0;
  for (int r = 0; r < ROWS; r++) {
    rows[r] = (int *)malloc(len * sizeof(int));
    for (int j = 0; j < len; j++)
      rows[r][j] = r * 10 + j;
  }

  // enter data: the array of pointers first, then each row, attached.
#pragma omp target enter data map(to: rows) \
    map(iterator(it = 0:ROWS), to: rows[it][:len])
#pragma omp target map(tofrom: on_device)
  {
    on_device = !omp_is_initial_device();
    for (int r = 0; r < ROWS; r++)
      for (int j = 0; j < len; j++)
        rows[r][j] = 2 * rows[r][j] + 1;
  }
  fprintf(stderr, "map_iterator_data: enter data ran on %s\n",
          on_device ? "device" : "host");
  // exit data: each row back, then the array released.
#pragma omp target exit data map(iterator(it = 0:ROWS), from: rows[it][:len]) \
    map(release: rows)
  for (int r = 0; r < ROWS; r++)
    for (int j = 0; j < len; j++)
      errors += rows[r][j] != 2 * (r * 10 + j) + 1;

  // The rows left the device: a new mapping sees the host's new values.
  for (int r = 0; r < ROWS; r++)
    rows[r][0] += 1000;
  long sum1 = 0;
  on_device = 0;
#pragma omp target data map(to: rows) \
    map(iterator(it = ROWS - 1:-1:-1), to: rows[it][:len])
  {
    sum1 = deviceSum(rows, len, &on_device);
  }
  fprintf(stderr, "map_iterator_data: target data ran on %s\n",
          on_device ? "device" : "host");

  // present (every row is mapped), then delete: the count drops to zero
  // whatever it was, so the next enter copies again.
#pragma omp target enter data map(to: rows) \
    map(iterator(it = 0:ROWS), to: rows[it][:len])
#pragma omp target enter data \
    map(iterator(it = 0:ROWS), present, alloc: rows[it][:len])
#pragma omp target exit data map(iterator(it = 0:ROWS), delete: rows[it][:len])
  for (int r = 0; r < ROWS; r++)
    rows[r][1] += 500;
#pragma omp target enter data map(iterator(it = 0:ROWS:2), to: rows[it][:len]) \
    map(iterator(it = 1:ROWS:2), to: rows[it][:len])
  long sum2 = deviceSum(rows, len, &on_device);
  // nowait: the calls are recorded now and run as a deferred task.
#pragma omp target exit data map(iterator(it = 0:ROWS), release: rows[it][:len]) \
    map(release: rows) nowait
#pragma omp taskwait

  // Members of an array of structs, rows of different lengths, written on
  // the device and copied back at the end of the target data region.
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
#pragma omp target data map(to: rs) \
    map(iterator(it = 3:-1:-1), tofrom: rs[it].data[0:rs[it].len])
  {
#pragma omp target map(tofrom: on_device)
    {
      on_device = !omp_is_initial_device();
      for (int r = 0; r < 4; r++)
        for (int j = 0; j < rs[r].len; j++)
          rs[r].data[j] = rs[r].data[j] * 10 + 0.5;
    }
  }
  fprintf(stderr, "map_iterator_data: structs ran on %s\n",
          on_device ? "device" : "host");

  long expect1 = 0, expect2 = 0;
  for (int r = 0; r < ROWS; r++)
    for (int j = 0; j < len; j++) {
      long v = 2 * (r * 10 + j) + 1 + (j == 0 ? 1000 : 0);
      expect1 += v;
      expect2 += v + (j == 1 ? 500 : 0);
    }
  errors += sum1 != expect1;
  errors += sum2 != expect2;
  double vs = 0;
  for (int r = 0; r < 4; r++)
    for (int j = 0; j < rs[r].len; j++) {
      vs += rs[r].data[j];
      errors += rs[r].data[j] != (r + j) * 10 + 0.5;
    }
  printf("map_iterator_data: sums %ld %ld structs %.1f errors=%d\n", sum1,
         sum2, vs, errors);
  for (int r = 0; r < ROWS; r++)
    free(rows[r]);
  for (int r = 0; r < 4; r++)
    free(rs[r].data);
  return errors != 0;
}
