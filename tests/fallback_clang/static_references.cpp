/* Local references bound to globals (`int &rg = g;`), which Clang does not
   capture (review rv41 f5, f6): a region that writes through one, or reads
   one bound to a declare target variable, stays on the host, where the
   write reaches the global; a region that only reads one bound to another
   global takes its value. Prints what the host build prints; GCC 12 makes
   rg firstprivate and prints 1 first, so the host build is clang's. */
#include <cstdio>
int g = 1;
#pragma omp declare target enter(g)
int h = 3;
struct P { int x, y; } pg = {4, 5};
int main() {
  int &rg = g;
  int &rh = h;
  int &ry = pg.y;
  const int &ch = h;
  int out[4] = {0, 0, 0, 0};
#pragma omp target
  { rg = 7; }
#pragma omp target update from(g)
  std::printf("%d\n", g);
#pragma omp target enter data map(to: h)
#pragma omp target
  { rh += 2; }
#pragma omp target exit data map(from: h)
  std::printf("%d\n", h);
#pragma omp target map(tofrom: out[0:4])
  { out[0] = rg; out[1] = ch; out[2] = ry; }
  std::printf("%d %d %d\n", out[0], out[1], out[2]);
  return 0;
}
