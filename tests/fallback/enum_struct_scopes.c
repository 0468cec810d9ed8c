/* Enumerations declared inside structs, which C declares in the scope
   around the struct and C++ inside it: in a header (enum_struct_scopes.h),
   in a function's struct that a kernel needs, in one without a name (its
   region stays on the host), and one of an unnamed enumeration type mapped
   to the device (review rC a8, b3). */
#include <stdio.h>

#include "enum_struct_scopes.h"

enum { MODE_A, MODE_B, MODE_C } mode = MODE_C;

int main(void) {
  struct reading rd;
  rd.unit = KELVIN;
  rd.value = 7;
  enum unit u = CELSIUS;
  struct sample { enum level { LOW = 1, HIGH } level; int n; } s = {HIGH, 3};
  enum level l = LOW;
  struct { enum shade { DARK = 4, LIGHT } shade; } c = {LIGHT};
  int r = 0, q = 0, m = 0;
#pragma omp target data map(tofrom: r, q, m)
  {
#pragma omp target map(to: rd, u, s, mode) map(tofrom: r, q, m)
    {
      r = rd.unit * 100 + u * 10 + rd.value;
      q = s.level * 10 + s.n;
      m = mode - 1;
    }
#pragma omp target map(to: c) map(tofrom: q)
    q += c.shade * 1000;
  }
  printf("%d %d %d %d %d\n", r, q, m, l, c.shade == LIGHT);
  return 0;
}
