// `declare mapper`s with the `iterator` modifier in a user header: C keeps
// each iterator to its clause, C++ (the .cu is C++) declares it in the
// scope around the mapper, so the header's two `i` were a redefinition and
// the program did not build. The translation renames them in the header's
// translated copy (declare_mapper_header.cu.h, which the .cu includes), as
// it renames a main file's. A header it does not rewrite (outside
// --in-root, included twice) keeps them, and a clash is an
// [omp2cuda-c-compat] error at the mapper. Self-checking; prints exact
// sums; stderr says where it ran.
// GCC 12 does not accept `declare mapper`, so the reference is clang's:
// exec-reference: clang
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "declare_mapper_header.h"

#define N 500

int main(void) {
  span_t s;
  s.len = N;
  s.data = (double *)malloc(N * sizeof(double));
  for (int i = 0; i < N; ++i)
    s.data[i] = i;
  int dev1 = 0, dev2 = 0;

#pragma omp target map(tofrom: s, dev1)
  {
    for (size_t i = 0; i < s.len; i++)
      s.data[i] = s.data[i] * 2 + 1;
    dev1 = !omp_is_initial_device();
  }

#pragma omp target map(mapper(down), tofrom: s) map(tofrom: dev2)
  {
    for (size_t i = 0; i < s.len; i++)
      s.data[i] -= 1;
    dev2 = !omp_is_initial_device();
  }

  int errors = 0;
  double sum = 0;
  for (int i = 0; i < N; ++i) {
    errors += s.data[i] != 2.0 * i;
    sum += s.data[i];
  }
  printf("declare_mapper_header: len=%zu sum=%.1f errors=%d\n", s.len, sum,
         errors);
  fprintf(stderr, "%s\n", dev1 && dev2 ? "ran on the device" : "ran on the host");
  free(s.data);
  return errors != 0;
}
