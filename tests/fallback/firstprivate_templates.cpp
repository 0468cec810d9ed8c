// Regions left on the host in templates and generic lambdas read present
// scalars firstprivate: the host's values, not the device's stale copies
// (Clang makes the implicit clauses per instantiation only).
#include <cstdio>
#include <cstdlib>
double gdt = 1.0;
template <class T> T scaled(T *u, int n) {
#pragma omp target
  { for (int i = 0; i < n; i++) u[i] += (T)gdt; if (u[0] < 0) abort(); }
  return u[0];
}
int main() {
  double u[4] = {0};
  int w[4] = {0};
  int k = 1;
#pragma omp target data map(tofrom: u, w) map(to: gdt, k)
  {
    for (int s = 0; s < 3; s++) {
      gdt *= 2;
      scaled(u, 4);
      scaled(w, 4);
    }
    k = 5;
    auto g = [&](auto d) {
#pragma omp target map(tofrom: d)
      { d += k; if (d < 0) abort(); }
      return d;
    };
    std::printf("%d %g\n", g(1), g(0.5));
  }
  std::printf("%g %d\n", u[0], w[3]);
}
