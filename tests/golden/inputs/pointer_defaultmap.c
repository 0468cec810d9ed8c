// Two OpenMP 5.x mapping rules for pointer variables and repeated items:
//  - defaultmap(to|from|tofrom|alloc|present: pointer) maps every pointer
//    the region names as map(<type>: p) would: the pointer variable itself,
//    attached to its pointee when that is on the device, so the region can
//    move it and dereference it, and `from` brings back where it points;
//  - a variable named in several map items of one construct is mapped once
//    with the union of their map types (`map(alloc: x) map(to: x)` copies x
//    in), and a `present` item is checked before the others map anything.
// Self-checking; prints exact checksums. stderr says where it ran.
// GCC 12 rejects these OpenMP 5.x forms; the reference is clang's host build:
// exec-reference: clang
#include <omp.h>
#include <stdio.h>

#define N 512

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  int data[N];
  for (int i = 0; i < N; ++i)
    data[i] = i;
  int *cur = data;
  int *hit = data;
  int *walk = data + 1;
  long sum = 0;
#pragma omp target enter data map(to: data)

  // The pointer comes and goes: the region moves it along the mapped array.
#pragma omp target defaultmap(tofrom: pointer)
  {
    while (*cur <= 300 || *cur % 11 != 0)
      ++cur;
  }
  // Only out: the region points it elsewhere in the array, and the host
  // gets the host address of that element back.
#pragma omp target defaultmap(from: pointer)
  hit = &data[N / 4];
  // In: the region reads through its copy and sums into a mapped scalar.
#pragma omp target teams distribute parallel for reduction(+: sum) defaultmap(to: pointer)
  for (int i = 0; i < N - 1; ++i)
    sum += walk[i];
  // Present: the pointer was mapped by enter data, attached to the array.
#pragma omp target enter data map(to: walk)
#pragma omp target map(tofrom: sum) defaultmap(present: pointer)
  {
    for (int i = 0; i < 10; ++i)
      walk[i] *= 2;
    sum += walk[0];
  }
#pragma omp target exit data map(release: walk)
#pragma omp target exit data map(from: data)

  // One variable, several items: alloc then to copies in; to and from make
  // tofrom; present first, inside a data region that holds it.
  int scalar = 80, errors = 0, twice = 21;
  int v[N];
  for (int i = 0; i < N; ++i)
    v[i] = i;
#pragma omp target map(alloc: scalar, v) map(to: scalar, v) map(tofrom: errors)
  {
    if (scalar != 80 || v[2] != 2)
      errors++;
  }
#pragma omp target map(to: twice) map(from: twice)
  twice *= 2;
#pragma omp target data map(tofrom: v)
  {
#pragma omp target map(present, to: v) map(from: v)
    for (int i = 0; i < N; ++i)
      v[i] += i;
  }

  long check = 0;
  for (int i = 0; i < N; ++i) {
    int want = i >= 1 && i <= 10 ? 2 * i : i;
    errors += data[i] != want;
    errors += v[i] != 2 * i;
    check += data[i] + v[i];
  }
  errors += twice != 42;
  fprintf(stderr, "pointer_defaultmap: ran on %s\n",
          ran_on_device() ? "the device" : "the host");
  printf("pointer_defaultmap: cur=%d hit=%d sum=%ld check=%ld errors=%d\n",
         (int)(cur - data), (int)(hit - data), sum, check, errors);
  return errors != 0;
}
