// One kernel, two launch shapes (issue 11 point 2): each grid-stride kernel
// has a one-pass instantiation, which the stub launches when the grid has a
// thread for every iteration (here 50 iterations on 2 teams of 32 threads),
// and the grid-stride one otherwise (1000 iterations); without num_teams
// the grid covers the loop. `continue` in a body skips one iteration in both. Self-checking; prints exact checksums.
// stderr says where it ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

/* The loop variable strides over the grid; every third element stays. */
static void scale(double *a, int n) {
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(32) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
    if (i % 3 == 0)
      continue;
    a[i] = 2.0 * a[i] + 1.0;
  }
}

/* Downwards by 2: a normalised iteration counter. */
static void odd_down(long *b, int n) {
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(32) map(tofrom: b[0:n])
  for (int i = n - 1; i >= 0; i -= 2) {
    if (b[i] % 7 == 0)
      continue;
    b[i] += i;
  }
}

/* collapse(2) with a reduction. */
static long grid_sum(const int *m, int rows, int cols) {
  long s = 0;
#pragma omp target teams distribute parallel for collapse(2) num_teams(2) thread_limit(32) map(to: m[0:rows * cols]) reduction(+: s)
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      if (m[r * cols + c] % 5 == 0)
        continue;
      s += m[r * cols + c];
    }
  return s;
}

/* lastprivate: the last iteration's value, also when it ends in continue. */
static int last_value(const int *v, int n) {
  int x = -1;
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(32) map(to: v[0:n]) lastprivate(x)
  for (int i = 0; i < n; i++) {
    x = 2 * v[i];
    if (v[i] % 2)
      continue;
    x += 1;
  }
  return x;
}

/* No num_teams: the grid has a thread for every iteration. A 64-bit
   variable from beyond 2^32, step 3, and a collapsed nest over it: the
   counter is 32 bits wide (the stub's choice), the variables 64. */
static long wide_sum(const long *w, long n) {
  long s = 0;
  const long base = 5000000000L;
#pragma omp target teams distribute parallel for map(to: w[0:n]) reduction(+: s)
  for (long k = base; k < base + 3 * n; k += 3) {
    long i = (k - base) / 3;
    if (w[i] % 4 == 0)
      continue;
    s += w[i] + k % 7;
  }
  long t = 0;
#pragma omp target teams distribute parallel for collapse(2) map(to: w[0:n]) reduction(+: t)
  for (long r = base; r > base - n / 10; r--)
    for (int c = 0; c < 10; c++)
      t += w[(base - r) * 10 + c] * (r % 5 + c);
  return s + 3 * t;
}

static int run(int n) {
  double *a = (double *)malloc(n * sizeof(double));
  long *b = (long *)malloc(n * sizeof(long));
  int *v = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) {
    a[i] = (double)(i % 10);
    b[i] = i % 13;
    v[i] = (i * 37) % 101;
  }
  scale(a, n);
  odd_down(b, n);
  long s = grid_sum(v, n / 10, 10);
  int x = last_value(v, n);
  int errors = 0;
  double sa = 0.0;
  long sb = 0, want_s = 0;
  for (int i = 0; i < n; i++) {
    double want_a = i % 3 == 0 ? (double)(i % 10) : 2.0 * (i % 10) + 1.0;
    long want_b = i % 13;
    if (i % 2 == (n - 1) % 2 && want_b % 7 != 0)
      want_b += i;
    errors += a[i] != want_a;
    errors += b[i] != want_b;
    sa += a[i];
    sb += b[i];
    if (i < n / 10 * 10 && v[i] % 5 != 0)
      want_s += v[i];
  }
  long *w = (long *)malloc(n * sizeof(long));
  for (int i = 0; i < n; i++)
    w[i] = (i * 29) % 97;
  long ws = wide_sum(w, n), want_ws = 0, want_wt = 0;
  for (long i = 0; i < n; i++) {
    long k = 5000000000L + 3 * i;
    if (w[i] % 4 != 0)
      want_ws += w[i] + k % 7;
    if (i < n / 10 * 10)
      want_wt += w[i] * ((5000000000L - i / 10) % 5 + i % 10);
  }
  errors += ws != want_ws + 3 * want_wt;
  free(w);
  int want_x = 2 * v[n - 1] + (v[n - 1] % 2 == 0);
  errors += s != want_s;
  errors += x != want_x;
  printf("one_pass: n=%d scale=%.1f odd_down=%ld grid_sum=%ld last=%d wide=%ld "
         "errors=%d\n",
         n, sa, sb, s, x, ws, errors);
  free(a);
  free(b);
  free(v);
  return errors;
}

int main(void) {
  int errors = run(50) + run(1000);
  fprintf(stderr, "one_pass: ran on %s\n", ran_on_device() ? "device" : "host");
  return errors != 0;
}
