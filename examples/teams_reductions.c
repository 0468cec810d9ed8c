// Reductions on teams and parallel regions (issue 9 point 4): on a teams
// region whose distribute loop has a nested reduction, on a distribute loop
// with a nested parallel reduction and a max, on a teams region without
// nested constructs, and on a parallel region. The printed values do not
// depend on how many teams or threads run; stderr says where it ran.
#include <omp.h>
#include <stdio.h>
#define N 3000
int main(void) {
  int on_device = 0;
#pragma omp target map(from: on_device)
  on_device = !omp_is_initial_device();
  double a[N];
  long long s = 0, s2 = 0;
  int cnt = 0, mx = -1, nthreads = 0;
  for (int i = 0; i < N; ++i) a[i] = (i % 13) * 0.5;
  double t = 0;
#pragma omp target teams num_teams(4) reduction(+: t, cnt) map(to: a)
  {
#pragma omp distribute parallel for reduction(+: t)
    for (int i = 0; i < N; ++i) t += a[i];
    cnt += 1;
  }
#pragma omp target teams distribute reduction(+: s) reduction(max: mx) map(to: a)
  for (int i = 0; i < 40; ++i) {
#pragma omp parallel for reduction(+: s)
    for (int j = 0; j < 75; ++j) s += (long long)a[i * 75 + j];
    if (i > mx) mx = i;
  }
#pragma omp target teams num_teams(3) reduction(+: s2)
  s2 += 5;
  int teams = cnt, par = 0;
#pragma omp target parallel reduction(+: par) map(tofrom: nthreads)
  {
    par += 1;
    if (omp_get_thread_num() == 0)
      nthreads = omp_get_num_threads();
  }
  printf("t %.1f, s %lld, max %d, one per team: %d %d, one per thread: %d\n",
         t, s, mx, teams > 0, s2 % 5 == 0 && s2 > 0, par == nthreads);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
