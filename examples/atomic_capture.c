// `atomic capture` in device code: each capture is one fetch-and-op on the
// device (atomicAdd, or a compare-and-swap loop for other operators and
// types), and the captured value is the one before or after the update as
// the form says. Tickets handed out this way are all distinct, whatever
// order the threads run in.
// Self-checking; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 4096

int main(void) {
  static int ticket_of[N], seen[N];
  int next = 0, down = N, on_device = 0;
  double total = 0.0;
  long long bits = 1;

#pragma omp target teams distribute parallel for \
    map(tofrom: next, down, total, ticket_of, on_device)
  for (int i = 0; i < N; ++i) {
    int mine, left;
    double before;
#pragma omp atomic capture
    mine = next++;
#pragma omp atomic capture
    left = --down;
#pragma omp atomic capture
    { before = total; total += 0.5; }
    ticket_of[i] = mine;
    if (left < 0 || before < 0.0)
      ticket_of[i] = -1;
    if (i == 0)
      on_device = !omp_is_initial_device();
  }

  // A capture of the value after, with an operator CUDA has no atomic for.
#pragma omp target map(tofrom: bits)
  {
    long long after;
#pragma omp atomic capture
    { bits *= 3; after = bits; }
    bits += after;
  }

  int distinct = 1;
  for (int i = 0; i < N; ++i) {
    int t = ticket_of[i];
    if (t < 0 || t >= N || seen[t]++)
      distinct = 0;
  }
  printf("next %d down %d total %.1f distinct %d bits %lld\n", next, down,
         total, distinct, bits);
  if (on_device)
    fprintf(stderr, "ran on the device\n");
  return 0;
}
