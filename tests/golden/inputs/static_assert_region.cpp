// A static_assert in a region: its message is a string literal of no type,
// which crashed the device-call check (review b21, t3s.cpp).
#include <cstdio>
int main() {
  int out[8];
#pragma omp target map(from : out[0 : 8])
  for (int i = 0; i < 8; ++i) {
    static_assert(sizeof(int) == 4, "int is 4 bytes");
    out[i] = i;
  }
  printf("%d\n", out[3]);
  return 0;
}
