// An end declare variant spelled through _Pragma: the text's begin and end
// pragmas do not pair as the preprocessor's do (review rV of v18: the
// output hid the kind(host) block's g in #if 0, and the emu build printed
// g=3). clang-19 host: "r=1 host f=2 g=201".
#include <stdio.h>
#define END_VARIANT _Pragma("omp end declare variant")
#define BEGIN_HOST _Pragma("omp begin declare variant match(device = {kind(host)})")
int f(int x) { return x + 1; }
int g(int x) { return x + 2; }
#pragma omp begin declare variant match(device = {kind(gpu)})
int f(int x) { return x + 100; }
END_VARIANT
BEGIN_HOST
int g(int x) { return x + 200; }
#pragma omp end declare variant
int main(void) {
  int r = 0;
#pragma omp target map(from : r)
  r = 1;
  printf("r=%d host f=%d g=%d\n", r, f(1), g(1));
  return 0;
}
