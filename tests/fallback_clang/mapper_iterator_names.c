// C declare mappers whose `iterator` modifiers name the same iterator: two
// mappers with `i`, two clauses of one mapper with `i`, and a mapper in a
// block. C keeps each iterator to its clause; Clang's C++ front end declares
// it in the scope around the mapper, so the .cu did not compile
// ("redefinition of 'i'") until each got a name of its own. Every region
// runs on the device.
// GCC 12 does not accept the iterator modifier in map clauses, so the
// reference is clang 19's (fallback.differential_clang).
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int len;
  double *data;
  double *w;
} vec;
struct fvec {
  int len;
  float *data;
};
#pragma omp declare mapper(vec v) map(v) map(iterator(i = 0:v.len), tofrom: v.data[i]) \
    map(iterator(i = 0:v.len), to: v.w[i])
#pragma omp declare mapper(struct fvec v) map(v)                               \
    map(iterator(i = 0:v.len), tofrom: v.data[i])
#pragma omp declare mapper(half : struct fvec v) map(v)                        \
    map(iterator(i = 0:v.len / 2), tofrom: v.data[i])

int main(void) {
  vec a;
  struct fvec b, c;
  a.len = b.len = c.len = 8;
  a.data = (double *)malloc(8 * sizeof(double));
  a.w = (double *)malloc(8 * sizeof(double));
  b.data = (float *)malloc(8 * sizeof(float));
  c.data = (float *)malloc(8 * sizeof(float));
  for (int k = 0; k < 8; k++)
    a.data[k] = b.data[k] = c.data[k] = k, a.w[k] = k % 3;
#pragma omp target map(tofrom: a, b) map(mapper(half), tofrom: c)
  for (int k = 0; k < 8; k++) {
    a.data[k] = a.data[k] * 2 + a.w[k];
    b.data[k] += 1;
    if (k < 4)
      c.data[k] += 10;
  }
  {
#pragma omp declare mapper(vec v) map(v) map(iterator(i = 0:v.len), tofrom: v.data[i])
#pragma omp target map(tofrom: a)
    for (int k = 0; k < 8; k++)
      a.data[k] += 100;
  }
  double s = 0;
  for (int k = 0; k < 8; k++)
    s += a.data[k] * (k + 1) + b.data[k] * 2 + c.data[k] * 3;
  printf("mapper_iterator_names: %.1f\n", s);
  free(a.data);
  free(a.w);
  free(b.data);
  free(c.data);
  return 0;
}
