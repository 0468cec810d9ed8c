// Host cost of offloading and seed 001's B1-B4, synchronous against nowait
// (scripts/bench-async). Timed with omp_get_wtime; prints one line per
// measurement. Usage: async_bench overhead REGIONS | async_bench B T N
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Empty kernels: what is left is the host's work per region.
static void empty_sync(int *flag) {
#pragma omp target map(to: flag[0:1])
  { (void)flag[0]; }
}
static void empty_nowait(int *flag) {
#pragma omp target map(to: flag[0:1]) nowait
  { (void)flag[0]; }
}

static void Ksync(double a, const double *x, double *y, int n) {
#pragma omp target teams distribute parallel for simd
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j)
      y[i] = y[i] + a * x[j];
}
static void Knowait(double a, const double *x, double *y, int n) {
#pragma omp target teams distribute parallel for simd nowait
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j)
      y[i] = y[i] + a * x[j];
}

// B1-B3: T tasks, each on its own part of Y. B4: four tasks per step.
static void run(int b, int nowait, int T, int N, const double *X, double *Y) {
  void (*K)(double, const double *, double *, int) = nowait ? Knowait : Ksync;
  if (b == 1) {
    for (int t = 0; t < T; ++t)
      K(2, X, Y + (long)t * N, N);
#pragma omp taskwait
  } else if (b == 2) {
#pragma omp parallel for
    for (int t = 0; t < T; ++t)
      K(2, X, Y + (long)t * N, N);
  } else if (b == 3) {
#pragma omp parallel
#pragma omp master
    {
      for (int t = 0; t < T; ++t)
        K(2, X, Y + (long)t * N, N);
#pragma omp taskwait
    }
  }
}

static void B4(int nowait, int T, int N, double *x, double *y) {
  for (int t = 0; t < T; ++t) {
    if (nowait) {
#pragma omp target teams distribute parallel for simd nowait depend(in: x[0:N]) depend(inout: y[0:N])
      for (int i = 0; i < N; ++i)
        y[i] += 2 * x[i];
#pragma omp target teams distribute parallel for simd nowait depend(inout: x[0:N])
      for (int i = 0; i < N; ++i)
        x[i] += 1;
#pragma omp target teams distribute parallel for simd nowait depend(inout: y[0:N])
      for (int i = 0; i < N; ++i)
        y[i] *= 0.5;
#pragma omp target teams distribute parallel for simd nowait depend(in: x[0:N]) depend(inout: y[0:N])
      for (int i = 0; i < N; ++i)
        y[i] -= x[i];
    } else {
#pragma omp target teams distribute parallel for simd
      for (int i = 0; i < N; ++i)
        y[i] += 2 * x[i];
#pragma omp target teams distribute parallel for simd
      for (int i = 0; i < N; ++i)
        x[i] += 1;
#pragma omp target teams distribute parallel for simd
      for (int i = 0; i < N; ++i)
        y[i] *= 0.5;
#pragma omp target teams distribute parallel for simd
      for (int i = 0; i < N; ++i)
        y[i] -= x[i];
    }
  }
#pragma omp taskwait
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "overhead") == 0) {
    int R = atoi(argv[2]);
    int flag = 1;
#pragma omp target enter data map(to: flag)
    empty_sync(&flag); // warm: the device, the streams, the helpers
    empty_nowait(&flag);
#pragma omp taskwait
    double t0 = omp_get_wtime();
    for (int r = 0; r < R; ++r)
      empty_sync(&flag);
    double t1 = omp_get_wtime();
    for (int r = 0; r < R; ++r)
      empty_nowait(&flag);
    double t2 = omp_get_wtime();
#pragma omp taskwait
    double t3 = omp_get_wtime();
#pragma omp target exit data map(release: flag)
    printf("overhead regions=%d sync_us=%.2f nowait_issue_us=%.2f "
           "nowait_total_us=%.2f\n",
           R, (t1 - t0) / R * 1e6, (t2 - t1) / R * 1e6, (t3 - t1) / R * 1e6);
    return 0;
  }
  if (argc != 4)
    return 2;
  int b = atoi(argv[1] + 1), T = atoi(argv[2]), N = atoi(argv[3]);
  double *X = (double *)calloc((size_t)N, sizeof(double));
  double *Y = (double *)calloc((size_t)T * N, sizeof(double));
  double times[2];
  for (int nowait = 0; nowait < 2; ++nowait) {
#pragma omp target data map(tofrom: X[0:N], Y[0:T * N])
    {
      double t0 = omp_get_wtime();
      if (b == 4)
        B4(nowait, T, N, X, Y);
      else
        run(b, nowait, T, N, X, Y);
      times[nowait] = omp_get_wtime() - t0;
    }
  }
  printf("B%d T=%d N=%d sync_ms=%.3f nowait_ms=%.3f speedup=%.2f\n", b, T, N,
         times[0] * 1e3, times[1] * 1e3, times[0] / times[1]);
  free(X);
  free(Y);
  return 0;
}
