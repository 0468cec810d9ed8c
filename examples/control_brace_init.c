// Team-master variables of a control-loop region initialised by braces: an
// array of structs and a struct, declared in the region's team-master code
// and read by a parallel loop inside a time-step loop that stores between
// its parallel loops (so the region takes the control-loop form, which
// hoists them to the kernel's top and copies each from a temporary).
// Self-checking; prints an exact checksum. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

typedef struct {
  int key;
  long value;
} Trait;

int main(void) {
  long a[100] = {0};
  int n = 100, on_device = 0;
#pragma omp target map(tofrom: a[0:n], on_device)
  {
    Trait t[2] = {{1, 64}, {2, 8}};
    Trait one = {3, 5};
    for (int s = 0; s < 2; s++) {
#pragma omp parallel for
      for (int q = 0; q < n; q++)
        a[q] += t[s].value + one.key + q;
      a[0] += s;
    }
    on_device = !omp_is_initial_device();
  }
  long sum = 0;
  int errors = 0;
  for (int i = 0; i < n; ++i) {
    errors += a[i] != 72 + 6 + 2 * i + (i == 0);
    sum += a[i] * (i + 1);
  }
  fprintf(stderr, "control_brace_init: ran on %s\n",
          on_device ? "the device" : "the host");
  printf("control_brace_init: sum=%ld errors=%d\n", sum, errors);
  return errors != 0;
}
