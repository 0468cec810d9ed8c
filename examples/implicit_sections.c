// A pointer that no clause names is a zero-length array section (OpenMP's
// implicit mapping): in the region it holds the device address of what it
// points to when that is on the device, also when the construct's own map
// puts it there (here `q[0:n]`, with p == q + 1). The stub translates such
// pointers after every map of the construct, as clang orders its implicit
// maps after the explicit ones; before, p kept the host's address, the
// region wrote the host's array, and the end of the construct copied the
// device's unchanged copy over it. stderr says where the region ran.
#include <omp.h>
#include <stdio.h>

int main(void) {
  enum { n = 8 };
  int a[n];
  for (int i = 0; i < n; ++i)
    a[i] = i + 1;
  int *p = a + 1, *q = a;
  int last = 0, on = 0;
#pragma omp target map(tofrom: last, on) map(tofrom: q[0:n])
  {
    last = p[n - 2];
    for (int i = 0; i < n - 1; ++i)
      p[i] *= 10;
    on = !omp_is_initial_device();
  }
  printf("implicit_sections: last %d, a:", last);
  for (int i = 0; i < n; ++i)
    printf(" %d", a[i]);
  printf("\n");
  fprintf(stderr, "implicit_sections: ran on %s\n",
          on ? "the device" : "the host");
  return 0;
}
