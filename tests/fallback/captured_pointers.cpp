// A region left on the host (it calls a function defined elsewhere, here
// made opaque by a volatile function pointer) inside a device data
// environment reaches mapped arrays only through a struct and a lambda; a
// translated region before it wrote them on the device. The host build and
// the translated program must print the same.
#include <cstdio>

static int twice(int v) { return 2 * v; }
int (*volatile opaque)(int) = twice;

struct View {
  int *p;
  int n;
};

int main() {
  const int N = 64;
  int a[N], b[N];
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 0;
  }
  View v{a, N};
  auto at = [q = b](int i) -> int & { return q[i]; };
#pragma omp target data map(tofrom: a[0:N], b[0:N])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      a[i] += 100;
#pragma omp target map(tofrom: v) // left on the host: a function pointer
    for (int i = 0; i < v.n; i++)
      at(i) = opaque(v.p[i]);
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      b[i] += 1;
  }
  long s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] + b[i];
  std::printf("a[5]=%d b[5]=%d sum=%ld\n", a[5], b[5], s);
  return 0;
}
