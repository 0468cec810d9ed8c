// `atomic` on a variable only its thread can reach: a reduction's private
// copy, a local of the loop body. OpenMP allows it; PTX leaves atomics on a
// thread's local memory undefined, and nvcc compiled them to a trap (the
// kernel faulted on a GPU while the emulation ran it right). The device
// runtime's atomics update such a variable in place (o2c_dev::inLocalMemory).
// Self-checking; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void) {
  int twice = 0, threads = 0, on_device = 0;
  long long sum = 0, captured = 0, swapped = 0;

  // Each thread's private copy of `twice` gets two atomic updates.
#pragma omp target parallel reduction(+: twice) map(tofrom: threads, on_device)
  {
#pragma omp atomic
    twice += 1;
#pragma omp atomic update
    twice = twice + 1;
    if (omp_get_thread_num() == 0) {
      threads = omp_get_num_threads();
      on_device = !omp_is_initial_device();
    }
  }

  // A local of the loop body, updated, captured and compared atomically.
#pragma omp target teams distribute parallel for \
    reduction(+: sum, captured, swapped)
  for (int i = 0; i < N; ++i) {
    long long w = 0;
    int c = i, before;
#pragma omp atomic
    w += i;
#pragma omp atomic capture
    { before = c; c += 3; }
#pragma omp atomic compare
    if (c == i + 3) { c = -1; }
    sum += w;
    captured += before + c;
    swapped += (c == -1);
  }

  printf("twice per thread %d\n", threads > 0 && twice == 2 * threads);
  printf("sum %lld captured %lld swapped %lld\n", sum, captured, swapped);
  if (on_device)
    fprintf(stderr, "ran on the device\n");
  return 0;
}
