// schedule(static) and dist_schedule(static) without a chunk: each thread
// of a team (each team of the league) gets at most one contiguous block of
// the iterations, of sizes that differ by at most one, in thread (team)
// order (OpenMP 5.2 §11.5.3, §11.6.1); gcc, clang's libomp and its device
// runtime give the first trip % count of them one iteration more. Every
// loop records which team and thread ran each iteration and how many there
// were, and the program checks the recorded ids against that division:
// combined constructs (both clauses, either one, with schedule(static, 1)
// inside the teams' blocks, target teams distribute, target parallel for),
// a by-value variable carried from one iteration of a thread to its next,
// a collapsed nest and a loop counting down by 3, bounds next to INT_MAX,
// UINT_MAX and LLONG_MAX, no num_teams clause, and worksharing loops nested
// in target regions (the SPMD form, the control loop, an ordered loop, a
// nested distribute parallel for). It
// prints one line per loop and a checksum of the values the loops computed
// (the number of teams and threads may differ between the host and the
// device; the division is checked against the numbers each run saw).
// stderr says where it ran.
#include <limits.h>
#include <omp.h>
#include <stdio.h>

#define N 103
#define BIG 1000
#define ROWS 7
#define COLS 5

static int team[BIG], thr[BIG], nteams[BIG], nthr[BIG];
static long long val[BIG];

static void reset(void) {
  for (int i = 0; i < BIG; ++i)
    team[i] = thr[i] = nteams[i] = nthr[i] = -1;
}

/// Block b of B over n iterations: [*lo, *lo + *len).
static void block(int n, int b, int B, int *lo, int *len) {
  int q = n / B, r = n % B;
  *lo = b * q + (b < r ? b : r);
  *len = q + (b < r);
}

/// Whether iteration i of n ran where the division puts it: the team's
/// block (or every team, Teams 0), then the thread's block of the team's
/// (or, Cyclic, every team-count-th iteration of it).
static int placed(int i, int n, int Teams, int Cyclic) {
  int nt = nteams[i], t = team[i], th = thr[i], lo = 0, len = n;
  if (nt < 1 || t < 0 || t >= nt || nthr[i] < 1 || th < 0 || th >= nthr[i])
    return 0;
  if (Teams)
    block(n, t, nt, &lo, &len);
  if (i < lo || i >= lo + len)
    return 0;
  if (Cyclic)
    return (i - lo) % nthr[i] == th;
  int tlo, tlen;
  block(len, th, nthr[i], &tlo, &tlen);
  return i >= lo + tlo && i < lo + tlo + tlen;
}

static int report(const char *what, int n, int Teams, int Cyclic) {
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += !placed(i, n, Teams, Cyclic);
  printf("%s: %s\n", what,
         bad ? "WRONG division" : "blocks as the schedule says");
  return bad != 0;
}

static unsigned long long sum;

static void add(long long v) { sum = sum * 31 + (unsigned long long)v; }

#define RECORD(i)                                                          \
  do {                                                                     \
    team[i] = omp_get_team_num();                                          \
    thr[i] = omp_get_thread_num();                                         \
    nteams[i] = omp_get_num_teams();                                       \
    nthr[i] = omp_get_num_threads();                                       \
  } while (0)

static int combined(void) {
  int errors = 0;
  reset();
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(8) \
    dist_schedule(static) schedule(static) map(tofrom: team, thr, nteams, nthr)
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("both clauses", N, 1, 0);

  reset();
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(16) \
    schedule(static) map(tofrom: team, thr, nteams, nthr)
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("schedule(static)", N, 1, 0);

  reset();
#pragma omp target teams distribute parallel for num_teams(4) thread_limit(8) \
    dist_schedule(static) map(tofrom: team, thr, nteams, nthr)
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("dist_schedule(static)", N, 1, 0);

  reset();
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(8) \
    dist_schedule(static) schedule(static, 1) map(tofrom: team, thr, nteams, nthr)
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("dist_schedule(static) schedule(static, 1)", N, 1, 1);

  reset();
#pragma omp target teams distribute num_teams(5) dist_schedule(static) \
    map(tofrom: team, thr, nteams, nthr)
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("target teams distribute", N, 1, 0);

  reset();
#pragma omp target parallel for num_threads(6) schedule(static) \
    map(tofrom: team, thr, nteams, nthr)
  for (int i = 0; i < N; ++i)
    RECORD(i);
  errors += report("target parallel for", N, 0, 0);

  // No num_teams: as many teams as the implementation likes.
  reset();
#pragma omp target teams distribute parallel for schedule(static) \
    map(tofrom: team, thr, nteams, nthr)
  for (int i = 0; i < BIG; ++i)
    RECORD(i);
  errors += report("no num_teams", BIG, 1, 0);
  return errors;
}

