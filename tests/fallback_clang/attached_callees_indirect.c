/* A call through a pointer may run any `declare target ... indirect`
   function: one that writes through a declare target record's pointer
   that no item attached kept the host's address (main's emu 0 6, the host
   5 6); attached by enter data, the region is translated. */
#include <stdio.h>
struct S { int *p; int n; };
int buf[4], buf2[4];
struct S gs, hs;
#pragma omp declare target(gs, hs)
void f(void) { gs.p[0] = 5; }
void h(void) { hs.p[1] = 6; }
#pragma omp declare target to(f, h) indirect
int main(void) {
  void (*fp)(void) = f;
  void (*hp)(void) = h;
  gs.p = buf; gs.n = 4;
  hs.p = buf2; hs.n = 4;
#pragma omp target update to(gs)
#pragma omp target map(tofrom: buf[0:4])
  { fp(); }
#pragma omp target enter data map(to: hs, hs.p[0:4])
#pragma omp target enter data map(to: gs, gs.p[0:4])
#pragma omp target
  { hp(); }
#pragma omp target exit data map(from: hs.p[0:4], gs.p[0:4])
  printf("%d %d\n", buf[0], buf2[1]);
  return 0;
}
