// schedule(static, c) and dist_schedule(static, C) on loops nested in
// general target regions (issue 9): the SPMD form (a distribute loop in
// team-master code with a parallel for inside it, a target parallel with
// worksharing loops), a target teams distribute whose loop holds a parallel
// for, and the control-loop form (team-master code that asks for its thread
// number). Chunks of c iterations go to the team's threads in turn, chunks
// of C to the teams in turn (OpenMP 5.2 §11.5.3, §11.6.1); a chunk the
// program computes at run time.
// Every loop records which team and thread ran each iteration and how many
// there were, and the program checks the ids against that division with the
// numbers each run saw; it prints one line per loop and the ids of a few
// loops whose division fixed num_teams and num_threads decide (clang-19's
// libomp may form fewer threads in a team than num_threads asks on a small
// machine; the checks hold for any count).
// stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 29
#define R 5

static int team[R][N], thr[R][N], nteams[R][N], nthr[R][N];

static void reset(void) {
  for (int r = 0; r < R; ++r)
    for (int i = 0; i < N; ++i)
      team[r][i] = thr[r][i] = nteams[r][i] = nthr[r][i] = -1;
}

// Row r, iterations 0..n-1: thread (i / c) % threads of team `t_of(i)`.
static int check_threads(const char *what, int r, int n, int c, int by_team,
                         int tc) {
  for (int i = 0; i < n; ++i) {
    int t = by_team ? (i / tc) % nteams[r][i] : 0;
    int h = nthr[r][i] > 0 ? (i / c) % nthr[r][i] : -2;
    if (team[r][i] != t || thr[r][i] != h) {
      printf("%s: WRONG at %d: team %d thread %d, expected %d %d\n", what, i,
             team[r][i], thr[r][i], t, h);
      return 1;
    }
  }
  printf("%s: ok\n", what);
  return 0;
}

static void ids(const char *what, int r) {
  printf("%s ids:", what);
  for (int i = 0; i < N; ++i)
    printf(" %d%d", team[r][i], thr[r][i]);
  printf("\n");
}