static int carried(void) {
  // Each thread's copy of prev carries its last iteration into its next:
  // within a block, the iteration before; at a block's start, -1.
  long long prev = -1;
  reset();
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(4) \
    schedule(static) firstprivate(prev) map(tofrom: team, thr, nteams, nthr, val)
  for (int i = 0; i < N; ++i) {
    RECORD(i);
    val[i] = prev;
    prev = i;
  }
  int errors = report("firstprivate carried", N, 1, 0), bad = 0;
  for (int i = 0; i < N; ++i) {
    int first = i == 0 || team[i] != team[i - 1] || thr[i] != thr[i - 1];
    bad += val[i] != (first ? -1 : i - 1);
  }
  printf("firstprivate carried: %s\n", bad ? "WRONG values" : "each block in order");
  return errors + (bad != 0);
}

static int shapes(void) {
  int errors = 0;
  reset();
#pragma omp target teams distribute parallel for collapse(2) num_teams(2) \
    thread_limit(4) dist_schedule(static) schedule(static) \
    map(tofrom: team, thr, nteams, nthr, val)
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < COLS; ++c) {
      RECORD(r * COLS + c);
      val[r * COLS + c] = r * 100 + c;
    }
  errors += report("collapse(2)", ROWS * COLS, 1, 0);
  for (int i = 0; i < ROWS * COLS; ++i)
    add(val[i]);

  reset();
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(4) \
    schedule(static) map(tofrom: team, thr, nteams, nthr, val)
  for (int i = N - 1; i >= 0; i -= 3) {
    RECORD((N - 1 - i) / 3);
    val[(N - 1 - i) / 3] = i;
  }
  errors += report("counting down by 3", (N + 2) / 3, 1, 0);
  for (int i = 0; i < (N + 2) / 3; ++i)
    add(val[i]);
  return errors;
}

static int edges(void) {
  // The blocks' bounds near the type's maximum: no iteration outside the
  // range, every one once.
  int errors = 0, lo = INT_MAX - 40;
  reset();
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(4) \
    schedule(static) map(tofrom: team, thr, nteams, nthr)
  for (int i = lo; i < INT_MAX; ++i)
    RECORD(i - lo);
  errors += report("up to INT_MAX", 40, 1, 0);

  unsigned ulo = UINT_MAX - 30;
  reset();
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(8) \
    dist_schedule(static) map(tofrom: team, thr, nteams, nthr)
  for (unsigned u = ulo; u <= UINT_MAX - 1; ++u)
    RECORD(u - ulo);
  errors += report("up to UINT_MAX", 30, 1, 0);

  long long llo = LLONG_MAX - 50;
  reset();
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(4) \
    schedule(static) map(tofrom: team, thr, nteams, nthr)
  for (long long v = llo; v < LLONG_MAX; v += 2)
    RECORD((int)((v - llo) / 2));
  errors += report("up to LLONG_MAX by 2", 25, 1, 0);
  return errors;
}

static int nested(void) {
  int errors = 0;
  // The SPMD form: a worksharing loop in a parallel region.
  reset();
#pragma omp target parallel num_threads(7) map(tofrom: team, thr, nteams, nthr)
  {
#pragma omp for schedule(static)
    for (int i = 0; i < N; ++i)
      RECORD(i);
  }
  errors += report("nested for", N, 0, 0);

  // A distribute parallel for nested in a teams region.
  reset();
#pragma omp target teams num_teams(3) thread_limit(8) \
    map(tofrom: team, thr, nteams, nthr)
  {
#pragma omp distribute parallel for dist_schedule(static) schedule(static)
    for (int i = 0; i < N; ++i)
      RECORD(i);
  }
  errors += report("nested distribute parallel for", N, 1, 0);

  // The control loop: team-master code with side effects around it.
  reset();
  int count = 0;
#pragma omp target map(tofrom: team, thr, nteams, nthr, count)
  {
    count = 1;
#pragma omp parallel for schedule(static) num_threads(5)
    for (int i = 0; i < N; ++i)
      RECORD(i);
    count += 1;
  }
  errors += report("parallel for in the control loop", N, 0, 0);
  add(count);

  // ordered: the iterations' ordered regions still run in order.
  reset();
  int order[N], next = 0;
#pragma omp target parallel num_threads(4) \
    map(tofrom: team, thr, nteams, nthr, order, next)
  {
#pragma omp for schedule(static) ordered
    for (int i = 0; i < N; ++i) {
      RECORD(i);
#pragma omp ordered
      order[i] = next++;
    }
  }
  errors += report("ordered", N, 0, 0);
  for (int i = 0; i < N; ++i)
    add(order[i] - i);
  return errors;
}

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  int errors = combined() + carried() + shapes() + edges() + nested();
  printf("checksum %llu\n%s\n", sum, errors ? "FAILED" : "ok");
  fprintf(stderr, "static_schedule_blocks: ran on %s\n",
          ran_on_device() ? "the device" : "the host");
  return errors != 0;
}
