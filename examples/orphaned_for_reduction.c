// exec-reference: clang
// Orphaned worksharing `for` loops with reduction: called from a parallel
// region of a target region, each thread's partial (from the operator's
// identity) combines into the variable, which the region's threads share,
// and every thread reads the result after the loop's barrier; called from
// team-master code of a plain target region, the team of one's partial
// combines into it when the loop ends. The items are static locals, as an
// orphaned construct's must be shared (gcc refuses them in a function a
// target region calls, "private in outer context"; clang 19 builds the
// reference). Floating-point values are quarters, exact in any order of
// combination. The program checks itself. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 1001

#pragma omp declare target
// Every thread returns the combined sum after the loop's barrier.
long total(const int *a, int n) {
  static long s = 7;
#pragma omp for reduction(+: s) schedule(static, 4)
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

// Sums of quarters and an extreme.
double quarters(const int *a, int n, int *hi) {
  static double q = 0.5;
  static int m = -1;
#pragma omp for reduction(+: q) reduction(max: m)
  for (int i = 0; i < n; ++i) {
    q += a[i] * 0.25;
    m = a[i] > m ? a[i] : m;
  }
  *hi = m;
  return q;
}

// A team of one: the calling thread's partial; an empty loop leaves the
// variable as it was.
unsigned bits(const int *a, int n) {
  static unsigned b = 0x100u;
#pragma omp for reduction(|: b) schedule(static)
  for (int i = 0; i < n; ++i)
    b |= 1u << (a[i] % 8);
  return b;
}
#pragma omp end declare target

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  static int a[N];
  static long sums[64];
  static double qs[64];
  static int his[64];
  int threads = 0, errors = 0;
  unsigned masks[3] = {0, 0, 0};
  for (int i = 0; i < N; ++i)
    a[i] = i + 1;

#pragma omp target parallel num_threads(8) map(to: a) \
    map(tofrom: sums, qs, his, threads)
  {
    int t = omp_get_thread_num();
    sums[t] = total(a, N);
    qs[t] = quarters(a, N, &his[t]);
    if (t == 0)
      threads = omp_get_num_threads();
  }
  // The sum of 1..N and its quarter, from the variables' initial values.
  long want = 7 + (long)N * (N + 1) / 2;
  double wantq = 0.5 + (double)N * (N + 1) / 8;
  int bad = threads < 1;
  for (int t = 0; t < threads; ++t)
    bad += sums[t] != want || qs[t] != wantq || his[t] != N;
  printf("total %ld (expected %ld), quarters %.2f (expected %.2f), max %d "
         "(expected %d); %d threads disagree\n",
         sums[0], want, qs[0], wantq, his[0], N, bad);
  errors += bad != 0;

#pragma omp target map(to: a) map(tofrom: masks)
  {
    masks[0] = bits(a, 0);
    masks[1] = bits(a + 1, 2); // 2 and 3
    masks[2] = bits(a, N);
  }
  printf("bits: %#x %#x %#x (expected 0x100 0x10c 0x1ff)\n", masks[0],
         masks[1], masks[2]);
  errors += masks[0] != 0x100u || masks[1] != 0x10cu || masks[2] != 0x1ffu;

  printf("%s\n", errors ? "FAILED" : "ok");
  fprintf(stderr, "orphaned_for_reduction: ran on %s\n",
          ran_on_device() ? "the device" : "the host");
  return errors;
}