int main(int argc, char **argv) {
  (void)argv;
  int c = argc + 2; // 3, evaluated at run time
  int on_device = 0, bad = 0;

  // 1. SPMD: a distribute loop in team-master code (rows to the teams in
  //    turn) around a parallel for whose chunks of 4 go to the team's
  //    threads in turn.
  reset();
#pragma omp target teams num_teams(2) map(tofrom: team, thr, nteams, nthr)
  {
#pragma omp distribute dist_schedule(static, 1)
    for (int r = 0; r < R; ++r) {
#pragma omp parallel for num_threads(4) schedule(static, 4)
      for (int i = 0; i < N; ++i) {
        team[r][i] = omp_get_team_num();
        thr[r][i] = omp_get_thread_num();
        nteams[r][i] = omp_get_num_teams();
        nthr[r][i] = omp_get_num_threads();
      }
    }
  }
  for (int r = 0; r < R; ++r)
    if (team[r][0] != r % nteams[r][0]) {
      printf("distribute rows: WRONG at row %d: team %d\n", r, team[r][0]);
      bad = 1;
    }
  for (int r = 0; r < R; ++r)
    for (int i = 0; i < N; ++i)
      if (team[r][i] != team[r][0])
        bad = 1;
  bad |= check_threads("teams/distribute/parallel for schedule(static, 4)", 0,
                       N, 4, 0, 1);

  // 2. target parallel: worksharing loops with chunks of 2, of c (run
  //    time), of 0 (taken as 1), and a smaller team.
  reset();
#pragma omp target parallel num_threads(4) map(tofrom: team, thr, nteams, nthr)
  {
#pragma omp for schedule(static, 2)
    for (int i = 0; i < N; ++i) {
      team[0][i] = 0;
      thr[0][i] = omp_get_thread_num();
      nthr[0][i] = omp_get_num_threads();
    }
#pragma omp for schedule(static, c) nowait
    for (int i = 0; i < N; ++i) {
      team[1][i] = 0;
      thr[1][i] = omp_get_thread_num();
      nthr[1][i] = omp_get_num_threads();
    }
#pragma omp for simd schedule(static, 5)
    for (int i = 0; i < N; ++i) {
      team[3][i] = 0;
      thr[3][i] = omp_get_thread_num();
      nthr[3][i] = omp_get_num_threads();
    }
  }
  bad |= check_threads("parallel/for schedule(static, 2)", 0, N, 2, 0, 1);
  bad |= check_threads("parallel/for schedule(static, c)", 1, N, c, 0, 1);
  bad |= check_threads("parallel/for simd schedule(static, 5)", 3, N, 5, 0, 1);
  ids("parallel/for schedule(static, 2)", 0);
  ids("parallel/for schedule(static, c)", 1);

  // 3. target teams distribute dist_schedule(static, 3) around a parallel
  //    for: chunks of 3 of the outer loop to the teams in turn.
  reset();
#pragma omp target teams distribute num_teams(2) dist_schedule(static, 3) map(tofrom: team, thr, nteams, nthr)
  for (int j = 0; j < N; ++j) {
#pragma omp parallel for num_threads(4) schedule(static, 2)
    for (int r = 0; r < R; ++r) {
      team[r][j] = omp_get_team_num();
      thr[r][j] = omp_get_thread_num();
      nteams[r][j] = omp_get_num_teams();
      nthr[r][j] = omp_get_num_threads();
    }
  }
  for (int r = 0; r < R; ++r) {
    char what[96];
    snprintf(what, sizeof what,
             "teams distribute dist_schedule(static, 3)/parallel for row %d",
             r);
    // thread (r / 2) % threads of each column's team
    for (int j = 0; j < N; ++j)
      if (team[r][j] != (j / 3) % nteams[r][j] ||
          thr[r][j] != (r / 2) % nthr[r][j]) {
        printf("%s: WRONG at %d: team %d thread %d\n", what, j, team[r][j],
               thr[r][j]);
        bad = 1;
        break;
      }
  }
  printf("teams distribute dist_schedule(static, 3): checked\n");
  ids("teams distribute dist_schedule(static, 3) row 3", 3);

  // 4. the same with a chunk computed at run time (3 teams, chunks of c).
  reset();
#pragma omp target teams distribute num_teams(3) dist_schedule(static, c) map(tofrom: team, thr, nteams, nthr)
  for (int j = 0; j < N; ++j) {
#pragma omp parallel for num_threads(2) schedule(static, 1)
    for (int r = 0; r < 2; ++r) {
      team[r][j] = omp_get_team_num();
      thr[r][j] = omp_get_thread_num();
      nteams[r][j] = omp_get_num_teams();
      nthr[r][j] = omp_get_num_threads();
    }
  }
  for (int j = 0; j < N; ++j)
    for (int r = 0; r < 2; ++r)
      if (team[r][j] != (j / c) % nteams[r][j] || thr[r][j] != r % nthr[r][j]) {
        printf("dist_schedule(static, c): WRONG at %d row %d: team %d\n", j, r,
               team[r][j]);
        bad = 1;
        j = N;
        break;
      }
  printf("dist_schedule(static, c): checked\n");
  ids("teams distribute dist_schedule(static, c)", 0);

  // 5. control loop: team-master code decides on mapped data whether to
  //    run a parallel region again, and writes mapped data between its
  //    parallel regions, whose loops deal chunks of 3 and of c to the
  //    threads; then a distribute loop of the team master deals chunks of 2
  //    to the teams.
  reset();
  int trace[2] = {0, 0};
#pragma omp target teams num_teams(2) map(tofrom: team, thr, nteams, nthr, trace, on_device)
  {
    int t = omp_get_team_num();
    // The team master decides on mapped data whether to go on.
    while (trace[t] < 2) {
      trace[t] += 1;
#pragma omp parallel num_threads(4)
      {
#pragma omp for schedule(static, 3)
        for (int i = 0; i < N; ++i) {
          if (i == 0)
            on_device = !omp_is_initial_device();
          team[t][i] = t;
          thr[t][i] = omp_get_thread_num();
          nthr[t][i] = omp_get_num_threads();
        }
      }
    }
    trace[t] = trace[t] * 10 + team[t][N - 1];
#pragma omp parallel num_threads(4)
    {
#pragma omp for schedule(static, c)
      for (int i = 0; i < N; ++i) {
        team[3 + t][i] = t;
        thr[3 + t][i] = omp_get_thread_num();
        nthr[3 + t][i] = omp_get_num_threads();
      }
    }
#pragma omp distribute dist_schedule(static, 2)
    for (int j = 0; j < N; ++j) {
      team[2][j] = omp_get_team_num();
      thr[2][j] = omp_get_thread_num();
      nteams[2][j] = omp_get_num_teams();
      nthr[2][j] = 1;
    }
  }
  printf("control loop: trace %d %d\n", trace[0], trace[1]);
  bad |= check_threads("control loop: parallel/for schedule(static, 3)", 0, N,
                       3, 0, 1);
  bad |= check_threads("control loop: parallel/for schedule(static, c)", 3, N,
                       c, 0, 1);
  for (int j = 0; j < N; ++j)
    if (team[2][j] != (j / 2) % nteams[2][j] || thr[2][j] != 0) {
      printf("control loop: distribute dist_schedule(static, 2): WRONG at %d\n",
             j);
      bad = 1;
      break;
    }
  printf("control loop: distribute dist_schedule(static, 2): checked\n");
  ids("control loop: distribute dist_schedule(static, 2)", 2);

  // 6. schedule(static, 2) on a combined construct without dist_schedule:
  //    gcc and libomp give each team one contiguous block (the first
  //    N % teams one longer), and the team's threads its chunks in turn.
  reset();
#pragma omp target teams distribute parallel for num_teams(3) num_threads(4) schedule(static, 2) map(tofrom: team, thr, nteams, nthr)
  for (int i = 0; i < N; ++i) {
    team[0][i] = omp_get_team_num();
    thr[0][i] = omp_get_thread_num();
    nteams[0][i] = omp_get_num_teams();
    nthr[0][i] = omp_get_num_threads();
  }
  for (int i = 0, lo = 0, t = 0; i < N; ++i) {
    int nt = nteams[0][i], len = N / nt + (t < N % nt);
    if (i == lo + len) {
      lo = i;
      ++t;
    }
    if (team[0][i] != t || thr[0][i] != ((i - lo) / 2) % nthr[0][i]) {
      printf("teams distribute parallel for schedule(static, 2): WRONG at %d: "
             "team %d thread %d\n",
             i, team[0][i], thr[0][i]);
      bad = 1;
      break;
    }
  }
  printf("teams distribute parallel for schedule(static, 2): checked\n");
  ids("teams distribute parallel for schedule(static, 2)", 0);

  fprintf(stderr, "ran on the %s\n", on_device ? "device" : "host");
  printf("%s\n", bad ? "FAILED" : "all divisions as OpenMP deals them");
  return bad;
}
