// Nowait target regions with depend(mutexinoutset: m), in serial code and in
// a team of four (issue 12, hangs of the same family): libomp ends a task's
// mutual exclusion when its body returns, and a detached host task's body
// only hands the target task to a helper, so such target tasks ran at once
// (a plain OpenMP program whose detached mutexinoutset tasks are fulfilled
// later by other threads had all four bodies in flight at once). Each
// region maps b with `always, tofrom`, adds 1 to it and then spins: another
// region's `always` copy to the device while one spins overwrites its
// addition, and the sum comes out short. mutex_detach.sh runs it at each
// O2C_INLINE_ISSUE level; every round must find b[i] == T.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 256, T = 4 };
static double b[N];

static int exclusive_round(void) {
  int m = 0;
  for (int i = 0; i < N; ++i)
    b[i] = 0;
  for (int k = 0; k < T; ++k) {
#pragma omp target nowait depend(mutexinoutset: m) map(always, tofrom: b[0:N])
    {
      for (int i = 0; i < N; ++i)
        b[i] += 1;
      for (volatile long j = 0; j < 1000000; ++j)
        ;
    }
  }
  double s = 0;
#pragma omp task depend(in: m) shared(s)
  for (int i = 0; i < N; ++i)
    s += b[i];
#pragma omp taskwait
  return s == (double)N * T;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 10, lost = 0;
  for (int r = 0; r < rounds; ++r) {
    lost += !exclusive_round();
#pragma omp parallel num_threads(4)
#pragma omp single
    lost += !exclusive_round();
  }
  printf("rounds %d short %d\n", 2 * rounds, lost);
  return lost != 0;
}
