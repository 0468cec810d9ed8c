// The target's firstprivate scalars are one copy that the region's threads
// share (OpenMP 5.2 §5.4.4: a parallel region inside shares what is
// firstprivate to its enclosing target or team): a store by one thread
// reaches the others. The kernel keeps that copy in shared memory, one per
// team (issue 9 point 3).
//  1. single in a target parallel region sets a firstprivate scalar that
//     every thread then reads;
//  2. tasks with dependences inside single write three firstprivate
//     scalars and combine them (the OpenMP_VV mutexinoutset pattern);
//  3. the team master of a control-loop region halves a firstprivate bound
//     between the parallel loops that read it.
#include <omp.h>
#include <stdio.h>

#define N 96

int out[N], seen, d, on_device;

int main(void) {
  int x = 0, a = 0, b = 0, c = 0, n = N, i;

  /* 1. */
#pragma omp target parallel map(from: out) num_threads(32)
  {
#pragma omp single
    x = 5;
    out[omp_get_thread_num()] = x;
  }
  printf("single: out[0] = %d, host x = %d\n", out[0], x);

  /* 2. */
#pragma omp target map(from: d)
  {
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(out: c)
      c = 1;
#pragma omp task depend(out: a)
      a = 2;
#pragma omp task depend(out: b)
      b = 3;
#pragma omp task depend(in: a) depend(mutexinoutset: c)
      c += a;
#pragma omp task depend(in: b) depend(mutexinoutset: c)
      c += b;
#pragma omp task depend(in: c)
      d = c;
    }
  }
  printf("tasks: d = %d (host a, b, c: %d %d %d)\n", d, a, b, c);

  /* 3. */
  for (i = 0; i < N; i++)
    out[i] = 0;
#pragma omp target map(tofrom: out, seen, on_device)
  {
    for (int pass = 0; pass < 3; pass++) {
#pragma omp parallel for
      for (int q = 0; q < n; q++)
        out[q] += pass + 1;
      seen += n; // the team master's store
      n = n / 2;
    }
    on_device = !omp_is_initial_device();
  }
  long long s = 0;
  for (i = 0; i < N; i++)
    s += out[i] * (i + 1);
  printf("halving bounds: sum %lld, seen %d, host n = %d\n", s, seen, n);

  /* 4. A private copy per thread of a firstprivate scalar: its writes are
     the threads' own, not the team's. */
  int count = -1, first = 0;
#pragma omp target parallel map(tofrom: out, first)
  {
#pragma omp for private(count)
    for (int q = 0; q < N; q++) {
      count = 0;
      for (int r = 0; r <= q % 5; r++)
        count++;
      out[q] = count;
    }
    if (omp_get_thread_num() == 0)
      first = out[N - 1];
  }
  s = 0;
  for (i = 0; i < N; i++)
    s += out[i];
  printf("private counts: sum %lld, last %d, host count %d\n", s, first,
         count);

  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
