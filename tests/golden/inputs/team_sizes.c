// Team sizes: the team master's answers, parallel regions of fewer threads
// than the block (num_threads, if, parallel master), and one that must
// synchronise, which stays on the host.
#include <omp.h>

void answers(int *out, int *a, int n) {
#pragma omp target map(tofrom: out[0:3], a[0:n])
  {
    out[0] = omp_get_num_threads() + omp_in_parallel();
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] += omp_get_num_threads() > 0;
  }
}

void small_teams(int *a, const int *b, int n, int *width) {
#pragma omp target map(tofrom: a[0:n], width[0:1]) map(to: b[0:n])
  {
#pragma omp parallel master num_threads(4)
    {
#pragma omp taskloop
      for (int i = 0; i < n; i++)
        a[i] += b[i];
      width[0] = omp_get_num_threads();
    }
#pragma omp parallel if(n > 100)
    if (omp_get_thread_num() == 0)
      width[0] += omp_get_num_threads();
  }
}

void steps(int *a, int n) {
#pragma omp target map(tofrom: a[0:n])
  {
    for (int s = 0; s < 2; s++) {
      a[s] += s;
#pragma omp parallel num_threads(n)
      {
#pragma omp atomic
        a[n - 1] += 1;
      }
    }
  }
}

void must_synchronise(int *a, int n) {
#pragma omp target map(tofrom: a[0:n])
  {
    a[0] = n;
#pragma omp parallel num_threads(2)
    {
#pragma omp for
      for (int i = 0; i < n; i++)
        a[i] = i;
    }
  }
}
