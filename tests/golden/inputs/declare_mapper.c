// User-defined mappers: a default mapper on a target region's implicit map
// of a struct, a named one on target data, and enter/exit data through the
// default one. The stub and the data constructs map the mapper's items on
// the struct's members and attach the pointer member to its device copy.
#include <stddef.h>

typedef struct {
  size_t len;
  double *data;
} Vec;

#pragma omp declare mapper(Vec v) map(v, v.data[0:v.len])
#pragma omp declare mapper(firsts : Vec v) map(to : v, v.len) \
    map(tofrom : v.data[0:v.len / 2])

void fill(Vec *s) {
  for (size_t i = 0; i < s->len; i++)
    s->data[i] = 0.5 * i;
}

void use(Vec s, Vec t) {
#pragma omp target
  { fill(&s); }
  size_t half = t.len / 2;
#pragma omp target data map(mapper(firsts), tofrom: t)
  {
#pragma omp target teams distribute parallel for
    for (size_t i = 0; i < half; ++i)
      t.data[i] += 1.0;
  }
#pragma omp target enter data map(to: s)
#pragma omp target exit data map(from: s)
}
