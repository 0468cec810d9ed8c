// Nowait data constructs and target regions ordered by `depend` against a
// plain host task in serial code, after a parallel region whose master
// issued target tasks, many rounds over (serial_detach.sh; docs/async.md,
// "libomp and detached tasks in serial code"). clang-19's libomp aborted here
// in most runs at O2C_INLINE_ISSUE=2 ("Assertion failure at
// kmp_tasking.cpp(1189): children >= 0") before the generated code held each
// detached task's parent until its successors were released
// (o2c::guardRelease). Not an example: neither host build can be the
// reference (GCC 12's libgomp hangs in the parallel region, clang-19's
// libomp asserts in its own target tasks). Self-checking; exact sums.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 200, T = 8, ROUNDS = 600 };

static double sum(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i];
  return s;
}

// The master of a team of four issues T target tasks and waits for them;
// the other threads do host work.
static double parallel_part(double *w) {
  double host_work = 0;
#pragma omp parallel num_threads(4) reduction(+: host_work)
  {
    if (omp_get_thread_num() == 0) {
      for (int t = 0; t < T; ++t) {
        double *wt = w + t * N;
#pragma omp target teams distribute parallel for nowait map(tofrom: wt[0:N])
        for (int i = 0; i < N; ++i)
          wt[i] = wt[i] + 1;
      }
#pragma omp taskwait
    } else {
      for (int i = 0; i < 1000; ++i)
        host_work += i % 3;
    }
  }
  return host_work;
}

// Serial code: detached tasks with dependences and a plain host task
// between them (examples/async_offload.c's data_chain).
static double serial_part(double *v) {
  double scale = 3;
#pragma omp target enter data map(to: v[0:N]) nowait depend(out: v[0:N])
#pragma omp target teams distribute parallel for nowait firstprivate(scale) \
    depend(inout: v[0:N])
  for (int i = 0; i < N; ++i)
    v[i] = v[i] * scale;
#pragma omp target update from(v[0:N]) nowait depend(inout: v[0:N])
  double seen = 0;
#pragma omp task depend(in: v[0:N]) shared(seen)
  seen = sum(v, N);
#pragma omp target exit data map(release: v[0:N]) nowait depend(inout: v[0:N])
#pragma omp taskwait
  return seen;
}

int main(void) {
  static double v[N], w[T * N];
  int errors = 0;
  for (int i = 0; i < T * N; ++i)
    w[i] = i % N;
  for (int r = 0; r < ROUNDS; ++r) {
    errors += parallel_part(w) != 3 * 999.0;
    for (int i = 0; i < N; ++i)
      v[i] = i;
    errors += serial_part(v) != 3.0 * N * (N - 1) / 2;
  }
  printf("rounds=%d w sum=%.1f errors=%d\n", ROUNDS, sum(w, T * N), errors);
  return errors != 0;
}
