// A mapped array's or section base's address passed on by a statement
// expression, _Generic, __builtin_choose_expr or __builtin_assume_aligned
// into storage the host reads (review of v20: host 1, emu 0): the region
// stays on the host. Dereferenced only through the same
// constructs, it is translated; either way the host build's answers.
#include <stdio.h>

int main(void) {
  int a[8] = {0}, buf[8] = {0};
  int *p = buf;
  int *s[1] = {0};
#pragma omp target map(tofrom: a, s)
  { s[0] = ({ &a[0]; }); a[1] = 1; }
  printf("statement expression %d\n", s[0] == &a[0]);
  s[0] = 0;
#pragma omp target map(tofrom: p[0:8], s)
  { s[0] = _Generic(p, int *: p); p[1] = 1; }
  printf("_Generic %d\n", s[0] == p);
  s[0] = 0;
#pragma omp target map(tofrom: p[0:8], s)
  { s[0] = __builtin_choose_expr(1, p, 0); p[1] = 1; }
  printf("choose_expr %d\n", s[0] == p);
  s[0] = 0;
#pragma omp target map(tofrom: a, s)
  { s[0] = (int *)__builtin_assume_aligned(a, 4); a[1] = 1; }
  printf("assume_aligned %d\n", s[0] == &a[0]);
#pragma omp target map(tofrom: a)
  {
    ({ a; })[2] = 2;
    _Generic(a, default: a)[3] = 3;
    __builtin_choose_expr(0, 0, a)[4] = 4;
    ((int *)__builtin_assume_aligned(a, 4))[5] = 5;
  }
  for (int i = 0; i < 8; ++i)
    printf("%d %d\n", a[i], buf[i]);
  return 0;
}
