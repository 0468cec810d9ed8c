// in_reduction on target constructs (OpenMP 5.0): target tasks that take
// part in a taskgroup's task reduction next to host tasks. Each target
// region runs on the device on a private copy of the item, which the host's
// OpenMP runtime combines when the taskgroup ends. Self-checking; prints
// exact results. stderr says where it ran.
// GCC 12 does not accept in_reduction on target, so the reference is
// clang's:
// exec-reference: clang
#include <omp.h>
#include <stdio.h>

#define N 1028

static void add_twos(int *sum) {
  for (int i = 0; i < N; i++)
    *sum += 2;
}

int main(void) {
  int sum = 0, errors = 0, on_device = 0;
  double prod = 1.0;
  long count = 0;
  double x[64];
  for (int i = 0; i < 64; ++i)
    x[i] = 1.0 + i / 64.0;

#pragma omp parallel master
#pragma omp taskgroup task_reduction(+ : sum) task_reduction(* : prod)
  {
#pragma omp target in_reduction(+ : sum) map(tofrom: on_device)
    {
      add_twos(&sum);
      on_device = !omp_is_initial_device();
    }
#pragma omp task in_reduction(+ : sum)
    for (int i = 0; i < N; i++)
      sum += 1;
#pragma omp target in_reduction(* : prod) map(to: x)
    for (int i = 0; i < 64; ++i)
      prod *= x[i] / x[63 - i] * 2.0;
#pragma omp task in_reduction(* : prod)
    prod *= 0.5;
  }

  // Many target tasks of one loop, under a team of threads.
#pragma omp parallel num_threads(4)
#pragma omp single
#pragma omp taskgroup task_reduction(+ : count)
  for (int t = 0; t < 8; ++t) {
#pragma omp target in_reduction(+ : count)
    count += 100 * t + 1;
  }

  errors += sum != 3 * N;
  errors += count != 2808;
  fprintf(stderr, "target_in_reduction: ran on %s\n",
          on_device ? "the device" : "the host");
  printf("target_in_reduction: sum=%d prod=%.6g count=%ld errors=%d\n", sum,
         prod, count, errors);
  return errors != 0;
}
