// dist_schedule(static, C) on a combined distribute parallel for, and
// schedule(static, c) inside dist_schedule(static)'s blocks: team t takes
// the distribute chunks t, t + T, t + 2T, ... of C iterations each (T
// teams; without a chunk, one block each, the first trip % T one longer),
// and the loop's threads divide each chunk on their own by the for's
// schedule: one block each without a chunk (or without a schedule clause,
// as gcc and libomp do), chunks of c in turn with schedule(static, c)
// (OpenMP 5.2 §11.5.3, §11.6.1). Every loop records which team and thread
// ran each iteration and how many there were, and the program checks the
// recorded ids against that division: trip counts that nothing divides,
// num_teams and thread_limit literal and evaluated at run time, chunks of
// 1, chunks larger than the loop, a chunk exactly the thread_limit, a
// reduction and lastprivate, a collapsed nest, a loop counting down, a
// target nowait, and a firstprivate variable the loop assigns, which each
// distribute chunk's threads start from its value on entry (each chunk is a
// parallel region of its own, as gcc and libomp run it). It prints one line per loop and a checksum of the values
// the loops computed (the number of teams and threads may differ between
// the host and the device; the division is checked against the numbers
// each run saw). stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 103
#define ROWS 7
#define COLS 11

static int team[N], thr[N], nteams[N], nthr[N], ran[N];

static void reset(void) {
  for (int i = 0; i < N; ++i)
    team[i] = thr[i] = nteams[i] = nthr[i] = -1, ran[i] = 0;
}

/// Block b of B over n iterations: [*lo, *lo + *len).
static void block(int n, int b, int B, int *lo, int *len) {
  int q = n / B, r = n % B;
  *lo = b * q + (b < r ? b : r);
  *len = q + (b < r);
}

/// Whether the k-th iteration of n (in the loop's order) ran where the
/// schedules put it: Dist > 0, the team's chunks of Dist in turn, else the
/// team's block; then, Sched > 0, the thread's chunks of Sched of the
/// team's chunk (or block) in turn, else the thread's block of it.
static int placed(int k, int n, int Dist, int Sched) {
  int nt = nteams[k], t = team[k], th = thr[k], nth = nthr[k], lo, len;
  if (ran[k] != 1 || nt < 1 || t < 0 || t >= nt || nth < 1 || th < 0 ||
      th >= nth)
    return 0;
  if (Dist > 0) {
    if ((k / Dist) % nt != t)
      return 0;
    lo = k / Dist * Dist;
    len = n - lo < Dist ? n - lo : Dist;
  } else {
    block(n, t, nt, &lo, &len);
    if (k < lo || k >= lo + len)
      return 0;
  }
  if (Sched > 0)
    return (k - lo) / Sched % nth == th;
  int tlo, tlen;
  block(len, th, nth, &tlo, &tlen);
  return k >= lo + tlo && k < lo + tlo + tlen;
}

static int report(const char *what, int n, int Dist, int Sched) {
  int bad = 0;
  for (int k = 0; k < n; ++k)
    bad += !placed(k, n, Dist, Sched);
  printf("%s: %s\n", what,
         bad ? "WRONG division" : "chunks as the schedules say");
  return bad != 0;
}

static unsigned long long sum;

static void add(long long v) { sum = sum * 31 + (unsigned long long)v; }

#define RECORD(k)                                                          \
  do {                                                                     \
    team[k] = omp_get_team_num();                                          \
    thr[k] = omp_get_thread_num();                                         \
    nteams[k] = omp_get_num_teams();                                       \
    nthr[k] = omp_get_num_threads();                                       \
    ran[k] += 1;                                                           \
  } while (0)

#define MAPS map(tofrom : team, thr, nteams, nthr, ran)

static int literal(void) {
  int errors = 0;
  reset();
  // The wrong answer of issue 9: each team a block's worth of its threads'
  // iterations at a time (emu 00001111..., gcc 0000000011111111...).
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(4) \
    dist_schedule(static, 8) MAPS
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("dist_schedule(static, 8)", N, 8, 0);

  reset();
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(8) \
    dist_schedule(static, 5) schedule(static) MAPS
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("dist_schedule(static, 5) schedule(static)", N, 5, 0);

  reset();
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(4) \
    dist_schedule(static, 7) schedule(static, 1) MAPS
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("dist_schedule(static, 7) schedule(static, 1)", N, 7, 1);

  reset();
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(4) \
    dist_schedule(static, 10) schedule(static, 3) MAPS
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("dist_schedule(static, 10) schedule(static, 3)", N, 10, 3);

  reset();
#pragma omp target teams distribute parallel for num_teams(4) thread_limit(3) \
    dist_schedule(static, 1) MAPS
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("dist_schedule(static, 1)", N, 1, 0);

  reset();
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(4) \
    dist_schedule(static, 500) schedule(static, 2) MAPS
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("a chunk larger than the loop", N, 500, 2);

  reset();
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(4) \
    dist_schedule(static, 4) schedule(static, 2) MAPS
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("the thread_limit chunk, schedule(static, 2)", N, 4, 2);

  reset();
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(4) \
    dist_schedule(static) schedule(static, 3) MAPS
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("dist_schedule(static) schedule(static, 3)", N, 0, 3);

  reset();
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(8) \
    dist_schedule(static) schedule(static, 40) MAPS
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("a schedule chunk larger than the team's block", N, 0, 40);
  return errors;
}

