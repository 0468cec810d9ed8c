// Global variables under `declare target` (issue 10 point 2): each one that
// device code uses has a copy on the device for the whole run. Regions, and
// the functions they call, use that copy without any data movement; `target
// update` moves values between the copies, and `map` of such a variable
// finds it already present. The program is written as OpenMP asks (every
// value crosses with an update), so the host build prints the same.
// stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 1000

#pragma omp declare target
double scale = 2.5;
int weights[8] = {1, 2, 3, 5, 8, 13, 21, 34};
struct range {
  double lo, hi;
} limits = {-40.0, 40.0};
static int calls;
double out[N];

double clamp(double x) {
  return x < limits.lo ? limits.lo : x > limits.hi ? limits.hi : x;
}
static int bump(void) { return ++calls; }
#pragma omp end declare target

int hits;
#pragma omp declare target(hits)

static double sum_out(void) {
  double s = 0;
  for (int i = 0; i < N; i++)
    s += out[i];
  return s;
}

int main(void) {
  int on_device = 0, got = 0;

  // Direct uses and uses in a called function, all on the device copies.
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++)
    out[i] = clamp(scale * weights[i % 8] * (i - N / 2) / 100.0);
#pragma omp target update from(out)
  printf("initial copies: sum %.3f\n", sum_out());

  // A new value reaches the device through target update.
  scale = 0.5;
  limits.hi = 10.0;
#pragma omp target update to(scale, limits)
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++)
    out[i] = clamp(scale * weights[i % 8] * (i - N / 2) / 100.0);
#pragma omp target update from(out)
  printf("after target update to: sum %.3f\n", sum_out());

  // A sequential region writes the device copies; the host reads them back.
#pragma omp target map(tofrom: on_device) map(from: got)
  {
    on_device = !omp_is_initial_device();
    hits += 5;
    bump();
    got = bump();
  }
#pragma omp target update from(hits)
  printf("hits %d, static calls %d\n", hits, got);

  // map of a declare target variable: present already, so the region sees
  // the device copy; the host gets it back through target update.
#pragma omp target map(tofrom: limits)
  limits.lo = -1.0;
#pragma omp target update from(limits)
  printf("limits [%.1f, %.1f]\n", limits.lo, limits.hi);

  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
