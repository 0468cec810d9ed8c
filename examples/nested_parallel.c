// Nested parallel regions inside target regions (docs/nested-parallel.md):
// a `parallel` (or `parallel for`) met by a thread of a parallel region,
// or in a worksharing loop's body, runs on that thread alone, a team of
// one, as GCC's and LLVM's runtimes run it by default (max-active-levels
// 1). Its `for` runs all iterations, `barrier` waits for no one, `single`
// and `master` run; omp_get_thread_num() is 0, omp_get_num_threads() 1,
// omp_get_level() one more than outside; reductions fold into the thread's
// own variable, or atomically into a mapped one that every thread of the
// outer team folds into. num_threads, if and proc_bind change nothing.
// The values are integers. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 64
#define OUTER 8

int main(void) {
  int on_device = 0, bad = 0;
  int threads_seen = 0, masters = 0, singles = 0, loops = 0;
  int level = 0, inner_level = 0, deep_level = 0, active = 0, in_par = 0;
  int tid = -1, deep_threads = 0;
  long total = 0;
  int mine_of[OUTER], rows[OUTER][N];

  /* 1. parallel regions nested in a parallel region. */
#pragma omp target parallel num_threads(OUTER) map(from: mine_of, rows)    \
    map(tofrom: on_device, bad, threads_seen, masters, singles, loops,     \
            level, inner_level, deep_level, active, in_par, tid, total,    \
            deep_threads)
  {
    int me = omp_get_thread_num();
    int mine = 0;
    if (me == 0) {
      on_device = !omp_is_initial_device();
      level = omp_get_level();
    }
    /* The thread's own reduction; num_threads and if change nothing. */
#pragma omp parallel for reduction(+ : mine) num_threads(4) if (me >= 0)
    for (int i = 0; i < N; ++i)
      mine += i + me;
    mine_of[me] = mine;
    /* A reduction into a mapped scalar the outer team shares (folded
       atomically; one thread here, or the host's fold would race). */
    if (me == OUTER - 1) {
#pragma omp parallel for reduction(+ : total)
      for (int i = 0; i < N; ++i)
        total += i;
    }
#pragma omp parallel num_threads(3) proc_bind(close)
    {
      int t = omp_get_thread_num(), n = omp_get_num_threads();
#pragma omp atomic update
      threads_seen += n;
      if (t != 0)
#pragma omp atomic write
        bad = 1;
      if (me == 0) {
        inner_level = omp_get_level();
        active = omp_get_active_level();
        in_par = omp_in_parallel();
        tid = t;
      }
#pragma omp for
      for (int i = 0; i < N; ++i)
        rows[me][i] = 100 * me + i;
#pragma omp barrier
#pragma omp single
      {
#pragma omp atomic update
        ++singles;
      }
#pragma omp master
      {
#pragma omp atomic update
        ++masters;
      }
      /* Two levels down. */
#pragma omp parallel
      {
#pragma omp for
        for (int i = 0; i < 4; ++i) {
#pragma omp atomic update
          ++loops;
        }
        int dn = omp_get_num_threads();
        if (me == 0)
          deep_level = omp_get_level();
#pragma omp atomic update
        deep_threads += dn;
      }
    }
  }
  printf("1. level %d inner %d deep %d active %d in_parallel %d tid %d\n",
         level, inner_level, deep_level, active, in_par, tid);
  printf("1. threads seen %d deep %d singles %d masters %d loops %d bad %d\n",
         threads_seen, deep_threads, singles, masters, loops, bad);
  printf("1. total %ld\n", total);
  for (int t = 0; t < OUTER; ++t)
    printf("1. thread %d: mine %d row[%d] %d\n", t, mine_of[t], N - 1,
           rows[t][N - 1]);

  /* 2. parallel for in a worksharing loop's body, in teams: its loop
     variable declared outside the loop, private and firstprivate copies. */
  int sums[2][8], kept[2][8];
#pragma omp target teams num_teams(2) thread_limit(16)                      \
    map(from: sums, kept)
  {
    int team = omp_get_team_num();
#pragma omp parallel
    {
#pragma omp for
      for (int r = 0; r < 8; ++r) {
        int acc = 0, k = -1, scratch = 5, base = r;
#pragma omp parallel for reduction(+ : acc) private(scratch)             \
    firstprivate(base)
        for (k = 0; k < N; ++k) {
          scratch = k % 3;
          base += 1;
          acc += r * k + scratch;
        }
        sums[team][r] = acc;
        kept[team][r] = scratch * 1000 + base * 10 + (k == -1);
      }
    }
  }
  for (int t = 0; t < 2; ++t)
    for (int r = 0; r < 8; r += 3)
      printf("2. team %d row %d: sum %d kept %d\n", t, r, sums[t][r],
             kept[t][r]);

  /* 3. parallel for in the loop body of a combined construct. */
  int grid[32], lv[32];
#pragma omp target teams distribute parallel for map(from: grid, lv)
  for (int i = 0; i < 32; ++i) {
    int acc = 0;
#pragma omp parallel for reduction(+ : acc)
    for (int j = 0; j < 4; ++j)
      acc += i * j + omp_get_thread_num();
    grid[i] = acc;
#pragma omp parallel
    lv[i] = omp_get_level() * 10 + omp_get_num_threads();
  }
  for (int i = 0; i < 32; i += 10)
    printf("3. iteration %d: %d, level and threads %d\n", i, grid[i], lv[i]);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
