// Members of a struct mapped one by one (issue 8): `enter data map(to:
// s.len, s.data)` makes one present-table entry spanning the members, as
// libomptarget does, so that a later map of the whole struct lies inside
// it. A default mapper with the `present` modifier (OpenMP_VV 5.2
// test_declare_mapper_present's pattern) then finds the struct present; a
// region reads members entered by target data through the whole struct; a
// span entered twice and released twice brings the members back; an
// unmapped member between mapped ones keeps the host's value. (Which
// release copies back is rt_test's [span]: a host build shares memory.)
// `target update` through a named mapper updates the struct and the
// mapper's sections whose map type includes the update's direction.
// Self-checking; stderr says where it ran.
// GCC 12 does not accept `declare mapper`, so the reference is clang's:
// exec-reference: clang
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

typedef struct {
  size_t len;
  int *data;
} IntVec;

typedef struct {
  int a;
  int skipped; // never mapped
  double b;
} Pair;

#pragma omp declare mapper(default : IntVec v) \
    map(always, present, from : v, v.len, v.data[0:v.len])

typedef struct {
  size_t n;
  double *v;
  double *scratch; // the mapper maps it alloc: updates leave it alone
} Buf;

#pragma omp declare mapper(bufm : Buf b) map(tofrom : b, b.v[0:b.n]) \
    map(alloc : b.scratch[0:b.n])

static void init(IntVec *s) {
  for (size_t i = 0; i < s->len; i++)
    s->data[i] = (int)i;
}

int main(void) {
  int errors = 0;
  int on_device = 0;

  // The mapper's `present`: s is present as the span of s.len and s.data.
  IntVec s;
  s.data = (int *)calloc(N, sizeof(int));
  s.len = N;
#pragma omp target enter data map(to: s.len, s.data[0:s.len]) map(alloc: s.data)
#pragma omp target
  {
    init(&s);
  }
#pragma omp target exit data map(delete: s.len, s.data, s.data[0:s.len])
  long sum = 0;
  for (int i = 0; i < N; ++i) {
    errors += s.data[i] != i;
    sum += s.data[i];
  }

  // Members mapped `to` on target data: the region reads them through the
  // whole struct, which is present.
  Pair p = {3, 7, 1.5};
  double got = 0;
#pragma omp target data map(to: p.a, p.b)
  {
#pragma omp target map(from: got) map(tofrom: on_device)
    {
      got = p.a * p.b;
      on_device = !omp_is_initial_device();
    }
  }
  errors += got != 4.5;
  errors += p.a != 3;

  // Entered twice, released twice: only the last release copies back.
  Pair q = {1, 9, 2.0};
#pragma omp target enter data map(to: q.a, q.b)
#pragma omp target enter data map(to: q.a, q.b)
#pragma omp target
  {
    q.a += 10;
    q.b *= 2;
  }
  q.skipped = 5;
#pragma omp target exit data map(from: q.a, q.b)
#pragma omp target exit data map(from: q.a, q.b)
  errors += q.a != 11 || q.b != 4.0 || q.skipped != 5;

  // `target update` through a mapper: the struct and its buffer, both ways.
  Buf b;
  b.n = 64;
  b.v = (double *)calloc(b.n, sizeof(double));
  b.scratch = (double *)calloc(b.n, sizeof(double));
  size_t n = b.n;
#pragma omp target enter data map(mapper(bufm), to: b)
  for (size_t i = 0; i < n; ++i)
    b.v[i] = 2.0 * i;
#pragma omp target update to(mapper(bufm): b)
#pragma omp target teams distribute parallel for
  for (size_t i = 0; i < n; ++i)
    b.v[i] += 1.0;
#pragma omp target update from(mapper(bufm): b)
  double bsum = 0;
  for (size_t i = 0; i < n; ++i) {
    errors += b.v[i] != 2.0 * i + 1.0;
    bsum += b.v[i];
  }
#pragma omp target exit data map(mapper(bufm), release: b)

  printf("sum %ld got %.1f p.a %d q %d %d %.1f bsum %.1f\n", sum, got, p.a,
         q.a, q.skipped, q.b, bsum);
  fprintf(stderr, "ran on the %s\n", on_device ? "device" : "host");
  printf("%s\n", errors ? "FAIL" : "PASS");
  free(s.data);
  free(b.v);
  free(b.scratch);
  return errors != 0;
}
