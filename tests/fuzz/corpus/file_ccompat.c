// C that is not C++: implicit void* conversions, restrict, keywords as names.
#include <stdlib.h>

enum mode { FAST, SLOW };

double *make(int n, enum mode m) {
  double *restrict new = malloc(n * sizeof *new);
  int class = m == FAST ? 1 : 2;
  enum mode other = 1;
#pragma omp target teams distribute parallel for map(from: new[0:n])
  for (int i = 0; i < n; ++i)
    new[i] = class * i + other;
  return new;
}
