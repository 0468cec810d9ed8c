/* Known failure (fallback fuzz, feature extern-decl): in a C file that has
   target regions (and so becomes C++), a function declaration spelled with
   `extern` gets the C-linkage prefix in front of the keyword:
     extern "C" extern int twice(int x);
   GCC rejects it ("invalid use of 'extern' in linkage specification"); clang
   only warns (duplicate 'extern'), so since omp2cuda-cc compiles with
   clang++-19 by default this shows with --host-compiler=g++:
   fallback-fuzz-flags: --host-compiler=g++ */
#include <stdio.h>

extern int twice(int x);
int twice(int x) { return 2 * x; }

int main(void) {
  int t = 1;
#pragma omp target map(tofrom: t)
  t = twice(t);
  printf("%d\n", t);
  return 0;
}
