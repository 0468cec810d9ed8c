// A test-harness idiom: a file of statements included inside a function
// body. Only user headers included at file scope get the `extern "C"` block
// that keeps C linkage in the generated C++ (an include inside a function,
// an initialiser or a struct is left as written).
// Self-checking; prints an exact checksum. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

static const int weights[] = {
#include "include_in_body_weights.inc"
};

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  int a[64], i, errors = 0;
  long sum = 0;
#pragma omp target teams distribute parallel for map(from: a)
  for (i = 0; i < 64; i++)
    a[i] = i * weights[i % 4];
  {
#include "include_in_body_check.inc"
  }
  fprintf(stderr, "include_in_body: ran on %s\n", ran_on_device() ? "device" : "host");
  printf("include_in_body: sum=%ld errors=%d\n", sum, errors);
  return errors != 0;
}
