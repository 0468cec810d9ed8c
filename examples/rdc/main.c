// A two-file program (issue 10 point 3): the regions call `declare target`
// functions that forces.c defines. Built with relocatable device code:
//   omp2cuda-cc --backend=emu -fgpu-rdc main.c forces.c -o particles
// The host build (gcc -fopenmp main.c forces.c) prints the same; stderr
// says where it ran.
#include <omp.h>
#include <stdio.h>

#include "particles.h"

#define N 1000

int main(void) {
  double x[N], v[N];
  int hist[8] = {0}, on_device = 0;
  for (int i = 0; i < N; i++) {
    x[i] = (i % 17) - 8.0;
    v[i] = 0.0;
  }
  for (int step = 0; step < 3; step++) {
#pragma omp target teams distribute parallel for map(tofrom: x, v)
    for (int i = 0; i < N; i++) {
      v[i] = kick(v[i], x[i]);
      x[i] += v[i];
    }
    // forces.c's device copy of gravity, updated from this file.
    gravity = gravity / 2;
#pragma omp target update to(gravity)
  }
#pragma omp target map(tofrom: hist, on_device) map(to: x)
  {
    on_device = !omp_is_initial_device();
    for (int i = 0; i < N; i++)
      hist[bucket(x[i])]++;
  }
  double sx = 0, sv = 0;
  for (int i = 0; i < N; i++)
    sx += x[i], sv += v[i];
  printf("sum x %.6f, sum v %.6f\n", sx, sv);
  for (int b = 0; b < 8; b++)
    printf("bucket %d: %d\n", b, hist[b]);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
