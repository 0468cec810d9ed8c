/* declare variant with construct selectors (OpenMP 5.2 §7): each call runs
   the variant chosen for the constructs that enclose it (target, teams,
   parallel, for, simd, the leaves of a combined construct each counted),
   the one with the highest score, 2^(p-1) for each selector matched at
   place p of the context. The device makes the choice the host compiler
   makes for the host fallback (clang 19; GCC 12 counts otherwise, e.g. no
   `for` in a combined construct, hence the clang reference). A call in a
   function the region calls depends on its callers' constructs: such a
   region stays on the host (tests/unit/construct_variant_test.cpp). */
// exec-reference: clang
#include <omp.h>
#include <stdio.h>

#define N 256

#pragma omp declare target
int v_target(int i) { return i + 1000; }
int v_teams(int i) { return i + 2000; }
int v_par(int i) { return i + 3000; }
int v_tpar(int i) { return i + 4000; }
int v_tpf(int i) { return i + 5000; }
int v_host_par(int i) { return i + 6000; }
#pragma omp end declare target

#pragma omp declare variant(v_target) match(construct = {target})
#pragma omp declare variant(v_teams) match(construct = {target, teams})
#pragma omp declare variant(v_par) match(construct = {parallel})
#pragma omp declare variant(v_tpar) match(construct = {target, parallel})
#pragma omp declare variant(v_tpf) match(construct = {teams, parallel, for})
int f(int i) { return i; }

#pragma omp declare variant(v_host_par) match(construct = {parallel, target})
#pragma omp declare variant(v_target) match(construct = {target})
int g(int i) { return i; }

static int check(const char *what, const int *r, int add) {
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += r[i] != i + add;
  printf("%-34s %s (r[7] = %d)\n", what, bad ? "WRONG" : "ok", r[7]);
  return bad != 0;
}

int main(void) {
  int r[N];
  int errors = 0;
  int on_device = 0;

#pragma omp target map(from : r, on_device)
  {
    for (int i = 0; i < N; i++)
      r[i] = f(i);
    on_device = !omp_is_initial_device();
  }
  errors += check("target", r, 1000);
  fprintf(stderr, "construct_variant: ran on %s\n",
          on_device ? "device" : "host");

#pragma omp target teams distribute map(from : r)
  for (int i = 0; i < N; i++)
    r[i] = f(i);
  errors += check("target teams distribute", r, 2000);

#pragma omp target parallel for map(from : r)
  for (int i = 0; i < N; i++)
    r[i] = f(i);
  /* {target,parallel,for}: {target,parallel} scores 1 + 2 = 3, and
     {teams,parallel,for} does not match (no teams). */
  errors += check("target parallel for", r, 4000);

#pragma omp target teams distribute parallel for map(from : r)
  for (int i = 0; i < N; i++)
    r[i] = f(i);
  /* {target,teams,parallel,for}: teams 2 + parallel 4 + for 8. */
  errors += check("target teams distribute parallel for", r, 5000);

#pragma omp target map(from : r)
  {
#pragma omp parallel for
    for (int i = 0; i < N; i++)
      r[i] = f(i);
  }
  errors += check("target { parallel for }", r, 4000);

#pragma omp parallel num_threads(1)
  {
    /* The host's parallel around the target construct counts too. */
#pragma omp target map(from : r)
    for (int i = 0; i < N; i++)
      r[i] = g(i);
  }
  errors += check("parallel { target }", r, 6000);

#pragma omp target map(from : r)
  for (int i = 0; i < N; i++)
    r[i] = g(i);
  errors += check("target (g)", r, 1000);

  for (int i = 0; i < N; i++)
    r[i] = f(i);
  errors += check("host", r, 0);

  printf("%s\n", errors ? "FAILED" : "PASSED");
  return errors;
}
