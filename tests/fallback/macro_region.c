/* A region written in a macro argument stays on the host where no
   HostFallback scope can be written around it; it reads and writes an array
   that an enclosing target data region keeps on the device. The program
   must run every region on the host and print what the host build prints. */
#include <stdio.h>

#define TIMED(stmt) do { stmt } while (0)

int main(void) {
  enum { N = 40 };
  double a[N];
  for (int i = 0; i < N; ++i)
    a[i] = 0.5 * i;
#pragma omp target data map(tofrom: a)
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; ++i)
      a[i] = a[i] * a[i];
    TIMED(_Pragma("omp target teams distribute parallel for")
          for (int i = 0; i < N; ++i) a[i] += 3.0;);
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; ++i)
      a[i] -= 1.0;
  }
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += a[i] * (i % 7);
  printf("sum %.3f\n", s);
  return 0;
}
