// Orphaned constructs of issue 9 in functions that target regions call:
// - a `taskgroup task_reduction` whose tasks (`in_reduction`) sum a list
//   held as arrays of indices (tasks run where they are created on the
//   device, in the calling thread), called from a `single` of a target
//   parallel region and from every thread of a combined loop;
// - a `parallel for` whose loop variable is declared outside the loop: a
//   `declare target` global and a local, both private to the loop, so the
//   originals keep their values (the device's loop declares its own).
// stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 256

#pragma omp declare target
int gi = -3;
int g[N];

int chain_sum(const int *next, const int *val, int head) {
  int result = 0;
#pragma omp taskgroup task_reduction(+ : result)
  {
    int p = head;
    while (p >= 0) {
#pragma omp task in_reduction(+ : result)
      result += val[p];
      p = next[p];
    }
  }
  return result;
}

void fill(int k) {
#pragma omp parallel for
  for (gi = 0; gi < N; gi++)
    g[gi] = k * gi;
}

int local_fill(int *out, int n) {
  int j = -5;
#pragma omp parallel for
  for (j = 0; j < n; j++)
    out[j] = 3 * j;
  return j;
}
#pragma omp end declare target

int main(void) {
  int next[N], val[N], sums[N], out[N], total = 0, kept = 0, gkept = 0,
      on_device = 0;
  for (int k = 0; k < N; k++) {
    next[k] = k + 1 < N ? k + 1 : -1;
    val[k] = k % 17;
  }

#pragma omp target parallel num_threads(32) map(to: next, val) \
    map(tofrom: total, on_device)
  {
#pragma omp single
    {
      on_device = !omp_is_initial_device();
      total = chain_sum(next, val, 0);
    }
  }

#pragma omp target teams distribute parallel for map(to: next, val) \
    map(from: sums)
  for (int h = 0; h < N; h++)
    sums[h] = chain_sum(next, val, h);

#pragma omp target map(from: out, kept, gkept)
  {
    fill(2);
    gkept = gi;
    kept = local_fill(out, N);
  }
#pragma omp target update from(g)

  long s = 0;
  for (int h = 0; h < N; h++)
    s += sums[h] * (h + 1) + out[h] + g[h];
  printf("total %d sums[0] %d sums[N-1] %d mixed %ld\n", total, sums[0],
         sums[N - 1], s);
  printf("loop variables kept: global %d local %d\n", gkept, kept);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
