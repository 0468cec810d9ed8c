// Orphaned `distribute` loops: functions whose loops the teams of the
// calling `target teams` region share, called from team-master code (the
// device runs the calling team's share of each loop). Several teams over a
// count the teams do not divide, one team, code around the calls, a
// collapsed loop with a private item and
// dist_schedule(static), chunks of 7, `distribute simd` and `distribute parallel for`
// over loops with a stride and counting down, and a region whose team
// master calls one beside a parallel region. Each update adds to what is
// there, so an iteration run twice or never shows.
// stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 1003
#define ROWS 37
#define COLS 29

#pragma omp declare target
void add_share(int *a, int n, int k) {
#pragma omp distribute
  for (int i = 0; i < n; i++)
    a[i] += i * k;
}

// The private copy is the team's; the function's own t keeps its value.
int scale_grid(double *m, int rows, int cols, double f) {
  int t = -1;
#pragma omp distribute collapse(2) private(t) dist_schedule(static)
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      t = r * cols + c;
      m[t] = m[t] * f + r;
    }
  return t;
}

void saxpy_share(float *y, const float *x, float a, int n) {
#pragma omp distribute simd
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

void chunked_share(int *a, int n, int chunk) {
#pragma omp distribute dist_schedule(static, chunk)
  for (int i = 0; i < n; i++)
    a[i] += 100;
}

void strided_share(long *v, int n) {
#pragma omp distribute parallel for
  for (int i = 0; i < n; i += 3)
    v[i] += (long)i * i;
#pragma omp distribute
  for (int i = n - 1; i >= 0; --i)
    v[i] += 1;
}
#pragma omp end declare target

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  static int a[N];
  static double m[ROWS * COLS];
  static float x[N], y[N];
  static long v[N];
  int kept[3] = {0, 0, 0};
  int c[16] = {0};
  for (int i = 0; i < N; ++i) {
    x[i] = (float)(i % 7);
    y[i] = 1.0f;
  }
  for (int i = 0; i < ROWS * COLS; ++i)
    m[i] = i % 5;

#pragma omp target teams num_teams(4) map(tofrom: a)
  add_share(a, N, 1);

#pragma omp target teams num_teams(1) map(tofrom: a)
  { add_share(a, N, 2); }

  // Code around the calls, in each team's master.
#pragma omp target teams num_teams(3) map(tofrom: a, m, x, y, v, kept)
  {
    int k = 3;
    float s = 0.5f * (float)k;
    add_share(a, N, k);
    int t = scale_grid(m, ROWS, COLS, 2.0);
    if (omp_get_team_num() == 0)
      kept[0] = t;
    saxpy_share(y, x, s, N);
    chunked_share(a, N, 7);
    strided_share(v, N);
  }

  // The team master's call beside a parallel region of the team.
#pragma omp target teams num_teams(2) thread_limit(64) map(tofrom: a, c)
  {
    add_share(a, N, 4);
#pragma omp parallel for
    for (int j = 0; j < 8; ++j)
      c[omp_get_team_num() * 8 + j] = j + 1;
  }

  long sa = 0, sv = 0;
  double sm = 0;
  float sy = 0;
  for (int i = 0; i < N; ++i) {
    sa += a[i];
    sv += v[i];
    sy += y[i];
  }
  for (int i = 0; i < ROWS * COLS; ++i)
    sm += m[i];
  int sc = 0; // team 0's (the host may run fewer teams)
  for (int j = 0; j < 8; ++j)
    sc += c[j];
  printf("a: sum %ld, a[1002] %d (expected %d)\n", sa, a[N - 1],
         (N - 1) * 10 + 100);
  printf("m: sum %.1f, m[100] %.1f; t kept %d\n", sm, m[100], kept[0]);
  printf("y: sum %.1f, y[13] %.1f\n", sy, y[13]);
  printf("v: sum %ld, v[999] %ld, v[1000] %ld\n", sv, v[999], v[1000]);
  printf("c: team 0's sum %d\n", sc);
  fprintf(stderr, "orphaned_distribute: ran on %s\n",
          ran_on_device() ? "the device" : "the host");
  return 0;
}
