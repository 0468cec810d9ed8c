// Orphaned worksharing `for` loops: functions whose `for` binds to the
// team of the calling thread, called from team-master code of target
// regions, where that team is one thread (it runs every iteration, in
// order, whatever the schedule), and from a host parallel region (the host
// keeps the pragma). A plain `target` region records the thread number and
// team size each iteration saw; `target teams` regions run the loop once
// per team; collapse(2) with schedule(static, 2), `for simd` and
// `nowait` (private, firstprivate and lastprivate items: the example
// orphaned_for_lastprivate). Each update adds to
// what is there, so an iteration run twice or never shows; the program
// checks itself and prints what it found. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 1001
#define ROWS 23
#define COLS 17
#define TEAMS 3

#pragma omp declare target
// Who ran iteration i: thread number * 1000 + team size.
void record(int *who, int *a, int n) {
#pragma omp for schedule(dynamic, 3)
  for (int i = 0; i < n; ++i) {
    who[i] = omp_get_thread_num() * 1000 + omp_get_num_threads();
    a[i] += i;
  }
}

void add_rows(int *a, int n, int k) {
#pragma omp for nowait
  for (int i = 0; i < n; ++i)
    a[i] += k;
}

void scale_grid(double *m, int rows, int cols, double f) {
#pragma omp for collapse(2) schedule(static, 2)
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      m[r * cols + c] = m[r * cols + c] * f + r;
}

void saxpy(float *y, const float *x, float s, int n) {
#pragma omp for simd
  for (int i = n - 1; i >= 0; i -= 2)
    y[i] = s * x[i] + y[i];
}
#pragma omp end declare target

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  static int who[N], a[N], b[TEAMS * N], h[N];
  static double m[ROWS * COLS];
  static float x[N], y[N];
  int teams = 0, errors = 0;
  for (int i = 0; i < N; ++i) {
    x[i] = (float)(i % 7);
    y[i] = 1.0f;
  }
  for (int i = 0; i < ROWS * COLS; ++i)
    m[i] = i % 5;

  // The one thread of a plain target region is a team of one.
#pragma omp target map(tofrom: who, a)
  record(who, a, N);
  int whoBad = 0;
  for (int i = 0; i < N; ++i)
    whoBad += who[i] != 1 || a[i] != i;
  printf("record: %d iterations not run once by thread 0 of a team of one\n",
         whoBad);
  errors += whoBad != 0;

  // Each team's master runs every iteration of its own call.
#pragma omp target teams num_teams(TEAMS) map(tofrom: b, m, y, teams)
  {
    int t = omp_get_team_num();
    if (t == 0)
      teams = omp_get_num_teams();
    if (t < TEAMS)
      add_rows(b + t * N, N, t + 1);
    if (t == 0) {
      scale_grid(m, ROWS, COLS, 2.0);
      saxpy(y, x, 0.5f, N);
    }
  }
  int bBad = 0;
  for (int t = 0; t < TEAMS; ++t)
    for (int i = 0; i < N; ++i)
      bBad += b[t * N + i] != (t < teams ? t + 1 : 0);
  double sm = 0;
  float sy = 0;
  for (int i = 0; i < ROWS * COLS; ++i)
    sm += m[i];
  for (int i = 0; i < N; ++i)
    sy += y[i];
  printf("add_rows: %d elements wrong\n", bBad);
  printf("m: sum %.1f, m[100] %.1f; y: sum %.1f, y[13] %.1f, y[12] %.1f\n",
         sm, m[100], sy, y[13], y[12]);
  errors += bBad != 0;

  // A region whose team master calls one beside a parallel region.
#pragma omp target map(tofrom: a)
  {
    add_rows(a, N, 2);
#pragma omp parallel for
    for (int i = 0; i < N; ++i)
      a[i] -= i;
  }
  int aBad = 0;
  for (int i = 0; i < N; ++i)
    aBad += a[i] != 2;
  printf("add_rows beside parallel: %d elements wrong\n", aBad);
  errors += aBad != 0;

  // From a host parallel region the host's team shares the loop.
#pragma omp parallel num_threads(4)
  add_rows(h, N, 3);
  int hBad = 0;
  for (int i = 0; i < N; ++i)
    hBad += h[i] != 3;
  printf("host team: %d elements wrong\n", hBad);
  errors += hBad != 0;

  printf("%s\n", errors ? "FAILED" : "ok");
  fprintf(stderr, "orphaned_for: ran on %s\n",
          ran_on_device() ? "the device" : "the host");
  return errors != 0;
}
