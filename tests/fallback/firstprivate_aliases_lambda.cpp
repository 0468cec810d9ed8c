// A firstprivate variable that a region left on the host writes, with the
// host's own value, through a lambda's reference capture (OpenMP attaches
// it): the device gets the host's bytes (scratch-fb2 v13: host 2 2, emu 2 1
// before; firstprivate_aliases.c has map items and pointers).
#include <cstdio>
#include <cstdlib>
int main() {
  int x = 1;
  auto set = [&x](int v) { x = v; };
  int out[1] = {0};
#pragma omp target enter data map(to: x)
  x = 2;
#pragma omp target map(tofrom: out[0:1])
  { if (getenv("NOPE_X")) out[0]++; set(2); out[0] = x; }
#pragma omp target exit data map(from: x)
  std::printf("lambda %d %d\n", out[0], x);
}
