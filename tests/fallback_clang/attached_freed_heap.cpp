// With no device cache, the emulated device's freed copies go back to the
// host heap (helper ex10): w's copy, freed while s.p stays attached into a,
// was remembered as freed (for a pointer a kernel might have moved into
// it), so a host malloc placed there and stored in s.p came back from
// `target update from(s)` as w's host address (scratch-ex10 r3.cpp: emu
// printed `host pointer kept 0`). Freed copies no attached pointer's
// device value points into are no longer remembered (attach_table.h).
// clang's host build: `map(to: s.p)` beside `map(to: s)` is a C++ member
// map GCC 12 rejects.
#include <cstdio>
#include <cstdlib>

struct T {
  int v[200]; // the emulated device allocates 832 bytes for it
};
struct S {
  int *p;
  int n;
};

// The runtime reads O2C_DEVICE_CACHE once, before main may run: set it
// first (the host build ignores it).
__attribute__((constructor(101))) static void noDeviceCache() {
  setenv("O2C_DEVICE_CACHE", "0", 1);
}

int main() {
  T a = {}, w = {}; // locals: the heap's layout as the shape first showed
  S s;
  s.p = &a.v[0];
  s.n = 8;
#pragma omp target enter data map(to: a) map(to: s) map(to: s.p)
#pragma omp target enter data map(to: w)
#pragma omp target exit data map(from: w)
  int kept = 0;
  for (int i = 0; i < 8; ++i) {
    T *h = (T *)std::malloc(832);
    s.p = &h->v[3];
#pragma omp target update to(s)
#pragma omp target update from(s)
    kept += s.p == &h->v[3];
    std::free(h);
  }
  s.p = &a.v[0];
#pragma omp target update to(s)
#pragma omp target exit data map(from: s) map(from: s.p)
#pragma omp target exit data map(from: a)
  std::printf("host pointer kept %d of 8, back in a %d\n", kept,
              (int)(s.p == &a.v[0]));
  return 0;
}
