// sections and parallel sections nested in target regions: the block's
// threads take the sections in turn (SPMD form and control loop).
#include <omp.h>
#include <stdio.h>

#define N 200

int main(void) {
  double x[N], y[N], z[N];
  double sx = 0, sy = 0;
  int on_device = 0;
  for (int i = 0; i < N; i++) {
    x[i] = 0;
    y[i] = 0;
    z[i] = i;
  }

  /* 1. sections inside a parallel region, then a loop that reads them. */
#pragma omp target map(tofrom: x, y, on_device) map(to: z)
  {
    on_device = !omp_is_initial_device();
#pragma omp parallel
    {
#pragma omp sections
      {
        for (int i = 0; i < N; i++)
          x[i] = 2 * z[i];
#pragma omp section
        for (int i = 0; i < N; i++)
          y[i] = z[i] + 1;
      }
#pragma omp for
      for (int i = 0; i < N; i++)
        x[i] += y[i];
    }
  }
  for (int i = 0; i < N; i++)
    sx += x[i];
  printf("sections then for: %.1f\n", sx);

  /* 2. parallel sections with a reduction and private copies. */
  int total = 0, parts = 0;
#pragma omp target map(tofrom: total, parts) map(to: z)
  {
#pragma omp parallel sections reduction(+: total, parts)
    {
#pragma omp section
      {
        for (int i = 0; i < N / 2; i++)
          total += (int)z[i];
        parts += 1;
      }
#pragma omp section
      {
        for (int i = N / 2; i < N; i++)
          total += (int)z[i];
        parts += 1;
      }
#pragma omp section
      parts += 1;
    }
  }
  printf("parallel sections: total %d in %d parts\n", total, parts);

  /* 3. a time-step loop with a store between parallel sections (control
     loop), and sections with nowait. */
  int steps = 0;
#pragma omp target map(tofrom: y, steps) map(to: z)
  {
    for (int s = 0; s < 3; s++) {
      steps += 1;
#pragma omp parallel sections firstprivate(s)
      {
        for (int i = 0; i < N / 2; i++)
          y[i] += s;
#pragma omp section
        for (int i = N / 2; i < N; i++)
          y[i] -= s;
      }
    }
#pragma omp parallel
    {
#pragma omp sections nowait
      {
#pragma omp section
        y[0] += 100;
#pragma omp section
        y[N - 1] += 1000;
      }
    }
  }
  for (int i = 0; i < N; i++)
    sy += y[i];
  printf("steps %d, y sum %.1f, y[0] %.1f, y[%d] %.1f\n", steps, sy, y[0],
         N - 1, y[N - 1]);

  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
