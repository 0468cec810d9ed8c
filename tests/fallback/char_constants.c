// C gives a character constant the type int, C++ char: sizeof tells them
// apart (review rCG: the emu build printed "1 1" where gcc and clang print
// "4 4"). The translated .cu writes ((int)'a') where the size is taken.
#include <stdio.h>

int main(void) {
  int a[2] = {0, 0};
  int c = 1;
#pragma omp target map(tofrom: a)
  {
    a[0] = (int)sizeof('a');
    a[1] = (int)sizeof(c ? 'x' : 'y');
  }
  printf("%d %d %zu %zu %zu\n", a[0], a[1], sizeof 'b', sizeof(0, 'q'),
         sizeof('a' + 1));
  return 0;
}
