// Data constructs produced by macros (_Pragma). A macro that is a statement
// of its own is replaced at its use; one whose expansion holds more than the
// directive (here, a macro that defines a whole function around it) gets the
// runtime call written into its #define, so every expansion has it. Left to
// the host OpenMP runtime, these updates would never reach the device copy
// inside the target data region, and the sums below would differ.
// Self-checking; prints an exact checksum. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define DO_PRAGMA(x) _Pragma(#x)
#define PUSH2(v, m) DO_PRAGMA(omp target update to(v[0:m]))
#define PUSH _Pragma("omp target update to(a[0:n])")
#define PULL _Pragma("omp target update from(a[0:n])")
#define DEFINE_PUSH(name) static void name(double *a, int n) { PUSH }
#define DEFINE_TWICE(name)                                                     \
  static void name(double *a, int n) {                                         \
    _Pragma("omp target data map(tofrom: a[0:n])") { PULL twice(a, n); PUSH }  \
  }

static void twice(double *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}

DEFINE_PUSH(push_it)
DEFINE_TWICE(twice_on_host)

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

static void add_one(double *a, int n) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    a[i] += 1;
}

int main(void) {
  enum { N = 1000 };
  static double a[N];
  int n = N, i;
  double sum = 0.0;
  for (i = 0; i < n; i++)
    a[i] = i;
#pragma omp target data map(tofrom: a[0:n])
  {
    for (i = 0; i < n; i++)
      a[i] = 2 * i;
    PUSH
    add_one(a, n);
    for (i = 0; i < n; i++)
      a[i] = 3 * i;
    push_it(a, n);
    add_one(a, n);
    twice_on_host(a, n);
    add_one(a, n);
    PULL sum += a[5];
    for (i = 0; i < n; i++)
      a[i] = 4 * i;
    PUSH2(a, n)
    add_one(a, n);
  }
  for (i = 0; i < n; i++)
    sum += a[i];
  fprintf(stderr, "macro_data: ran on %s\n", ran_on_device() ? "device" : "host");
  printf("macro_data: a[5]=%g sum=%.1f\n", a[5], sum);
  return a[5] != 21.0;
}
