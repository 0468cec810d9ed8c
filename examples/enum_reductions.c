// C reductions and arithmetic in place over enumerations (an integer type in
// C, not in C++): the directives stay in the .cu, compiled as C++, where each
// (operator, enumeration) pair gets a declared reduction, and each in-place
// operator (`|=`, `++`) a declared operator, that computes what C does.
// Translated regions map and copy enum variables; the reductions run in host
// code (tests/fallback/enum_reductions.c has them in regions left on the
// host). stderr says where it ran.
#include <omp.h>
#include <stdio.h>

enum flag { F_NONE = 0, F_EVEN = 1, F_ODD = 2, F_BIG = 4, F_ALL = 7 };
typedef enum { LOW, MID, HIGH } level;

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  enum { N = 1000 };
  int v[N];
  level lv[N];
  enum flag mask = F_ALL;
  // Translated: an enum firstprivate and a map of an enum array.
#pragma omp target teams distribute parallel for firstprivate(mask) map(from: v[0:N], lv[0:N])
  for (int i = 0; i < N; ++i) {
    v[i] = (i * 37) % 101 & mask;
    lv[i] = LOW;
    if (i >= 300)
      lv[i]++;
    if (i >= 900)
      ++lv[i];
  }
  enum flag seen = F_NONE, common = F_ALL, sum = F_NONE;
  level top = LOW, bottom = HIGH;
#pragma omp parallel for reduction(|: seen) reduction(&: common) reduction(max: top) reduction(min: bottom) \
    reduction(+: sum)
  for (int i = 0; i < N; ++i) {
    enum flag f = v[i] % 2 ? F_ODD : F_EVEN;
    if (v[i] > 4)
      f = f | F_BIG;
    seen |= f;
    common = common & (f | F_BIG);
    if (lv[i] > top)
      top = lv[i];
    if (lv[i] < bottom)
      bottom = lv[i];
    sum = sum + (v[i] & 1);
  }
  int per_level[3] = {0, 0, 0};
  for (level l = LOW; l <= HIGH; l++)
    for (int i = 0; i < N; ++i)
      per_level[l] += lv[i] == l;
  fprintf(stderr, "enum_reductions: ran on %s\n", ran_on_device() ? "device" : "host");
  printf("enum_reductions: seen=%d common=%d top=%d bottom=%d sum=%d levels=%d,%d,%d\n",
         (int)seen, (int)common, (int)top, (int)bottom, (int)sum, per_level[0],
         per_level[1], per_level[2]);
  return 0;
}
