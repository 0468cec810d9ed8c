// A class template whose parameters are constrained by qualified concepts
// (`std::integral T`, `::shapes::Small U`, a concept with arguments, a
// constrained `auto` value) and a requires clause, with a region in a
// member defined in the class: the class is declared ahead of the kernels
// (ClassAhead), and that declaration and the kernel templates spell each
// concept with its qualifier and repeat the requires clause, or the
// redeclaration names another template (review finding).
// exec-std: c++20
#include <omp.h>
#include <concepts>
#include <cstdio>

namespace shapes {
template <class T> concept Small = sizeof(T) <= 8;
}

template <std::integral T, ::shapes::Small U, std::convertible_to<long> V,
          std::integral auto N>
  requires std::signed_integral<T>
struct Table {
  T cells[64];
  int on_device = 0;
  void fill(U scale, V shift) {
    T *c = cells;
    int dev = 0;
#pragma omp target teams distribute parallel for map(from: c[0:64]) map(tofrom: dev)
    for (int i = 0; i < 64; ++i) {
      c[i] = (T)(i * scale + shift + N) + (T)sizeof(Table) % 7;
      if (i == 0)
        dev = !omp_is_initial_device();
    }
    on_device = dev;
  }
};

int main() {
  Table<int, short, long, 3> a;
  Table<long, char, int, -2> b;
  a.fill(2, 5);
  b.fill(3, 1);
  long sum = 0;
  for (int i = 0; i < 64; ++i)
    sum += a.cells[i] * 3 + b.cells[i];
  std::printf("sum %ld a[63] %d b[63] %ld\n", sum, a.cells[63], b.cells[63]);
  std::fprintf(stderr, a.on_device && b.on_device ? "ran on the device\n"
                                                  : "ran on the host\n");
  return 0;
}
