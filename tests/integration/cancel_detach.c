// Nowait target constructs (target regions, enter/exit data, update; with
// and without depend) in a taskgroup that `cancel taskgroup` cancels before
// they start, in serial code and in a team of four (found in review). With
// OMP_CANCELLATION=true the host runtime discards a task that has not
// started; a discarded detached host task waited for its event for ever,
// since only its body hands the target task to a helper: every run of the
// translated program hung at the taskgroup, at each O2C_INLINE_ISSUE level.
// The host builds (clang-19 and gcc 12, -fopenmp, no offloading) discard the
// target tasks: b and c stay 0; without cancellation, or with the cancel's
// if clause false, every target task runs. cancel_detach.sh runs it.
//   cancel_detach ROUNDS PHASES   (PHASES: a serial, cancel first;
//   b serial, cancel ordered by depend; c, d the same in a team of four)
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 64 };
static double a[N], b[N], c[N], d[N], e[N];
static int t;

static double sum(const double *v) {
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += v[i];
  return s;
}

// The cancel runs first (taskwait): every later task of the group is
// discarded when cancellation is on.
static void cancel_first(int cancel) {
#pragma omp taskgroup
  {
#pragma omp task
    {
#pragma omp cancel taskgroup if (cancel)
    }
#pragma omp taskwait
#pragma omp target teams distribute parallel for nowait map(to: a[0:N]) map(tofrom: b[0:N])
    for (int i = 0; i < N; ++i)
      b[i] += a[i];
#pragma omp target teams distribute parallel for nowait map(to: a[0:N]) map(tofrom: c[0:N]) depend(inout: c[0:N])
    for (int i = 0; i < N; ++i)
      c[i] += 2 * a[i];
#pragma omp target enter data map(to: d[0:N]) nowait depend(out: d[0:N])
#pragma omp target update to(d[0:N]) nowait depend(inout: d[0:N])
#pragma omp target exit data map(release: d[0:N]) nowait depend(inout: d[0:N])
#pragma omp target enter data map(to: e[0:N]) nowait
#pragma omp target update to(a[0:N]) nowait
  }
#pragma omp target exit data map(delete: e[0:N])
}

// The cancel is ordered before the target tasks by a dependence.
static void cancel_dep(int cancel) {
#pragma omp taskgroup
  {
#pragma omp task depend(out: t)
    {
#pragma omp cancel taskgroup if (cancel)
    }
#pragma omp target teams distribute parallel for nowait map(to: a[0:N]) map(tofrom: b[0:N]) depend(in: t)
    for (int i = 0; i < N; ++i)
      b[i] += a[i];
#pragma omp target enter data map(to: d[0:N]) nowait depend(inout: t)
#pragma omp target teams distribute parallel for nowait map(to: a[0:N]) map(tofrom: c[0:N]) depend(inout: t)
    for (int i = 0; i < N; ++i)
      c[i] += 2 * a[i];
#pragma omp target exit data map(release: d[0:N]) nowait depend(inout: t)
  }
}

static int check(const char *what, int cancel, int r) {
  double sb = sum(b), sc = sum(c), w = N * (N - 1) / 2.0;
  int ok = cancel && omp_get_cancellation() ? sb == 0 && sc == 0
                                            : sb == w && sc == 2 * w;
  if (!ok && r < 3)
    printf("%s cancel=%d round %d: b %g c %g\n", what, cancel, r, sb, sc);
  for (int i = 0; i < N; ++i)
    b[i] = c[i] = 0;
  return !ok;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 20;
  const char *which = argc > 2 ? argv[2] : "abcd";
  for (int i = 0; i < N; ++i)
    a[i] = i;
  int bad[4] = {0, 0, 0, 0};
  for (int r = 0; r < rounds; ++r)
    for (int cancel = 0; cancel < 2; ++cancel) {
      if (strchr(which, 'a')) {
        cancel_first(cancel);
        bad[0] += check("serial first", cancel, r);
      }
      if (strchr(which, 'b')) {
        cancel_dep(cancel);
        bad[1] += check("serial dep", cancel, r);
      }
      if (strchr(which, 'c')) {
#pragma omp parallel num_threads(4)
#pragma omp single
        cancel_first(cancel);
        bad[2] += check("team first", cancel, r);
      }
      if (strchr(which, 'd')) {
#pragma omp parallel num_threads(4)
#pragma omp single
        cancel_dep(cancel);
        bad[3] += check("team dep", cancel, r);
      }
    }
  printf("cancellation %d rounds %d bad %d %d %d %d\n", omp_get_cancellation(),
         rounds, bad[0], bad[1], bad[2], bad[3]);
  return bad[0] + bad[1] + bad[2] + bad[3] != 0;
}
