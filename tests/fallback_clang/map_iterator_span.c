// Target regions whose `iterator` map item is one element of a pointer per
// value (`p[it]`): the section they make, mapped as the pointer's own item.
// Mapped apart, after the stub had translated p, the kernel's p was the
// host's (the emu printed the host's values: p[i] += 100 lost). Beside
// another item on the same pointer (`p[n/2:n/2]`, `p[0:n]`), or twice on one
// base (`v.data[it]` over two ranges), the region stays on the host
// [omp2cuda-host-clause]: one pointer cannot reach both (a crash or -nan on
// the emu before). A declare mapper that maps a member (`v.len`) without
// the variable keeps its region on the host too: the stub copies the
// variable in and never back, and v.len's 'from' was lost.
// GCC 12 does not accept the iterator modifier in map clauses, so the
// reference is clang 19's (fallback.differential_clang).
#include <stdio.h>
#include <stdlib.h>

#define N 64
typedef struct {
  int len;
  double *data;
} vec;
#pragma omp declare mapper(lenv : vec v) map(tofrom : v.len)                  \
    map(tofrom : v.data[0 : v.len])

static double sum(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * (i % 7 + 1);
  return s;
}

int main(void) {
  double a[N], b[N];
  double *p = a, *q = b;
  int n = N;
  for (int i = 0; i < N; ++i)
    a[i] = i, b[i] = -1;
#pragma omp target map(iterator(it = 0:n), tofrom: p[it])
  for (int i = 0; i < n; ++i)
    p[i] += 100;
  printf("1 %.1f\n", sum(a, N));
#pragma omp target map(iterator(it = 5:20), tofrom: p[it])
  for (int i = 5; i < 20; ++i)
    p[i] += 1000;
  printf("2 %.1f\n", sum(a, N));
#pragma omp target map(iterator(it = 30:10:-1), tofrom: p[it])
  for (int i = 11; i <= 30; ++i)
    p[i] -= 1;
  printf("3 %.1f\n", sum(a, N));
#pragma omp target map(iterator(it = 0:n), to: p[it])                          \
    map(iterator(it = 0:n), from: q[it])
  for (int i = 0; i < n; ++i)
    q[i] = p[i] + 0.5;
  printf("4 %.1f\n", sum(b, N));
#pragma omp target map(iterator(it = 0:n / 2), tofrom: p[it])                 \
    map(tofrom: p[n / 2:n / 2])
  for (int i = 0; i < n; ++i)
    p[i] = p[i] * 2 + 1;
  printf("5 %.1f\n", sum(a, N));
#pragma omp target map(iterator(it = 0:n), to: p[it]) map(from: p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] = p[i] * 2 + 1;
  printf("6 %.1f\n", sum(a, N));

  vec v;
  v.len = N;
  v.data = (double *)malloc(N * sizeof(double));
  for (int i = 0; i < N; ++i)
    v.data[i] = i;
  int h = 32;
#pragma omp target map(to: v) map(iterator(it = 0:h), tofrom: v.data[it])     \
    map(iterator(it = h:v.len), tofrom: v.data[it])
  for (int i = 0; i < v.len; ++i)
    v.data[i] += 1;
  printf("7 %.1f\n", sum(v.data, N));
  v.len = 16;
#pragma omp target map(mapper(lenv), tofrom: v)
  {
    for (int i = 0; i < v.len; ++i)
      v.data[i] += 10;
    v.len = 12;
  }
  printf("8 %.1f %d\n", sum(v.data, N), v.len);
  free(v.data);

  double m[4][8];
  for (int r = 0; r < 4; ++r)
    for (int j = 0; j < 8; ++j)
      m[r][j] = r * 10 + j;
#pragma omp target map(tofrom: m[0][0:8])                                     \
    map(iterator(it = 0:4), tofrom: m[it][0:n / 8])
  for (int r = 0; r < 4; ++r)
    for (int j = 0; j < 8; ++j)
      m[r][j] += 1;
#pragma omp target map(tofrom: m) map(iterator(it = 0:4), tofrom: m[it][0:8])
  for (int r = 0; r < 4; ++r)
    for (int j = 0; j < 8; ++j)
      m[r][j] *= 2;
  printf("9 %.1f\n", sum(&m[0][0], 32));

  double *lst[2];
  for (int r = 0; r < 2; ++r) {
    lst[r] = (double *)malloc(8 * sizeof(double));
    for (int i = 0; i < 8; ++i)
      lst[r][i] = i + 10 * r;
  }
#pragma omp target map(to: lst) map(iterator(it = 0:2), tofrom: lst[it][0:4])  \
    map(iterator(j = 0:2), tofrom: lst[j][4:4])
  for (int r = 0; r < 2; ++r)
    for (int i = 0; i < 8; ++i)
      lst[r][i] += 1;
  printf("10 %.1f %.1f\n", sum(lst[0], 8), sum(lst[1], 8));
  for (int r = 0; r < 2; ++r)
    free(lst[r]);
  return 0;
}
