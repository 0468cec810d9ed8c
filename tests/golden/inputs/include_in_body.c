// User headers included at file scope keep C linkage in an extern "C" block;
// a file of statements included inside a function body (a test-harness
// idiom) is left as written.
#include "include_in_body.h"
#include <stdio.h>

int main(void) {
  int a[8];
#pragma omp target map(from: a)
  for (int i = 0; i < 8; i++)
    a[i] = i;
  {
#include "include_in_body.inc"
  }
  return 0;
}
