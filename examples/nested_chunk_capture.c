// A chunk size that only a nested construct's schedule clause names (task
// b19): clang keeps such a clause expression in an implicit variable, and
// the kernel must still take the user's variables it reads. The SPMD form
// (a distribute loop in team-master code around a parallel for), a target
// teams distribute whose loop holds a parallel for with a chunk computed
// from two variables, and the control loop (team-master code that decides
// on mapped data whether to run the parallel loop again).
// Every loop records which thread ran each iteration and how many there
// were, and the program checks the thread against the chunks of the chunk
// size (OpenMP 5.2 §11.5.3) with the count each run saw (libomp may form
// fewer threads than the block has). stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 23
#define R 3

static int val[R][N], thr[R][N], nthr[R][N];

static int check(const char *what, int r, int c) {
  for (int i = 0; i < N; ++i)
    if (nthr[r][i] < 1 || thr[r][i] != (i / c) % nthr[r][i]) {
      printf("%s: WRONG at %d: thread %d of %d\n", what, i, thr[r][i],
             nthr[r][i]);
      return 1;
    }
  printf("%s: ok\n", what);
  return 0;
}

int main(int argc, char **argv) {
  (void)argv;
  int c = argc + 2, d = argc, e = argc + 1; // 3, 1 and 2 at run time
  int on_device = 0, bad = 0;

  // 1. SPMD: only the nested parallel for names c.
#pragma omp target teams num_teams(2) map(tofrom: val, thr, nthr, on_device)
  {
#pragma omp distribute
    for (int r = 0; r < 2; ++r) {
#pragma omp parallel for schedule(static, c)
      for (int i = 0; i < N; ++i) {
        if (r == 0 && i == 0)
          on_device = !omp_is_initial_device();
        val[r][i] = 10 * r + i;
        thr[r][i] = omp_get_thread_num();
        nthr[r][i] = omp_get_num_threads();
      }
    }
  }
  bad |= check("distribute / parallel for schedule(static, c)", 0, c);
  bad |= check("distribute / parallel for schedule(static, c), row 1", 1, c);

  // 2. target teams distribute around a chunk of d + e.
#pragma omp target teams distribute num_teams(2) map(tofrom: val, thr, nthr)
  for (int r = 2; r < 3; ++r) {
#pragma omp parallel for schedule(static, d + e)
    for (int i = 0; i < N; ++i) {
      val[r][i] = 100 * r + i;
      thr[r][i] = omp_get_thread_num();
      nthr[r][i] = omp_get_num_threads();
    }
  }
  bad |= check("teams distribute / parallel for schedule(static, d + e)", 2,
               d + e);

  // 3. control loop: the team master decides on mapped data.
  int trace[1] = {0};
#pragma omp target teams num_teams(1) map(tofrom: val, thr, nthr, trace)
  {
    while (trace[0] < 2) {
      trace[0] += 1;
#pragma omp parallel for schedule(static, e)
      for (int i = 0; i < N; ++i) {
        val[0][i] += trace[0];
        thr[0][i] = omp_get_thread_num();
        nthr[0][i] = omp_get_num_threads();
      }
    }
  }
  bad |= check("control loop / parallel for schedule(static, e)", 0, e);
  printf("control loop: trace %d\n", trace[0]);

  long sum = 0;
  for (int r = 0; r < R; ++r)
    for (int i = 0; i < N; ++i)
      sum += (long)val[r][i] * (r + 1) * (i + 1);
  printf("values: %ld\n", sum);
  fprintf(stderr, "ran on the %s\n", on_device ? "device" : "host");
  printf("%s\n", bad ? "FAILED" : "all chunks as OpenMP deals them");
  return bad;
}
