// A firstprivate scalar that the region assigns and never reads (LULESH's
// `vol_error`, issue 11): each thread's copy is written and dropped, the
// host's variable keeps its value (OpenMP: scalars are firstprivate on
// target by default). The kernel parameter is only set, which nvcc reported
// as warning #550; the translation must compile warning-free.
// Self-checking; prints exact values. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

/* LULESH's pattern: a flag set in a combined loop, then tested on the host. */
static int negative_volumes(const double *v, double *twice, int n) {
  int vol_error = -1;
#pragma omp target teams distribute parallel for num_teams(4) thread_limit(32) map(to: v[0:n]) map(from: twice[0:n])
  for (int i = 0; i < n; ++i) {
    twice[i] = 2.0 * v[i];
    if (v[i] <= 0.0)
      vol_error = i;
  }
  return vol_error; /* still -1: the region wrote its own copies */
}

/* A sequential target region, explicit firstprivate. */
static long last_written(long *out, int n) {
  long seen = 7;
#pragma omp target firstprivate(seen) map(from: out[0:n])
  for (int i = 0; i < n; ++i) {
    out[i] = i * 3L;
    seen = out[i];
  }
  return seen;
}

int main(void) {
  enum { N = 100 };
  double v[N], twice[N];
  long out[N];
  for (int i = 0; i < N; ++i)
    v[i] = (i % 9 == 4) ? -1.0 * i : 0.5 * i + 1.0;
  int flag = negative_volumes(v, twice, N);
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += twice[i];
  long seen = last_written(out, N);
  long total = 0;
  for (int i = 0; i < N; ++i)
    total += out[i];
  int ok = flag == -1 && seen == 7 && total == 3L * N * (N - 1) / 2;
  printf("vol_error=%d sum=%.1f seen=%ld total=%ld %s\n", flag, sum, seen,
         total, ok ? "OK" : "FAILED");
  fprintf(stderr, "ran on %s\n", ran_on_device() ? "the device" : "the host");
  return ok ? 0 : 1;
}
