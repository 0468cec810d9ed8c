// Asynchronous offload, the shapes of seed 001's benchmarks B1-B4 as small
// self-checking programs (docs/async.md): T `target ... nowait` tasks from
// one thread (B1), from the master while the other threads work (B3), and
// four tasks per step ordered by `depend` (B4); then data constructs with
// nowait and depend (B2, every thread issuing, is async_stress.c). Each task
// of B1 and B3 writes its own vector, so the results do not depend on the order
// the tasks run in. Integer-valued doubles: exact.
// Self-checking; prints exact checksums. stderr says where it ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { T = 24, N = 200 };

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

// The seed's kernel C: y[i] += a * (x[0] + ... + x[i]).
static void K(double a, const double *x, double *y, int n) {
#pragma omp target teams distribute parallel for simd nowait
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j)
      y[i] = y[i] + a * x[j];
}

static void B1(double a, const double *X, double *Y) {
  for (int t = 0; t < T; ++t)
    K(a + t, X, Y + (long)t * N, N);
#pragma omp taskwait
}

// The seed's other threads spin on a flag until the master is done; here
// they do host work of their own instead (libgomp's host fallback of a
// target task can hang when the other threads never reach a scheduling
// point); the master waits for its tasks in B1's taskwait.
static double B3(double a, const double *X, double *Y) {
  double host_work = 0;
#pragma omp parallel num_threads(4) reduction(+: host_work)
  {
    if (omp_get_thread_num() == 0) {
      B1(a, X, Y);
    } else {
      for (int i = 0; i < 1000; ++i)
        host_work += i % 3;
    }
  }
  return host_work;
}

static void B4(double a, double *x, double *y) {
  for (int t = 0; t < 4; ++t) {
#pragma omp target teams distribute parallel for simd nowait \
    depend(in: x[0:N]) depend(inout: y[0:N])
    for (int i = 0; i < N; ++i)
      y[i] = y[i] + a * x[i];
#pragma omp target teams distribute parallel for simd nowait depend(inout: x[0:N])
    for (int i = 0; i < N; ++i)
      x[i] = x[i] + 1;
#pragma omp target teams distribute parallel for simd nowait depend(inout: y[0:N])
    for (int i = 0; i < N; ++i)
      y[i] = 2 * y[i];
#pragma omp target teams distribute parallel for simd nowait \
    depend(in: x[0:N]) depend(inout: y[0:N])
    for (int i = 0; i < N; ++i)
      y[i] = y[i] - x[i];
  }
#pragma omp taskwait
}

static double sum(const double *v, long n) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += v[i];
  return s;
}

// Data constructs with nowait, ordered by depend against target tasks and a
// host task; firstprivate values are taken when the task is created.
static double data_chain(double *v) {
  double scale = 3;
#pragma omp target enter data map(to: v[0:N]) nowait depend(out: v[0:N])
#pragma omp target teams distribute parallel for nowait firstprivate(scale) \
    depend(inout: v[0:N])
  for (int i = 0; i < N; ++i)
    v[i] = v[i] * scale;
  scale = 100; // the task above still multiplies by 3
#pragma omp target update from(v[0:N]) nowait depend(inout: v[0:N])
  double host_seen = 0;
#pragma omp task depend(in: v[0:N]) shared(host_seen)
  host_seen = sum(v, N);
#pragma omp target exit data map(release: v[0:N]) nowait depend(inout: v[0:N])
#pragma omp taskwait
  return host_seen;
}

// A host task ordered after target tasks by `depend` alone: they copy
// nothing back (v stays mapped), so each releases its successors once its
// kernel is queued, and the update in the host task waits for the last
// kernel on the device (docs/async.md, "Device events between target tasks").
static double released_chain(double *v) {
  double seen = 0;
#pragma omp target data map(to: v[0:N])
  {
    for (int s = 0; s < 3; ++s) {
#pragma omp target teams distribute parallel for nowait depend(inout: v[0:N])
      for (int i = 0; i < N; ++i)
        v[i] = v[i] * 2 + 1;
    }
#pragma omp task depend(in: v[0:N]) shared(seen)
    {
#pragma omp target update from(v[0:N])
      seen = sum(v, N);
    }
#pragma omp taskwait
  }
  return seen;
}

int main(void) {
  double *X = (double *)malloc(N * sizeof(double));
  double *Y = (double *)malloc((long)T * N * sizeof(double));
  double *x = (double *)malloc(N * sizeof(double));
  double *y = (double *)malloc(N * sizeof(double));
  for (int i = 0; i < N; ++i)
    X[i] = i % 7;
  int errors = 0;
  // B2 (every thread of a parallel region issues target tasks) is
  // async_stress.c: here, GCC 12's libgomp (the host reference) sometimes
  // hangs at the end of a parallel region after it.
  for (int b = 1; b <= 3; b += 2) {
    for (long i = 0; i < (long)T * N; ++i)
      Y[i] = i % 5;
#pragma omp target data map(to: X[0:N]) map(tofrom: Y[0:T * N])
    {
      if (b == 1)
        B1(2, X, Y);
      else
        errors += B3(2, X, Y) != 3 * 999.0;
    }
    for (int t = 0; t < T; ++t) {
      double prefix = 0;
      for (int i = 0; i < N; ++i) {
        prefix += X[i];
        long k = (long)t * N + i;
        errors += Y[k] != k % 5 + (2 + t) * prefix;
      }
    }
    printf("B%d: T=%d N=%d sum=%.1f errors=%d\n", b, T, N, sum(Y, (long)T * N),
           errors);
  }
  for (int i = 0; i < N; ++i) {
    x[i] = i % 3;
    y[i] = i % 4;
  }
#pragma omp target data map(tofrom: x[0:N], y[0:N])
  B4(2, x, y);
  for (int i = 0; i < N; ++i) {
    double ex = i % 3, ey = i % 4;
    for (int t = 0; t < 4; ++t) {
      ey = ey + 2 * ex;
      ex = ex + 1;
      ey = 2 * ey;
      ey = ey - ex;
    }
    errors += x[i] != ex || y[i] != ey;
  }
  printf("B4: sum x=%.1f y=%.1f errors=%d\n", sum(x, N), sum(y, N), errors);
  for (int i = 0; i < N; ++i)
    x[i] = i;
  double seen = data_chain(x);
  errors += seen != 3.0 * N * (N - 1) / 2;
  printf("data constructs: host task saw %.1f, x[N-1]=%.1f errors=%d\n", seen,
         x[N - 1], errors);
  for (int i = 0; i < N; ++i)
    x[i] = i;
  seen = released_chain(x);
  errors += seen != 8.0 * N * (N - 1) / 2 + 7.0 * N;
  printf("released chain: host task saw %.1f errors=%d\n", seen, errors);
  fprintf(stderr, "async_offload: ran on %s\n",
          ran_on_device() ? "device" : "host");
  free(X);
  free(Y);
  free(x);
  free(y);
  return errors != 0;
}
