// C declare mappers whose iterators keep their names in the .cu (review rV
// of v18): one used in a macro's body (renaming the declaration alone left
// AT's `i` undeclared: the .cu did not build), and two mappers declared in
// main() through _Pragma, both with `i`, which C++ keeps apart (the
// translation stopped with a false [omp2cuda-c-compat] error). Two mappers
// whose renamed names met before (`struct a_b` with `c`, `struct a` with
// `b_c`). clang-19 host: "90.0 135.0 12.0 21.0".
#include <stdio.h>
#include <stdlib.h>

typedef struct span { int len; double *data; } span_t;
#define AT(v) v.data[i]
#pragma omp declare mapper(span_t v) map(to: v) map(iterator(i = 0:v.len), tofrom: AT(v))

typedef struct spa { int len; double *data; } spa_t;
#define MAPPER _Pragma("omp declare mapper(spa_t v) map(to: v) map(iterator(i = 0:v.len), tofrom: v.data[i])")
#define MAPPER2 _Pragma("omp declare mapper(two: spa_t v) map(to: v) map(iterator(i = 0:v.len), tofrom: v.data[i])")

struct a_b { int len; double *data; };
struct a { int len; double *data; };
#pragma omp declare mapper(c: struct a_b v) map(to: v) map(iterator(i = 0:v.len), tofrom: v.data[i])
#pragma omp declare mapper(b_c: struct a v) map(to: v) map(iterator(i = 0:v.len), tofrom: v.data[i])

static double sum(const double *d, int n) {
  double s = 0;
  for (int k = 0; k < n; k++)
    s += d[k];
  return s;
}

int main(void) {
  MAPPER
  MAPPER2
  span_t s;
  s.len = 10;
  s.data = malloc(10 * sizeof(double));
  spa_t p;
  p.len = 10;
  p.data = malloc(10 * sizeof(double));
  struct a_b x;
  struct a y;
  x.len = y.len = 3;
  x.data = malloc(3 * sizeof(double));
  y.data = malloc(3 * sizeof(double));
  for (int k = 0; k < 10; k++)
    s.data[k] = p.data[k] = k;
  for (int k = 0; k < 3; k++)
    x.data[k] = y.data[k] = k + 1;
#pragma omp target map(tofrom: s)
  for (int k = 0; k < s.len; k++)
    s.data[k] *= 2;
#pragma omp target map(mapper(two), tofrom: p)
  for (int k = 0; k < p.len; k++)
    p.data[k] *= 3;
#pragma omp target map(mapper(c), tofrom: x) map(mapper(b_c), tofrom: y)
  for (int k = 0; k < 3; k++) {
    x.data[k] *= 2;
    y.data[k] += x.data[k] + 1;
  }
  printf("%.1f %.1f %.1f %.1f\n", sum(s.data, 10), sum(p.data, 10),
         sum(x.data, 3), sum(y.data, 3));
  free(s.data);
  free(p.data);
  free(x.data);
  free(y.data);
  return 0;
}
