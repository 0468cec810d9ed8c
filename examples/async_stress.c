// Stress for asynchronous offload (docs/async.md): 64 host threads at once
// issue data constructs, `target ... nowait` regions and `depend` chains on
// their own data and on data they all share, then check the results and
// that nothing is left mapped (the present table's reference counts went
// back to zero). Integer-valued doubles: exact.
// Self-checking; prints exact checksums. stderr says where it ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

// STRESS_THREADS: fewer host threads, for a quick look under a tool.
#ifndef STRESS_THREADS
#define STRESS_THREADS 64
#endif
enum { P = STRESS_THREADS, M = 256, STEPS = 6 };

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  double *shared_in = (double *)malloc(M * sizeof(double));
  double *own = (double *)malloc((long)P * M * sizeof(double));
  double *out = (double *)malloc((long)P * M * sizeof(double));
  for (int i = 0; i < M; ++i)
    shared_in[i] = i % 9;
  for (long i = 0; i < (long)P * M; ++i) {
    own[i] = i % 4;
    out[i] = 0;
  }
#pragma omp parallel num_threads(P)
  {
    int t = omp_get_thread_num();
    double *mine = own + (long)t * M;
    double *res = out + (long)t * M;
    // res is read before it is written: map(to:), since map(alloc:) storage
    // holds garbage on a GPU (it did: errors=454 on an H100).
#pragma omp target enter data map(to: mine[0:M], res[0:M]) nowait \
    depend(out: mine[0:M], res[0:M])
    for (int s = 0; s < STEPS; ++s) {
      // Every thread maps shared_in at once: its count goes up and down
      // from 64 threads and helpers.
#pragma omp target teams distribute parallel for map(to: shared_in[0:M]) \
    firstprivate(s) nowait depend(inout: mine[0:M])
      for (int i = 0; i < M; ++i)
        mine[i] = mine[i] + shared_in[i] + s;
#pragma omp target teams distribute parallel for nowait \
    depend(in: mine[0:M]) depend(inout: res[0:M])
      for (int i = 0; i < M; ++i)
        res[i] = res[i] + mine[i];
    }
#pragma omp target update from(mine[0:M]) nowait depend(in: mine[0:M])
#pragma omp target exit data map(from: res[0:M]) map(release: mine[0:M]) \
    nowait depend(inout: mine[0:M], res[0:M])
  } // the barrier waits for every thread's tasks
  int errors = 0;
  double total = 0;
  for (int t = 0; t < P; ++t)
    for (int i = 0; i < M; ++i) {
      long k = (long)t * M + i;
      double m = k % 4, r = 0;
      for (int s = 0; s < STEPS; ++s) {
        m = m + i % 9 + s;
        r = r + m;
      }
      errors += own[k] != m || out[k] != r;
      total += out[k];
    }
  int leaked = 0;
  if (omp_get_num_devices() > 0) {
    int dev = omp_get_default_device();
    leaked += omp_target_is_present(shared_in, dev);
    for (int t = 0; t < P; ++t)
      leaked += omp_target_is_present(own + (long)t * M, dev) +
                omp_target_is_present(out + (long)t * M, dev);
  }
  printf("async_stress: threads=%d steps=%d total=%.1f errors=%d leaked=%d\n",
         P, STEPS, total, errors, leaked);
  fprintf(stderr, "async_stress: ran on %s\n",
          ran_on_device() ? "device" : "host");
  free(shared_in);
  free(own);
  free(out);
  return errors != 0 || leaked != 0;
}
