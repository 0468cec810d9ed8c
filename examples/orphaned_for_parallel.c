// Orphaned worksharing `for` loops in functions that parallel regions of
// target regions call: each loop binds to the calling parallel region,
// whose threads share its iterations (schedule(static): one contiguous
// block per thread, in thread order; static with a chunk: chunks dealt in
// turn; any other schedule as the implementation chooses) and meet at its
// closing barrier unless nowait (reduction and lastprivate: the examples
// orphaned_for_reduction and orphaned_for_lastprivate, whose static locals
// gcc refuses). The calls are in `target parallel` and in a parallel region nested in team-master code of
// `target teams` (two teams: each runs its own loop); the host calls one of
// them from a host parallel region. Each iteration records who ran it, and the
// program checks the division for the team size it saw, so the output is
// the same for any team size. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 1001
#define TEAMS 2

#pragma omp declare target
// Iteration i records thread number * 1000 + team size.
void blocks(int *who, int *a, int n) {
#pragma omp for schedule(static)
  for (int i = 0; i < n; ++i) {
    who[i] = omp_get_thread_num() * 1000 + omp_get_num_threads();
    a[i] += i;
  }
}

void chunks(int *who, int *a, int n) {
#pragma omp for schedule(static, 3)
  for (int i = 0; i < n; ++i) {
    who[i] = omp_get_thread_num() * 1000 + omp_get_num_threads();
    a[i] += 2 * i;
  }
}

// The first loop's barrier lets the second read what other threads wrote.
void reverse(int *a, int *b, int n) {
#pragma omp for schedule(dynamic, 5)
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#pragma omp for nowait
  for (int i = 0; i < n; ++i)
    b[i] = a[n - 1 - i];
}

#pragma omp end declare target

// The thread of each iteration under schedule(static) (blocks, the first
// n % t one longer) or schedule(static, c) (chunks in turn).
static int blockOwner(int i, int n, int t) {
  int q = n / t, r = n % t;
  return i < r * (q + 1) ? i / (q + 1) : r + (i - r * (q + 1)) / q;
}

// Iterations not run by the thread the schedule gives them (Chunk 0:
// blocks), or whose team size differs from the first one's.
static int wrongOwners(const int *who, int n, int chunk) {
  int t = who[0] % 1000, bad = 0;
  for (int i = 0; i < n; ++i) {
    int want = chunk ? (i / chunk) % t : blockOwner(i, n, t);
    bad += who[i] % 1000 != t || who[i] / 1000 != want;
  }
  return bad;
}

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  static int a[N], b[N], who[N], whoT[TEAMS * N], aT[TEAMS * N], h[N];
  int errors = 0;

#pragma omp target parallel num_threads(8) map(tofrom: a, b, who)
  {
    blocks(who, a, N);
    reverse(a, b, N);
  }
  int bad = wrongOwners(who, N, 0), vals = 0;
  for (int i = 0; i < N; ++i)
    vals += a[i] != i + 1 || b[i] != N - i;
  printf("blocks: %d iterations on the wrong thread, %d wrong values\n", bad,
         vals);
  errors += bad != 0 || vals != 0;

  // Each team's parallel region shares its own loop.
#pragma omp target teams num_teams(TEAMS) thread_limit(64) \
    map(tofrom: whoT, aT)
  {
    int team = omp_get_team_num();
#pragma omp parallel
    chunks(whoT + team * N, aT + team * N, N);
  }
  int teamBad = 0;
  for (int team = 0; team < TEAMS; ++team) {
    teamBad += wrongOwners(whoT + team * N, N, 3);
    for (int i = 0; i < N; ++i)
      teamBad += aT[team * N + i] != 2 * i;
  }
  printf("chunks: %d wrong iterations over %d teams\n", teamBad, TEAMS);
  errors += teamBad != 0;

  // The host's own parallel region keeps the pragma.
#pragma omp parallel num_threads(3)
  blocks(who, h, N);
  bad = wrongOwners(who, N, 0);
  for (int i = 0; i < N; ++i)
    bad += h[i] != i;
  printf("host: %d wrong iterations\n", bad);
  errors += bad != 0;

  printf("%s\n", errors ? "FAILED" : "ok");
  fprintf(stderr, "orphaned_for_parallel: ran on %s\n",
          ran_on_device() ? "the device" : "the host");
  return errors;
}
