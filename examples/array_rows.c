// Map items inside arrays of arrays on target regions: `a[k][0:n]` maps one
// row (or part of one) of a two- or three-dimensional array, fixed-size or
// with a variable-length first dimension, and the region indexes the array
// with its own subscripts. The row is chosen by values of the encounter
// (a host loop's variable, a host thread's number, a deferred task's
// firstprivate copy), and rows not mapped keep the host's values.
// Self-checking; prints exact checksums. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define ROWS 4
#define COLS 100
#define DEPTH 3

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

// A variable-length first dimension: rows mapped one by one with enter data,
// used by regions that name the same row (present, no copy), and brought
// back with exit data.
static long vla_rows(int n) {
  double m[n][COLS];
  for (int r = 0; r < n; ++r)
    for (int j = 0; j < COLS; ++j)
      m[r][j] = r + 0.5 * j;
  for (int r = 0; r < n; ++r) {
#pragma omp target enter data map(to: m[r][0:COLS])
#pragma omp target map(alloc: m[r][0:COLS])
    for (int j = 0; j < COLS; ++j)
      m[r][j] = 2 * m[r][j] + r;
#pragma omp target teams distribute parallel for map(tofrom: m[r][0:COLS])
    for (int j = 0; j < COLS; ++j)
      m[r][j] += 1;
#pragma omp target exit data map(from: m[r][0:COLS])
  }
  long sum = 0;
  for (int r = 0; r < n; ++r)
    for (int j = 0; j < COLS; ++j)
      sum += (long)(4 * m[r][j]);
  return sum;
}

int main(void) {
  int a[ROWS][COLS];
  int copy[ROWS][COLS];
  for (int i = 0; i < ROWS; ++i)
    for (int j = 0; j < COLS; ++j) {
      a[i][j] = i * 1000 + j;
      copy[i][j] = -1;
    }

  // One row per region, chosen by the host loop; the last row is never
  // mapped and keeps its values.
  for (int k = 0; k < ROWS - 1; ++k) {
#pragma omp target map(tofrom: a[k][0:COLS])
    for (int j = 0; j < COLS; ++j)
      a[k][j] = 3 * a[k][j] + k;
  }

  // A part of a row, and a row copied into another array's row.
  int lo = 10, len = 20;
#pragma omp target teams distribute parallel for map(tofrom: a[1][lo:len])
  for (int j = lo; j < lo + len; ++j)
    a[1][j] = -a[1][j];
  for (int k = 0; k < ROWS; ++k) {
#pragma omp target map(to: a[k][0:COLS]) map(from: copy[k][:])
    for (int j = 0; j < COLS; ++j)
      copy[k][j] = a[k][j] + 1;
  }

  // Each host thread offloads its own row (private row index).
  int t[ROWS][COLS] = {{0}};
#pragma omp parallel num_threads(ROWS)
  {
    int me = omp_get_thread_num();
    int p;
#pragma omp target map(tofrom: t[me][0:COLS]) firstprivate(me) private(p)
    {
      p = me;
      for (int j = 0; j < COLS; ++j)
        t[p][j] += p + j;
    }
  }

  // Deferred regions: each binds its row index when it is encountered.
  long w[ROWS][COLS];
  for (int i = 0; i < ROWS; ++i) {
#pragma omp target teams distribute map(from: w[i][0:COLS]) nowait
    for (int j = 0; j < COLS; ++j)
      w[i][j] = (long)i * j;
  }
#pragma omp taskwait

  // Three dimensions: part of the innermost row, and one element.
  float c[ROWS][DEPTH][COLS];
  for (int i = 0; i < ROWS; ++i)
    for (int d = 0; d < DEPTH; ++d)
      for (int j = 0; j < COLS; ++j)
        c[i][d][j] = 1.0f;
  int i2 = 2, d1 = 1;
#pragma omp target teams distribute parallel for map(tofrom: c[i2][d1][5:50])
  for (int j = 5; j < 55; ++j)
    c[i2][d1][j] = 0.25f * j;
#pragma omp target map(tofrom: c[0][2][7])
  c[0][2][7] = 42.0f;

  long sum = 0;
  int errors = 0;
  for (int i = 0; i < ROWS; ++i)
    for (int j = 0; j < COLS; ++j) {
      int want = i < ROWS - 1 ? 3 * (i * 1000 + j) + i : i * 1000 + j;
      if (i == 1 && j >= lo && j < lo + len)
        want = -want;
      errors += a[i][j] != want;
      errors += copy[i][j] != want + 1;
      errors += t[i][j] != i + j;
      errors += w[i][j] != (long)i * j;
      sum += a[i][j] + copy[i][j] + t[i][j] + w[i][j];
    }
  double csum = 0;
  for (int i = 0; i < ROWS; ++i)
    for (int d = 0; d < DEPTH; ++d)
      for (int j = 0; j < COLS; ++j)
        csum += c[i][d][j];
  long vsum = vla_rows(3);
  fprintf(stderr, "array_rows: ran on %s\n", ran_on_device() ? "the device" : "the host");
  printf("array_rows: sum=%ld csum=%.2f vsum=%ld errors=%d\n", sum, csum, vsum,
         errors);
  return errors != 0;
}
