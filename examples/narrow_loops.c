// Loops whose variable is narrower than int (unsigned char, short): the
// kernel counts iterations in a wide counter, because `c = lo + thread`
// and `c += stride` in the variable's own type would wrap (an unsigned char
// loop from 250 used to write far outside its array). A combined construct,
// a teams region with a nested distribute parallel for (the SPMD form), and an
// orphaned distribute. Self-checking; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
static void share(int *b, short lo, short hi) {
#pragma omp distribute
  for (short s = lo; s < hi; s++)
    b[s - lo] += s % 7;
}
#pragma omp end declare target

int main(void) {
  int a[256] = {0}, b[16] = {0}, c[300] = {0}, on_device = 0;
  unsigned char n = 255;
  short m = 32767;
#pragma omp target teams distribute parallel for map(tofrom: a)
  for (unsigned char u = 250; u < n; u++)
    a[u] += 1;
#pragma omp target teams distribute parallel for map(tofrom: a)
  for (unsigned char u = 0; u <= 200; u++)
    a[u] += 2;
#pragma omp target teams num_teams(3) map(tofrom: c)
  {
    short lo = -20;
#pragma omp distribute parallel for
    for (short s = lo; s < 280; s++)
      c[s + 20] += s;
  }
#pragma omp target teams num_teams(4) map(tofrom: b)
  share(b, (short)(m - 9), m);
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  long sa = 0, sb = 0, sc = 0;
  for (int i = 0; i < 256; i++)
    sa += (long)a[i] * (i + 1);
  for (int i = 0; i < 16; i++)
    sb += (long)b[i] * (i + 1);
  for (int i = 0; i < 300; i++)
    sc += (long)c[i] * (i % 5 + 1);
  printf("a %ld b %ld c %ld\n", sa, sb, sc);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
