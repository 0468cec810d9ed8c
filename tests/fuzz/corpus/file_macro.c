// A region that comes out of a macro expansion.
#define ZERO_ALL(p, n)                                                         \
  _Pragma("omp target teams distribute parallel for map(from: buf[0:len])")   \
  for (int i = 0; i < (n); ++i)                                                \
    (p)[i] = 0.0;

void clear(double *buf, int len) { ZERO_ALL(buf, len) }
