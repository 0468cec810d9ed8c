// A target region in a `.c` file that this file includes at file scope,
// after defining a macro it uses. omp2cuda translates such a file as it
// does a header (docs/headers.md); a file included inside a function stays
// as it is (examples/include_in_body.c). Self-checking; stderr says where
// the region ran.
#include <stdio.h>

#define SCALE 3
#include "included_source/regions.c"

int main(void) {
  int a[100], errors = 0;
  long sum = 0;
  for (int i = 0; i < 100; i++)
    a[i] = i;
  int dev = scale_on_device(a, 100);
  for (int i = 0; i < 100; i++) {
    sum += a[i];
    errors += a[i] != 4 * i;
  }
  fprintf(stderr, "included_source: ran on %s\n", dev ? "device" : "host");
  printf("included_source: sum=%ld errors=%d\n", sum, errors);
  return errors != 0;
}
