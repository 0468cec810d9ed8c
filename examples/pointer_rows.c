// Arrays of pointers and pointer members (OpenMP 5.1 attach semantics): the
// rows of a matrix held through `double **` and the buffer of a struct are
// mapped one by one with enter data / target data, and the device copies of
// the pointers point at the device rows. A kernel writes through them; the
// host sees the results only through `map(from:)` at exit.
// Self-checking; prints an exact checksum. stderr says where it ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 6
#define COLS 1000

typedef struct {
  int n;
  double *buf;
} Vec;

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

static void scale_rows(double **p, int rows, int cols) {
#pragma omp target teams distribute parallel for collapse(2)
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      p[i][j] = 2 * p[i][j] + i;
}

int main(void) {
  double **p = malloc(ROWS * sizeof *p);
  for (int i = 0; i < ROWS; ++i) {
    p[i] = malloc(COLS * sizeof(double));
    for (int j = 0; j < COLS; ++j)
      p[i][j] = (j % 10) * 0.5;
  }
  Vec v;
  v.n = COLS;
  int n = v.n;
  v.buf = malloc(v.n * sizeof(double));
  for (int j = 0; j < v.n; ++j)
    v.buf[j] = 1.0;

#pragma omp target enter data map(to: p[0:ROWS])
  for (int i = 0; i < ROWS; ++i) {
#pragma omp target enter data map(to: p[i][0:COLS])
  }
  scale_rows(p, ROWS, COLS);
  scale_rows(p, ROWS, COLS);
  // The first half of each row comes back with an update, the rest at exit.
  for (int i = 0; i < ROWS; ++i) {
#pragma omp target update from(p[i][0:COLS / 2])
  }
  for (int i = 0; i < ROWS; ++i) {
#pragma omp target exit data map(from: p[i][COLS / 2:COLS - COLS / 2])
  }
#pragma omp target exit data map(delete: p[0:ROWS])

#pragma omp target data map(to: v) map(tofrom: v.buf[0:v.n])
  {
#pragma omp target teams distribute parallel for
    for (int j = 0; j < n; ++j)
      v.buf[j] += j;
  }

  double sum = 0.0;
  int errors = 0;
  for (int i = 0; i < ROWS; ++i)
    for (int j = 0; j < COLS; ++j) {
      double x = (j % 10) * 0.5;
      double want = 4 * x + 3 * i;
      errors += p[i][j] != want;
      sum += p[i][j];
    }
  for (int j = 0; j < v.n; ++j) {
    errors += v.buf[j] != 1.0 + j;
    sum += v.buf[j];
  }
  fprintf(stderr, "pointer_rows: ran on %s\n", ran_on_device() ? "the device" : "the host");
  printf("pointer_rows: sum=%.2f errors=%d\n", sum, errors);
  for (int i = 0; i < ROWS; ++i)
    free(p[i]);
  free(p);
  free(v.buf);
  return errors != 0;
}
