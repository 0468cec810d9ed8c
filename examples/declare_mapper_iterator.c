// A default mapper whose map clause has the `iterator` modifier (OpenMP
// 5.1): one element of the pointer member per value of the iterator,
// `map(iterator(it = 0:v.len), tofrom: v.data[it])`, as OpenMP_VV's
// test_declare_mapper_iterator maps it. The elements are mapped as the one
// section they make together, so the device copy of the buffer is in one
// piece and the struct's pointer, attached to it, reaches every element
// (one map each put them apart). The mapper does not map the struct
// itself: a target region copies it in, never back. A second, named mapper
// counts down. In the .cu each mapper's iterator gets a name of its own
// (clang 19 compiling C++, as the .cu is, declares it at file scope, where
// two mappers' `i` were a redefinition: tests/fallback_clang).
// Self-checking; prints exact sums; stderr says where it ran.
// GCC 12 does not accept `declare mapper`, so the reference is clang's:
// exec-reference: clang
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

typedef struct myvec {
  size_t len;
  double *data;
} myvec_t;

#pragma omp declare mapper(myvec_t v) map(iterator(it = 0:v.len), tofrom: v.data[it])
#pragma omp declare mapper(down: myvec_t v) map(to: v) \
    map(iterator(i = v.len - 1:-1:-1), tofrom: v.data[i])

static void init(myvec_t *s) {
  for (size_t i = 0; i < s->len; i++)
    s->data[i] = (double)i;
}

int main(void) {
  myvec_t s;
  s.len = N;
  s.data = (double *)calloc(N, sizeof(double));
  int dev1 = 0, dev2 = 0;

#pragma omp target map(tofrom: dev1)
  {
    init(&s);
    dev1 = !omp_is_initial_device();
  }

#pragma omp target map(mapper(down), tofrom: s) map(tofrom: dev2)
  {
    for (size_t i = 0; i < s.len; i++)
      s.data[i] = s.data[i] * 2 + 1;
    dev2 = !omp_is_initial_device();
  }

  int errors = 0;
  double sum = 0;
  for (int i = 0; i < N; ++i) {
    errors += s.data[i] != 2.0 * i + 1;
    sum += s.data[i];
  }
  printf("declare_mapper_iterator: len=%zu sum=%.1f errors=%d\n", s.len, sum,
         errors);
  fprintf(stderr, "%s\n", dev1 && dev2 ? "ran on the device" : "ran on the host");
  free(s.data);
  return errors != 0;
}
