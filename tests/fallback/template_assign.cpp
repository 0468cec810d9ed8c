// A region in a function template assigns a variable whose type depends on
// the template: OpenMP maps it tofrom when the instantiation makes it a class
// and makes it firstprivate when a scalar, so the region stays on the host
// (omp2cuda-host-type). It runs inside a device data environment that a
// translated region wrote. The host build and the translated program must
// print the same (before the fix: "1 2" against "5 6").
#include <cstdio>

struct P {
  int a, b;
};

template <class T> void setit(T &out, T v) {
  T loc = out;
#pragma omp target
  { loc = v; }
  out = loc;
}

int main() {
  const int N = 16;
  int d[N];
  for (int i = 0; i < N; i++)
    d[i] = i;
  P p{1, 2};
  int k = 1;
#pragma omp target data map(tofrom: d[0:N])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      d[i] *= 3;
    setit(p, P{5, 6});
    setit(k, 7);
  }
  int sum = 0;
  for (int i = 0; i < N; i++)
    sum += d[i];
  std::printf("%d %d %d %d\n", p.a, p.b, k, sum);
  return 0;
}
