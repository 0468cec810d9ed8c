// Regions left on the host in templates, where Clang makes a variable
// firstprivate in some instantiations and maps it in others, by its type
// (review rv40 f04: T t an int, then a struct): the fallback keeps the
// host's value where std::is_scalar holds. And static data members of class
// template specializations (rv40 f05), named with their arguments.
#include <cstdio>
#include <cstdlib>
struct Agg { int a; Agg operator+(int k) const { return {a + k}; } operator int() const { return a; } };
struct V2 { double x, y; };
template <class T> double pick(T v) { return (double)v; }
template <> double pick<V2>(V2 v) { return v.x + v.y; }
template <class T> int tf(T t0) {
  T t = t0;
  int out[1] = {0};
#pragma omp target enter data map(to: t)
  t = t + 5;
#pragma omp target map(tofrom: out[0:1])
  { if (getenv("NOPE_X")) out[0]++; out[0] = (int)t; }
#pragma omp target exit data map(delete: t)
  return out[0];
}
template <class T> double tg(T t0, T bump) {
  T t = t0;
  double out[1] = {0};
#pragma omp target enter data map(to: t)
  t = bump;
#pragma omp target map(tofrom: out[0:1])
  { if (getenv("NOPE_X")) out[0]++; out[0] = pick(t); }
#pragma omp target exit data map(delete: t)
  return out[0];
}
namespace ns {
template <class T, int N> struct Tab { static T v; struct In { static double d; }; };
template <class T, int N> T Tab<T, N>::v = 1;
template <class T, int N> double Tab<T, N>::In::d = 1;
}
template <class T> struct Box { static T sm; };
template <class T> T Box<T>::sm = 1;
static int sg = 1;
// A mapped object whose class overloads operator&, beside a firstprivate:
// the fallback takes its address with __builtin_addressof.
struct Odd { int v[2]; int operator&() const { return 0; } };
template <class T> int withOdd(T t0, T t1) {
  T t = t0;
  Odd o = {{1, 2}};
  int k = 3, out[1] = {0};
#pragma omp target enter data map(to: t, k)
  t = t1; k = 4;
#pragma omp target map(tofrom: out[0:1], o)
  { if (getenv("NOPE_X")) out[0]++; out[0] = (int)sizeof(t) + k + o.v[1]; }
#pragma omp target exit data map(delete: t, k)
  return out[0];
}
int main() {
  // The struct instantiations read the device's stale copy under any
  // offloading implementation: their results are not printed.
  int r1 = tf(10);
  (void)tf(Agg{20});
  double r2 = tg(1.5, 7.25), r3 = tg<long>(3, 11), r4 = tg<char>(3, 12);
  (void)tg(V2{1, 2}, V2{3, 4});
  std::printf("templates %d %g %g %g %d %d\n", r1, r2, r3, r4, withOdd(1, 2),
              withOdd(V2{1, 2}, V2{3, 4}));
  double out[4] = {0};
#pragma omp target enter data map(to: Box<int>::sm, sg, ns::Tab<float, 2>::v, ns::Tab<float, 2>::In::d)
  Box<int>::sm = 9; sg = 7; ns::Tab<float, 2>::v = 9.5f; ns::Tab<float, 2>::In::d = 8.5;
#pragma omp target map(tofrom: out[0:4])
  { if (getenv("NOPE_X")) out[0]++; out[0] = Box<int>::sm; out[1] = sg; out[2] = ns::Tab<float, 2>::v; out[3] = ns::Tab<float, 2>::In::d; }
#pragma omp target exit data map(delete: Box<int>::sm, sg, ns::Tab<float, 2>::v, ns::Tab<float, 2>::In::d)
  std::printf("static members %g %g %g %g\n", out[0], out[1], out[2], out[3]);
}
