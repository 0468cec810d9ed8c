// Data constructs out of macros: a macro used as a statement of its own is
// replaced at its use; one whose expansion also defines a function around
// the directive has the runtime call written into its #define (once, for
// every expansion).
#include <stdio.h>
#define DO_PRAGMA(x) _Pragma(#x)
#define PUSH2(v, m) DO_PRAGMA(omp target update to(v[0:m]))
#define PUSH _Pragma("omp target update to(a[0:n])")
#define DEF(name) void name(double *a, int n) { PUSH }
DEF(push_it)
DEF(push_again)

int main(void) {
  double a[16];
  int n = 16, i;
  for (i = 0; i < n; i++)
    a[i] = i;
#pragma omp target data map(tofrom: a[0:n])
  {
    PUSH
#pragma omp target teams distribute parallel for
    for (i = 0; i < n; i++)
      a[i] += 1;
    push_it(a, n);
    PUSH2(a, n) printf("pushed\n");
  }
  printf("a[5]=%g\n", a[5]);
  return 0;
}
