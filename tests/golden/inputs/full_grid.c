// omp2cuda-options: --full-grid
// --full-grid (issue 11): num_teams(2) thread_limit(32) caps the grid at 64
// threads, so 5000 iterations run the grid-stride kernel; with --full-grid
// the loops that cannot tell how many teams ran them get a thread per
// iteration instead (the one-pass kernel). LULESH's num_teams(128)
// thread_limit(64) kernels are of this kind. The loops that can tell (a
// team query, a firstprivate each thread carries from one iteration to the
// next, a floating-point reduction) keep their teams. Every result is the
// same either way: exact checksums, as the host build prints them.
// stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 5000

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

static int team(void) { return omp_get_team_num(); }

int main(void) {
  static double a[N], b[N];
  static int c[N];
  for (int i = 0; i < N; i++) {
    a[i] = i % 17;
    c[i] = i % 5;
  }
  double w = 0.5;
  double t[3] = {1.0, 2.0, 3.0};
  long isum = 0;
  double fsum = 0;
  int last = -1, count = 0, teams_ok = 1;
#pragma omp target data map(to: a, c) map(from: b)
  {
    /* Full grid: firstprivate scalar and array, only read. */
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(32) firstprivate(w, t)
    for (int i = 0; i < N; i++)
      b[i] = w * a[i] + t[i % 3];
    /* Full grid: an integer sum and a lastprivate. */
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(32) reduction(+: isum) lastprivate(last)
    for (int i = 0; i < N; i++) {
      isum += c[i] * (i % 7);
      last = c[i] + i;
    }
    /* Kept: a team query (its answer is below num_teams). */
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(32) reduction(&&: teams_ok)
    for (int i = 0; i < N; i++)
      teams_ok = teams_ok && team() < 2;
    /* Kept: a floating-point sum (exact here, not in general). */
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(32) reduction(+: fsum)
    for (int i = 0; i < N; i++)
      fsum += a[i];
    /* Kept: each thread counts its own iterations in its firstprivate. */
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(32) firstprivate(count) reduction(+: isum)
    for (int i = 0; i < N; i++) {
      count++;
      isum += count > 0;
    }
  }
  double bsum = 0;
  for (int i = 0; i < N; i++)
    bsum += b[i];
  printf("bsum %.1f isum %ld last %d teams_ok %d fsum %.1f\n", bsum, isum,
         last, teams_ok, fsum);
  fprintf(stderr, "ran on %s\n", ran_on_device() ? "the device" : "the host");
  return 0;
}
