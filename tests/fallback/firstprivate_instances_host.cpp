// A template whose instantiations do not all name a variable (a discarded
// `if constexpr` branch, review rv40 f13) makes it firstprivate in some and
// not in others, by no test of its type: the program runs on the host
// (omp2cuda-host-program), and prints the host build's values.
#include <cstdio>
#include <cstdlib>
#include <type_traits>
int gk = 1;
template <class T> int tf(T k) {
  int x = 1;
  int out[1] = {0};
#pragma omp target enter data map(to: x)
  x = 15;
#pragma omp target map(tofrom: out[0:1])
  {
    if (getenv("NOPE_X")) out[0]++;
    if constexpr (std::is_same_v<T, int>) out[0] = x + k; else out[0] = (int)k;
  }
#pragma omp target exit data map(delete: x)
  return out[0];
}
template <class T> int tg(T k) {
  int out[1] = {0};
#pragma omp target enter data map(to: gk)
  gk = 30;
#pragma omp target map(tofrom: out[0:1])
  {
    if (getenv("NOPE_X")) out[0]++;
    if constexpr (std::is_integral_v<T>) out[0] = gk + (int)k; else out[0] = (int)k;
  }
#pragma omp target exit data map(delete: gk)
  return out[0];
}
int main() { std::printf("%d %d %d %d\n", tf(0), tf(2.0), tg(1), tg(2.5)); }
