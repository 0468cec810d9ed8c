// Mapping semantics of OpenMP 5.x that a translator can get subtly wrong,
// each checked against what the same program computes on the host:
//  - map(tofrom: p) of a pointer maps the pointer itself: a kernel that
//    moves it is seen by the host, and it still reaches the mapped array;
//  - a zero-length section p[0:0] maps nothing but lets the kernel use
//    data mapped earlier (the pointer is translated);
//  - defaultmap(none) with every variable named in a clause;
//  - map(from:) of a scalar and map(alloc:) of scratch storage.
// Self-checking; prints an exact checksum. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 256

static int data[N];
static int scratch[N];

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  for (int i = 0; i < N; ++i)
    data[i] = i;
  int *cursor = data;
  int *view = data + N / 2;
  int found = -1;
#pragma omp target enter data map(to: data)
  // The pointer itself: the region moves it to the first multiple of 7
  // above 100, reading through it on the way.
#pragma omp target map(tofrom: cursor)
  {
    while (*cursor <= 100 || *cursor % 7 != 0)
      ++cursor;
  }
  // A zero-length section: nothing new is mapped, view is translated.
#pragma omp target teams distribute parallel for map(tofrom: view[0:0])
  for (int i = 0; i < N / 2; ++i)
    view[i] *= 3;
#pragma omp target map(from: found) map(to: cursor) defaultmap(none)
  found = *cursor;
#pragma omp target teams distribute parallel for map(alloc: scratch) map(tofrom: data) defaultmap(none) shared(data, scratch)
  for (int i = 0; i < N; ++i) {
    scratch[i] = data[i] + 1;
    data[i] = scratch[i] * 2;
  }
#pragma omp target exit data map(from: data)
  long sum = 0;
  int errors = 0;
  for (int i = 0; i < N; ++i) {
    int want = ((i >= N / 2 ? 3 * i : i) + 1) * 2;
    errors += data[i] != want;
    sum += data[i];
  }
  errors += (int)(cursor - data) != 105 || found != 105;
  fprintf(stderr, "map_semantics: ran on %s\n", ran_on_device() ? "the device" : "the host");
  printf("map_semantics: cursor=%d found=%d sum=%ld errors=%d\n",
         (int)(cursor - data), found, sum, errors);
  return errors != 0;
}
