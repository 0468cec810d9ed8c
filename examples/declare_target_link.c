// `declare target link` variables (issue 10 point 2): such a variable has
// no device copy of its own; while it is mapped, its device storage is the
// mapped storage (OpenMP 5.2 §7.8.2). Functions that device code calls use
// it through a device pointer that the runtime sets when a map (a region's
// clause, `target enter data`, `target data`) creates that storage. Every
// value crosses by a map, so the host build prints the same. stderr says
// where it ran.
#include <omp.h>
#include <stdio.h>

#define N 64

int scale = 10;
int table[N];
double weights[N];
#pragma omp declare target link(scale, table, weights)

// Called by regions and by the host.
int scaled(int i) { return table[i] * scale + i; }

void bump_table(int by) {
  for (int i = 0; i < N; i++)
    table[i] += by;
}

double weighted(int lo, int hi) {
  double s = 0;
  for (int i = lo; i < hi; i++)
    s += weights[i] * i;
  return s;
}
#pragma omp declare target to(scaled, bump_table, weighted)

int main(void) {
  int on_device = 0;
  int out[N];
  for (int i = 0; i < N; i++) {
    table[i] = i % 7;
    weights[i] = 0.5 * i;
  }

  // The OpenMP_VV shape: the region maps the link variables it does not
  // name in its body; the function it calls uses them.
  scale = 12;
#pragma omp target map(from: out) map(to: table, scale) map(tofrom: on_device)
  {
    on_device = !omp_is_initial_device();
    for (int i = 0; i < N; i++)
      out[i] = scaled(i);
  }
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i];
  printf("region map: sum %ld\n", sum);

  // Mapped by enter data: later regions that do not map them find the
  // storage present, and the called function writes it.
#pragma omp target enter data map(to: table, scale)
#pragma omp target teams distribute parallel for map(from: out)
  for (int i = 0; i < N; i++)
    out[i] = scaled(i);
#pragma omp target
  bump_table(3);
#pragma omp target exit data map(from: table) map(release: scale)
  printf("enter data: out[5] %d out[63] %d, table[5] %d (host %d)\n", out[5],
         out[63], table[5], scaled(5));

  // A new map gives the variable new storage: the pointer follows it.
  scale = 2;
#pragma omp target data map(to: table, scale)
  {
#pragma omp target teams distribute parallel for map(from: out)
    for (int i = 0; i < N; i++)
      out[i] = scaled(i);
  }
  printf("target data: out[1] %d out[62] %d\n", out[1], out[62]);

  // A section of a link array: its device storage starts at weights[16];
  // the function reads only elements inside the section.
  double w = 0;
#pragma omp target map(to: weights[16:32]) map(from: w)
  w = weighted(16, 48);
  printf("section: %.2f (host %.2f)\n", w, weighted(16, 48));

  // Named in a region without a clause: mapped tofrom (OpenMP), not
  // firstprivate, so the write comes back and the function the region
  // calls sees the same storage.
  int first = 0;
  scale = 4;
#pragma omp target map(to: table) map(from: first)
  {
    scale += 1;
    first = scaled(3);
  }
  printf("implicit map: scale %d, scaled(3) %d\n", scale, first);

  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
