// User-defined mappers (OpenMP 5.0 `declare mapper`): a struct whose
// buffer hangs off a pointer member is mapped through a default mapper (on
// an implicit map of a target region, on enter/exit data) and through a
// named one (`map(mapper(half), ...)` on target data), so that the device
// copy of the struct points at the device copy of the buffer. The mapper's
// map types combine with the construct's: `from` with the mapper's
// `tofrom` copies out only. Self-checking; prints exact sums. stderr says
// where it ran.
// GCC 12 does not accept `declare mapper`, so the reference is clang's:
// exec-reference: clang
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

typedef struct {
  size_t len;
  double *data;
} Vec;

typedef struct {
  int len;
  int *vals;
  int scale;
} Counts;

#pragma omp declare mapper(Vec v) map(v, v.data[0:v.len])
#pragma omp declare mapper(half : Counts c) map(to : c, c.len) \
    map(tofrom : c.vals[0:c.len / 2])

static void fill(Vec *s) {
  for (size_t i = 0; i < s->len; i++)
    s->data[i] = 0.5 * i;
}

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  int errors = 0;
  Vec s;
  s.len = N;
  s.data = calloc(N, sizeof(double));

  // The default mapper on the region's implicit map of s.
#pragma omp target
  { fill(&s); }
  double sum = 0;
  for (int i = 0; i < N; ++i) {
    errors += s.data[i] != 0.5 * i;
    sum += s.data[i];
  }

  // Enter data through the mapper, a loop on the device, from at exit: the
  // host's copy of s.data keeps its host address.
  double *host_data = s.data;
  // (The loop's bound is a copy: a struct mapped tofrom may not appear in
  // the bounds of a translated loop.)
  size_t len = s.len;
#pragma omp target enter data map(to: s)
#pragma omp target teams distribute parallel for
  for (size_t i = 0; i < len; ++i)
    s.data[i] += 1.0;
#pragma omp target exit data map(from: s)
  errors += s.data != host_data;
  for (int i = 0; i < N; ++i) {
    errors += s.data[i] != 0.5 * i + 1.0;
    sum += s.data[i];
  }

  // A named mapper: only the first half of vals is mapped (tofrom), and a
  // strided update brings back every other element of it early.
  Counts c;
  c.len = N;
  c.scale = 3;
  c.vals = calloc(N, sizeof(int));
  for (int i = 0; i < N; ++i)
    c.vals[i] = i;
#pragma omp target data map(mapper(half), tofrom: c)
  {
#pragma omp target
    for (int i = 0; i < c.len / 2; ++i)
      c.vals[i] *= c.scale;
#pragma omp target update from(c.vals[0:c.len / 4:2])
    for (int i = 0; i < c.len / 2; i += 2)
      errors += c.vals[i] != 3 * i;
    c.scale = 5; // the mapper maps c `to`: this stays on the host
  }
  long csum = 0;
  for (int i = 0; i < N; ++i) {
    errors += c.vals[i] != (i < N / 2 ? 3 * i : i);
    csum += c.vals[i];
  }
  errors += c.scale != 5;

  fprintf(stderr, "declare_mapper: ran on %s\n",
          ran_on_device() ? "the device" : "the host");
  printf("declare_mapper: sum=%.1f csum=%ld errors=%d\n", sum, csum, errors);
  free(s.data);
  free(c.vals);
  return errors != 0;
}
