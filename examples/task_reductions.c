// Task reductions inside target regions (OpenMP 5.0): reduction(task, ...)
// on a parallel or worksharing construct, and tasks or taskloops that take
// part with in_reduction. Tasks there run when they are created, in the
// thread that creates them, so each one updates that thread's copy. Also a
// reduction on a target parallel region around nested constructs.
#include <omp.h>
#include <stdio.h>

#define N 300

int main(void) {
  int y[N], z[N];
  double w[N];
  int on_device = 1;
  for (int i = 0; i < N; i++) {
    y[i] = i + 1;
    z[i] = 2 * (i + 1);
    w[i] = 0.5 * (i % 7);
  }

  /* 1. target parallel reduction(task): the master's task takes part. */
  int sum = 0;
#pragma omp target parallel reduction(task, +: sum) num_threads(64)         \
    map(tofrom: sum, on_device) map(to: y, z)
  {
#pragma omp master
    {
      on_device = on_device && !omp_is_initial_device();
#pragma omp task in_reduction(+: sum)
      {
        for (int i = 0; i < N; i++)
          sum += y[i] * z[i];
      }
    }
  }
  printf("parallel task reduction: %d\n", sum);

  /* 2. parallel for reduction(task) with a task in each iteration. */
  long dot = 0;
  double wsum = 0;
#pragma omp target map(tofrom: dot, wsum, on_device) map(to: y, z, w)
  {
    on_device = on_device && !omp_is_initial_device();
#pragma omp parallel for reduction(task, +: dot, wsum)
    for (int i = 0; i < N; i++) {
#pragma omp task in_reduction(+: dot, wsum)
      {
        dot += (long)y[i] * z[i];
        wsum += w[i];
      }
    }
  }
  printf("for task reduction: %ld %.1f\n", dot, wsum);

  /* 3. taskloop in_reduction in single, bitwise operators. */
  int bits = 0, parity = 0;
#pragma omp target parallel reduction(task, |: bits)                         \
    reduction(task, ^: parity) map(tofrom: bits, parity, on_device) map(to: y)
  {
#pragma omp single
    {
      on_device = on_device && !omp_is_initial_device();
#pragma omp taskloop in_reduction(|: bits) in_reduction(^: parity)
      for (int i = 0; i < N; i++) {
        bits |= 1 << (y[i] % 20);
        parity ^= y[i];
      }
    }
  }
  printf("taskloop task reduction: %x %d\n", bits, parity);

  /* 4. a reduction on target parallel around a worksharing loop and a
     barrier. */
  double total = 0;
  int hits = 0;
#pragma omp target parallel reduction(+: total, hits) map(to: w)             \
    map(tofrom: on_device)
  {
#pragma omp for
    for (int i = 0; i < N; i++)
      total += w[i];
#pragma omp barrier
#pragma omp single
    {
      hits += 1;
      on_device = on_device && !omp_is_initial_device();
    }
  }
  printf("parallel reduction around for: %.1f %d\n", total, hits);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
