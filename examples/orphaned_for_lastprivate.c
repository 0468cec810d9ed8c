// exec-reference: clang
// An orphaned worksharing `for` with private, firstprivate and lastprivate
// items, called from a plain target region (a team of one: the calling
// thread runs every iteration in order, so its copy ends with the
// sequentially last iteration's value; an empty loop leaves the variable
// as it was), and another called from a parallel region (its threads share
// the loop; the one that ran the last iteration writes it back). The items are static locals, as an orphaned construct's must
// be shared where it is. (gcc refuses a static local in these clauses of a
// function a target region calls, "private in outer context"; clang 19
// builds the reference.) The program checks itself. stderr says where it
// ran.
#include <omp.h>
#include <stdio.h>

#define N 1001

int last_of(const int *a, int n) {
  static int x = -1, k = 5;
  int t = -7;
#pragma omp for firstprivate(k) lastprivate(x) private(t) schedule(guided)
  for (int i = 0; i < n; ++i) {
    t = a[i] + k;
    k += 1; // the copy's: the next call starts at 5 again
    x = t;
  }
  // t is the function's own again, k the variable's.
  return x * 100 + (t == -7) * 10 + (k == 5);
}

// Called from a parallel region: its threads share the iterations, and
// the one that ran the last writes x back; every thread then reads it
// after the loop's barrier. firstprivate(k): each thread's copy starts at
// 5, whatever the others did.
int last_shared(const int *a, int n) {
  static int x = -1, k = 5;
#pragma omp for firstprivate(k) lastprivate(x) schedule(static, 7)
  for (int i = 0; i < n; ++i)
    x = a[i] * 3 + k;
  return x;
}

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  static int a[N];
  int lasts[3] = {0, 0, 0};
  for (int i = 0; i < N; ++i)
    a[i] = i;
#pragma omp target map(to: a) map(tofrom: lasts)
  {
    lasts[0] = last_of(a, N);
    lasts[1] = last_of(a, 0);
    lasts[2] = last_of(a, 3);
  }
  // x: a[n-1] + 5 + (n-1); empty: unchanged.
  int want0 = (N - 1 + 5 + N - 1) * 100 + 11, want2 = (2 + 5 + 2) * 100 + 11;
  printf("last_of: %d (expected %d), empty loop %d (expected %d), "
         "three %d (expected %d)\n",
         lasts[0], want0, lasts[1], want0, lasts[2], want2);
  int errors = lasts[0] != want0 || lasts[1] != want0 || lasts[2] != want2;

  static int shared[64];
  int threads = 0;
#pragma omp target parallel num_threads(8) map(to: a) \
    map(tofrom: shared, threads)
  {
    shared[omp_get_thread_num()] = last_shared(a, N);
    if (omp_get_thread_num() == 0)
      threads = omp_get_num_threads();
  }
  int sharedBad = threads < 1;
  for (int t = 0; t < threads; ++t)
    sharedBad += shared[t] != (N - 1) * 3 + 5;
  printf("last_shared: %d (expected %d), %d threads disagree\n", shared[0],
         (N - 1) * 3 + 5, sharedBad);
  errors += sharedBad != 0;
  printf("%s\n", errors ? "FAILED" : "ok");
  fprintf(stderr, "orphaned_for_lastprivate: ran on %s\n",
          ran_on_device() ? "the device" : "the host");
  return errors;
}