static int runtime(int teams, int threads, int dist, int sched) {
  int errors = 0;
  reset();
#pragma omp target teams distribute parallel for num_teams(teams) \
    thread_limit(threads) dist_schedule(static, dist) schedule(static, sched) \
    MAPS
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("run-time clauses", N, dist, sched);

  reset();
#pragma omp target teams distribute parallel for num_teams(teams) \
    thread_limit(threads) dist_schedule(static, dist) MAPS
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("run-time dist_schedule chunk", N, dist, 0);

  reset();
#pragma omp target teams distribute parallel for num_teams(teams) \
    thread_limit(threads) dist_schedule(static) schedule(static, sched) MAPS
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("run-time schedule chunk in blocks", N, 0, sched);

  // Counting down: the k-th iteration is i = N - 1 - k.
  reset();
#pragma omp target teams distribute parallel for num_teams(teams) \
    thread_limit(threads) dist_schedule(static, dist) schedule(static, sched) \
    MAPS
  for (int i = N - 1; i >= 0; --i)
    RECORD(N - 1 - i);
  errors += report("a loop counting down", N, dist, sched);
  return errors;
}

static int clauses(void) {
  int errors = 0;
  long long total = 0;
  int last = -1;
  reset();
  // A reduction and lastprivate beside the recorded division.
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(4) \
    dist_schedule(static, 6) schedule(static, 2) reduction(+ : total) \
    lastprivate(last) MAPS
  for (int i = 0; i < N; ++i) {
    RECORD(i);
    total += (long long)i * omp_get_team_num();
    last = i;
  }
  errors += report("reduction and lastprivate", N, 6, 2);
  long long expect = 0;
  for (int i = 0; i < N; ++i)
    expect += (long long)i * team[i];
  printf("reduction %s, lastprivate %d\n",
         total == expect ? "matches the teams" : "WRONG", last);
  add(total == expect);
  add(last);

  // A collapsed nest: its iterations in row-major order.
  reset();
#pragma omp target teams distribute parallel for collapse(2) num_teams(2) \
    thread_limit(4) dist_schedule(static, 9) schedule(static, 2) MAPS
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < COLS; ++c)
      RECORD(r * COLS + c);
  errors += report("collapse(2)", ROWS * COLS, 9, 2);

  // target nowait: the region runs as a deferred task.
  reset();
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(4) \
    dist_schedule(static, 3) nowait MAPS
  for (int i = 0; i < N; ++i)
    RECORD(i);
#pragma omp taskwait
  errors += report("target nowait", N, 3, 0);
  return errors;
}

static int prev[N];

/// Whether each iteration saw, in prev, the iteration its thread ran last
/// in the same distribute chunk of Dist, or -1 at the thread's first one
/// there: each chunk is a parallel region of its own, whose threads start
/// from the firstprivate value on entry (gcc, libomp).
static int carried_ok(int Dist) {
  for (int i = 0; i < N; ++i) {
    int j = i - 1;
    while (j >= 0 && j / Dist == i / Dist &&
           !(team[j] == team[i] && thr[j] == thr[i]))
      --j;
    int expect = j >= 0 && j / Dist == i / Dist ? j : -1;
    if (prev[i] != expect)
      return 0;
  }
  return 1;
}

static int firstprivates(void) {
  int errors = 0, last = -1;
  reset();
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(2) \
    dist_schedule(static, 6) firstprivate(last) map(from : prev) MAPS
  for (int i = 0; i < N; ++i) {
    RECORD(i);
    prev[i] = last;
    last = i;
  }
  errors += report("a firstprivate carried", N, 6, 0);
  int ok = carried_ok(6);
  // The thread_limit chunk: each thread one iteration of each chunk.
  reset();
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(2) \
    dist_schedule(static, 2) firstprivate(last) map(from : prev) MAPS
  for (int i = 0; i < N; ++i) {
    RECORD(i);
    prev[i] = last;
    last = i;
  }
  errors += report("a firstprivate carried, the thread_limit chunk", N, 2, 0);
  ok = ok && carried_ok(2);
  printf("firstprivate: %s\n",
         ok ? "each chunk starts from the value on entry" : "WRONG");
  return errors + !ok;
}

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom : on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(int argc, char **argv) {
  (void)argv;
  int errors = literal();
  // Values the compiler cannot see: 3 teams of 5 threads, chunks of 6 and 2.
  errors += runtime(2 + argc, 4 + argc, 5 + argc, 1 + argc);
  errors += clauses();
  errors += firstprivates();
  for (int i = 0; i < N; ++i)
    add(ran[i]);
  printf("checksum %llu\n%s\n", sum,
         errors ? "FAILED" : "all divisions as the schedules say");
  fprintf(stderr, "dist_schedule_chunks: ran on %s\n",
          ran_on_device() ? "the device" : "the host");
  return errors != 0;
}
