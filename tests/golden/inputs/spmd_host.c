// Nestings the SPMD form does not take (the control loop takes the 2nd): the
// region stays on the host and the warning points at what decided.
#include <omp.h>
int next_index(int *);

void f(int *a, int n) {
#pragma omp target teams map(tofrom: a[0:n])
  {
#pragma omp parallel
    {
      int x = 0;
#pragma omp parallel for lastprivate(x)
      for (int j = 0; j < n; j++)
        x = j;
      a[omp_get_thread_num()] = x;
    }
  }
#pragma omp target teams distribute map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
    int me = omp_get_thread_num();
#pragma omp parallel for
    for (int j = 0; j < n; j++)
      a[j] += me;
  }
#pragma omp target teams map(tofrom: a[0:n])
  {
    int last = 0;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      last = i;
    a[0] = last;
  }
#pragma omp target teams map(tofrom: a[0:n])
  {
    int base = next_index(a);
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = base;
  }
#pragma omp target teams distribute map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
#pragma omp parallel for num_threads(8)
    for (int j = 0; j < n; j++)
      a[j] += i;
  }
}
