// Regions with nested constructs in the SPMD form (issue 9 point 6).
#include <omp.h>

#define TILE 64

void matvec(const double *m, const double *x, double *y, int n, int k) {
  // Block per row: team-master code on every thread, the store on thread 0.
#pragma omp target teams distribute thread_limit(128) map(to: m[0:n*k], x[0:k]) map(from: y[0:n])
  for (int i = 0; i < n; i++) {
    const double *row = &m[i * k];
    double s = 0.0;
#pragma omp parallel for reduction(+: s)
    for (int j = 0; j < k; j++)
      s += row[j] * x[j];
    y[i] = s;
  }
}

void fig1(double *a, const double *b, const double *c, int n) {
  // Seed 000 Fig. 1.
#pragma omp target teams map(tofrom: a[0:n]) map(to: b[0:n], c[0:n])
  {
    double pi = 3.14;
#pragma omp distribute parallel for
    for (int i = 0; i < n; i++)
      a[i] = b[i] + c[i] * pi;
  }
}

void block_code(const int *in, int *out, int n) {
  // CUDA-style block code: a team-local tile in shared memory.
#pragma omp target teams num_teams(8) thread_limit(TILE) map(to: in[0:n]) map(from: out[0:n])
  {
    int tile[TILE];
#pragma omp parallel
    {
      int t = omp_get_thread_num();
      for (int base = omp_get_team_num() * TILE; base < n;
           base += omp_get_num_teams() * TILE) {
        tile[t] = base + t < n ? in[base + t] : 0;
#pragma omp barrier
        if (base + t < n)
          out[base + t] = tile[t] + tile[(t + 1) % TILE];
#pragma omp barrier
      }
    }
  }
}

void one_team(int *a, int *b, int n) {
#pragma omp target parallel num_threads(64) map(tofrom: a[0:n], b[0:n])
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] += 1;
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      b[i] = a[n - 1 - i];
  }
}

void steps(double *u, double *v, int n) {
  // A time-step loop of team-master code around parallel fors.
#pragma omp target map(tofrom: u[0:n]) map(alloc: v[0:n])
  for (int step = 0; step < 4; step++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i + 1]) / 2;
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = v[i];
  }
}
