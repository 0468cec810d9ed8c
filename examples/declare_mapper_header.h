/* Two mappers of one struct, both with an iterator `i`, in a header that
   has no function of its own (examples/declare_mapper_header.c). */
#ifndef DECLARE_MAPPER_HEADER_H
#define DECLARE_MAPPER_HEADER_H
#include <stddef.h>

typedef struct span {
  size_t len;
  double *data;
} span_t;

#pragma omp declare mapper(span_t v) map(to: v) \
    map(iterator(i = 0:v.len), tofrom: v.data[i])
#pragma omp declare mapper(down: span_t v) map(to: v) \
    map(iterator(i = v.len - 1:-1:-1), tofrom: v.data[i])

#endif
