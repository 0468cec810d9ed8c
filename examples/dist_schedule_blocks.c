// dist_schedule(static) without a chunk: the distribute loop's iterations
// are divided into chunks of about equal size, at most one per team, in
// team order (OpenMP 5.2 §11.6.1). Each iteration records the team that ran
// it, and the program checks the division: every iteration once, the
// team numbers never decreasing along the loop (so each team's iterations
// are one contiguous block, in team order), every team of the league with
// a block, and block sizes that differ by at most one. A distribute loop
// nested in team-master code (the SPMD form), one in the control-loop
// form (team-master code around it with a parallel region after it), the
// region's own distribute loop with a nested parallel region, a collapsed
// nest and a loop counting down by 3, and one in a called function; trip
// counts the teams do not divide and one smaller than the team count. It
// prints what it found (the number of teams may differ between the host and
// the device). stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 103
#define SMALL 3
#define ROWS 7
#define COLS 5
#define TEAMS 4

static int check(const char *what, const int *team, int n, int nt) {
  int ok = nt >= 1, size[64] = {0};
  for (int i = 0; i < n && ok; ++i) {
    ok = team[i] >= 0 && team[i] < nt && team[i] < 64 &&
         (i == 0 || team[i] >= team[i - 1]);
    if (ok)
      ++size[team[i]];
  }
  int lo = n, hi = 0;
  for (int t = 0; ok && t < nt && t < 64; ++t) {
    lo = size[t] < lo ? size[t] : lo;
    hi = size[t] > hi ? size[t] : hi;
  }
  // n < nt leaves nt - n teams with none: the others one each.
  ok = ok && hi - lo <= 1;
  printf("%s: %s\n", what, ok ? "one block per team, in order, sizes within one"
                              : "WRONG division");
  return !ok;
}

#pragma omp declare target
void called_blocks(int *team, int n) {
#pragma omp distribute dist_schedule(static)
  for (int i = 0; i < n; ++i)
    team[i] = omp_get_team_num();
}
#pragma omp end declare target

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  static int a[N], b[N], c[N], d[ROWS * COLS], e[N], f[N], s[SMALL];
  int nt[7] = {0}, errors = 0, hits[TEAMS] = {0};
  for (int i = 0; i < N; ++i)
    a[i] = b[i] = c[i] = e[i] = f[i] = -1;

  // Nested in team-master code.
#pragma omp target teams num_teams(TEAMS) map(tofrom: a, nt)
  {
    if (omp_get_team_num() == 0)
      nt[0] = omp_get_num_teams();
#pragma omp distribute dist_schedule(static)
    for (int i = 0; i < N; ++i)
      a[i] = omp_get_team_num();
  }
  errors += check("nested distribute", a, N, nt[0]);

  // Team-master code around it and a parallel region after it.
#pragma omp target teams num_teams(TEAMS) thread_limit(64) map(tofrom: b, nt, hits)
  {
    int t = omp_get_team_num();
    if (t == 0)
      nt[1] = omp_get_num_teams();
#pragma omp distribute dist_schedule(static)
    for (int i = 0; i < N; ++i)
      b[i] = t;
#pragma omp parallel num_threads(32)
    {
      if (omp_get_thread_num() == 0 && t < TEAMS)
        hits[t] = 1;
    }
  }
  errors += check("distribute beside parallel", b, N, nt[1]);

  // The region's own distribute loop, with a nested parallel region.
#pragma omp target teams distribute num_teams(TEAMS) dist_schedule(static) \
    map(tofrom: c, nt)
  for (int i = 0; i < N; ++i) {
    if (i == 0)
      nt[2] = omp_get_num_teams();
#pragma omp parallel for
    for (int j = 0; j < 1; ++j)
      c[i] = omp_get_team_num();
  }
  errors += check("teams distribute with parallel", c, N, nt[2]);

  // A collapsed nest, and a loop counting down by 3.
#pragma omp target teams num_teams(TEAMS) map(tofrom: d, e, nt)
  {
    if (omp_get_team_num() == 0)
      nt[3] = omp_get_num_teams();
#pragma omp distribute collapse(2) dist_schedule(static)
    for (int r = 0; r < ROWS; ++r)
      for (int k = 0; k < COLS; ++k)
        d[r * COLS + k] = omp_get_team_num();
#pragma omp distribute dist_schedule(static)
    for (int i = N - 1; i >= 0; i -= 3)
      e[(N - 1 - i) / 3] = omp_get_team_num();
  }
  errors += check("collapse(2)", d, ROWS * COLS, nt[3]);
  errors += check("counting down by 3", e, (N + 2) / 3, nt[3]);

  // In a called function (orphaned), and fewer iterations than teams.
#pragma omp target teams num_teams(TEAMS) map(tofrom: f, s, nt)
  {
    if (omp_get_team_num() == 0)
      nt[4] = omp_get_num_teams();
    called_blocks(f, N);
    called_blocks(s, SMALL);
  }
  errors += check("called function", f, N, nt[4]);
  errors += check("fewer iterations than teams", s, SMALL, nt[4]);

  printf("%s\n", errors ? "FAILED" : "ok");
  fprintf(stderr, "dist_schedule_blocks: ran on %s\n",
          ran_on_device() ? "the device" : "the host");
  return errors != 0;
}
