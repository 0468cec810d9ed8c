// Constructs rewritten where they stand (issue 9 points 2 and 5): simd loops
// and critical sections in a combined loop; single (with copyprivate and
// nowait), master, masked, flush, tasks, taskwait and taskloop in parallel
// regions. A task runs at once on the thread that creates it, as GPU
// implementations do; single is thread 0 and a barrier; critical takes a
// device-wide lock. The results do not depend on how many teams or threads
// run; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 2000

int a[N], b[N], c[N];

int main(void) {
  int on_device = 0, i;
  for (i = 0; i < N; i++)
    a[i] = (i * 37) % 11;

  // A simd loop in each iteration, and a critical section across teams.
  long long sum = 0;
  int maxv = 0;
#pragma omp target teams distribute parallel for map(to: a) map(from: b) \
    map(tofrom: sum, maxv, on_device)
  for (int i = 0; i < N; i++) {
    int s = 0;
#pragma omp simd reduction(+: s)
    for (int j = 0; j < 8; j++)
      s += a[i] * j;
    b[i] = s;
#pragma omp critical(stats)
    {
      sum += s;
      if (s > maxv)
        maxv = s;
    }
    if (i == 0)
      on_device = !omp_is_initial_device();
  }
  printf("simd + critical: sum %lld, max %d, b[7] = %d\n", sum, maxv, b[7]);

  // single, tasks and master in a parallel region.
  int count = 0, hits = 0, seen = 0;
#pragma omp target parallel map(tofrom: count, hits, seen)
  {
#pragma omp single
    {
      int x = 5;
#pragma omp task firstprivate(x)
      {
        x += 1; // the task's own copy
#pragma omp atomic
        count += x;
      }
#pragma omp taskwait
#pragma omp atomic
      count += x;
    }
#pragma omp atomic
    hits += 1;
#pragma omp barrier
#pragma omp master
    seen = hits == omp_get_num_threads();
#pragma omp single nowait
    count += 100;
  }
  printf("single + tasks: count %d, every thread counted %d\n", count, seen);

  // A value one thread reads, broadcast to all by copyprivate.
  int agree = 0;
#pragma omp target parallel map(to: a) map(tofrom: agree)
  {
    int v;
#pragma omp single copyprivate(v)
    v = a[3] * 7;
#pragma omp atomic
    agree += v == a[3] * 7;
#pragma omp barrier
#pragma omp masked
    agree = agree == omp_get_num_threads();
#pragma omp flush
  }
  printf("copyprivate: every thread got the value %d\n", agree);

  // A taskloop inside single: a reduction and the last iteration's value.
  int total = 0, last = -1;
#pragma omp target teams num_teams(1) map(to: a) map(from: c) \
    map(tofrom: total, last)
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+: total) lastprivate(last) grainsize(64)
  for (int i = 0; i < N; i++) {
    c[i] = 2 * a[i] + 1;
    total += c[i];
    last = i;
  }
  printf("taskloop: total %d, last %d, c[9] = %d\n", total, last, c[9]);

  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
