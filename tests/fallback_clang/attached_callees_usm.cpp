// Under requires unified_shared_memory a map still makes a device copy:
// a member function that writes through a pointer held in the implicitly
// mapped record reaches the host's buf, which the copy of the mapped buf
// then overwrites (main's emu printed 0 6, the host 5 6; now the region
// stays on the host). GCC 12 does not support the requirement.
#include <cstdio>
#pragma omp requires unified_shared_memory
struct S {
  int *p;
  int n;
  void set() { p[0] = 5; }
};
int main() {
  int buf[4] = {0};
  S s = {buf, 4};
#pragma omp target map(tofrom: buf)
  { s.set(); buf[1] = 6; }
  std::printf("%d %d\n", buf[0], buf[1]);
  return 0;
}
