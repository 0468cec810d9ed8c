// Constants that a region uses where C++ requires a constant expression:
// a template argument, an array bound, a std::array's size, `if
// constexpr`, static_assert, a case label and the initialiser of a
// constant. The kernel takes a constant as a parameter, which is no
// constant expression: there the kernel spells the constant's value
// instead (`twice<4>()`, `int buf[4]`), everywhere else the parameter.
#include <array>
#include <omp.h>
#include <stdio.h>

namespace cfg {
constexpr int N = 4;
enum Mode { Plain = 1, Scaled = 2 };
constexpr Mode mode = Scaled;
constexpr double half = 0.5;
constexpr long big = -5000000000L;
} // namespace cfg

struct K {
  static constexpr int W = 3;
};

template <int V> constexpr int twice() { return 2 * V; }

int main() {
  constexpr int L = 5;
  const int M = 6;
  int out[12] = {0};
#pragma omp target map(tofrom : out[0 : 12])
  {
    int buf[cfg::N];
    for (int i = 0; i < cfg::N; ++i)
      buf[i] = i * cfg::N;
    out[0] = twice<cfg::N>() + buf[3];
    if constexpr (cfg::N > 2)
      out[1] = 1;
    static_assert(cfg::N == 4, "four");
    int w[K::W] = {7, 8, 9};
    out[2] = w[2] + twice<K::W>();
    int l[L];
    l[L - 1] = L;
    out[3] = l[4] + twice<L>() + M;
    out[4] = twice<cfg::mode>();
    int m[cfg::mode];
    m[1] = 6;
    out[5] = m[1];
    std::array<int, cfg::N> a{};
    a[2] = 11;
    out[6] = a[2] + (int)a.size();
    constexpr double q = cfg::half * 3;
    out[7] = (int)(q * 2);
    const int r = M * 2;
    int rr[r];
    rr[r - 1] = r;
    out[8] = rr[11];
    switch (out[0] % 16) {
    case cfg::N:
      out[9] = 44;
      break;
    default:
      out[9] = 1;
    }
    constexpr long b = cfg::big / 1000;
    out[10] = (int)b;
    out[11] = cfg::N + L;
  }
  for (int i = 0; i < 12; ++i)
    printf("%d ", out[i]);
  printf("\n");
  int on_device = 0;
#pragma omp target map(from : on_device)
  on_device = !omp_is_initial_device();
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
